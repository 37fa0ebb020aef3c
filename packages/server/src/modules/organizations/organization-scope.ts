import { eq } from 'drizzle-orm';
import { RoleId } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { organizations } from './organizations.tables';
import type { SessionContext } from '../../http/session';

/** The platform super administrator (role 1 in the session): sees and assigns every organization. */
export const isSuperSession = (session: SessionContext) => session.roleIds.includes(RoleId.superAdmin);

type Tree = { id: number; parentId: number | null }[];

/** The ids of an organization and every organization below it. */
export function subtreeIds(rows: Tree, rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.parentId !== null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  }
  const out: number[] = [];
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.includes(id)) continue;
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/**
 * Organizations an administrator may see and manage: all for the super administrator, otherwise the current
 * organization and the organizations below it.
 */
export async function manageableOrganizationIds(app: AppContext | { db: Db }, session: SessionContext) {
  const rows = await app.db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations);
  if (isSuperSession(session)) return rows.map((r) => r.id);
  return subtreeIds(rows, session.organizationId!);
}

export async function organizationExists(db: Db, id: number) {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id)).limit(1);
  return Boolean(row);
}
