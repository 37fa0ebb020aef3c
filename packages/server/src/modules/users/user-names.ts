import { and, eq, inArray } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { userOrganizations, users } from './users.tables';

/** The names of users by id (nulls and repeats allowed), for lists that show who did something. */
export async function userNames(db: TxOrDb, ids: readonly (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether a user belongs to an organization (a member of it). */
export async function isMemberOf(db: TxOrDb, organizationId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: userOrganizations.userId })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.organizationId, organizationId), eq(userOrganizations.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** The organizations a user belongs to (a member of), by id. */
export async function organizationsOf(db: TxOrDb, userId: number): Promise<number[]> {
  const rows = await db
    .select({ organizationId: userOrganizations.organizationId })
    .from(userOrganizations)
    .where(eq(userOrganizations.userId, userId));
  return rows.map((r) => r.organizationId);
}
