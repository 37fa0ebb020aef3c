import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { users } from '../users/users.tables';
import { roles, userRoles } from './roles.tables';

/** How a staff list is sorted: by name (ties in no set order), by name then id, or by id. */
export type StaffOrder = 'name' | 'name-id' | 'id';

/**
 * The active staff (enabled users) of an organization holding one of `roleIds` there, each once, with their names:
 * the therapists of the scheduling board, the treating staff of the pickers. `ids` limits the answer to those users
 * (a caller checking ids compares the counts); `order` sorts it, unsorted by default.
 */
export function staffWithRoles(
  db: TxOrDb,
  organizationId: number,
  roleIds: readonly number[],
  options: { ids?: readonly number[]; order?: StaffOrder } = {},
): Promise<{ id: number; name: string }[]> {
  const query = db
    .selectDistinct({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        options.ids ? inArray(users.id, [...options.ids]) : undefined,
        eq(userRoles.organizationId, organizationId),
        inArray(userRoles.roleId, [...roleIds]),
        eq(users.status, 1),
      ),
    );
  switch (options.order) {
    case 'name':
      return query.orderBy(asc(users.name));
    case 'name-id':
      return query.orderBy(asc(users.name), asc(users.id));
    case 'id':
      return query.orderBy(asc(users.id));
    default:
      return query;
  }
}

/** The names of roles by id (the name stored in Chinese, or in the caller's language where it has one). */
export async function roleNames(db: TxOrDb, ids: readonly number[], locale: 'zh-CN' | 'en' = 'zh-CN') {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map<number, string>();
  const rows = await db
    .select({ id: roles.id, name: roles.name, nameLang: roles.nameLang })
    .from(roles)
    .where(inArray(roles.id, wanted));
  return new Map(rows.map((r) => [r.id, (r.nameLang as Record<string, string> | null)?.[locale] || r.name]));
}

/** The roles usable in an organization (the platform roles and its own), by id, named in the reader's language. */
export async function rolesUsableIn(db: TxOrDb, organizationId: number, locale: 'zh-CN' | 'en') {
  const rows = await db
    .select({ id: roles.id, name: roles.name, nameLang: roles.nameLang })
    .from(roles)
    .where(or(isNull(roles.organizationId), eq(roles.organizationId, organizationId)))
    .orderBy(asc(roles.id));
  return rows.map((r) => ({ id: r.id, name: r.nameLang[locale] || r.name }));
}

/** `staffWithRoles` with each one's phone, by name then id: a staff list that shows how to reach them. */
export function staffContacts(
  db: TxOrDb,
  organizationId: number,
  roleIds: readonly number[],
): Promise<{ id: number; name: string; phone: string }[]> {
  return db
    .selectDistinct({ id: users.id, name: users.name, phone: users.phone })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(eq(userRoles.organizationId, organizationId), inArray(userRoles.roleId, [...roleIds]), eq(users.status, 1)),
    )
    .orderBy(asc(users.name), asc(users.id));
}
