import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { RoleId } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { userOrganizations } from '../users/users.tables';
import { roles, userRoles } from './roles.tables';

/** The members of an organization holding one of `roleIds` there (any role when empty), each once. */
export async function membersHoldingRoles(
  db: TxOrDb,
  organizationId: number,
  roleIds: readonly number[],
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: userRoles.userId })
    .from(userRoles)
    .where(
      and(
        eq(userRoles.organizationId, organizationId),
        roleIds.length ? inArray(userRoles.roleId, [...roleIds]) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/** Every role a user holds, in which organization. */
export function rolesHeldBy(db: TxOrDb, userId: number): Promise<{ organizationId: number; roleId: number }[]> {
  return db
    .select({ organizationId: userRoles.organizationId, roleId: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
}

/** The roles some users hold but `except`, with where and their names (as stored, with `nameLang`), by role id. */
export function rolesOfUsers(db: TxOrDb, userIds: readonly number[], except: number) {
  return db
    .select({
      userId: userRoles.userId,
      organizationId: userRoles.organizationId,
      name: roles.name,
      nameLang: roles.nameLang,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.userId, [...userIds]), ne(userRoles.roleId, except)))
    .orderBy(asc(roles.id));
}

/** Roles by id with their names as stored (`name`, `nameLang`), in no set order. */
export async function rolesByIds(db: TxOrDb, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: roles.id, name: roles.name, nameLang: roles.nameLang })
    .from(roles)
    .where(inArray(roles.id, [...ids]));
}

/**
 * The platform roles (of no single organization) but the super administrator's, by id, with their names as stored;
 * `ids` keeps those among them.
 */
export function platformRoles(db: TxOrDb, ids?: readonly number[]) {
  return db
    .select({ id: roles.id, name: roles.name, nameLang: roles.nameLang })
    .from(roles)
    .where(
      and(ids ? inArray(roles.id, [...ids]) : undefined, isNull(roles.organizationId), ne(roles.id, RoleId.superAdmin)),
    )
    .orderBy(asc(roles.id));
}

/**
 * Who holds which role in an organization, by user then role: the demo data's picks, the roles shown beside members;
 * `roleIds` keeps those roles, `userIds` those users.
 */
export function roleHoldersIn(
  db: TxOrDb,
  organizationId: number,
  only: { roleIds?: readonly number[]; userIds?: readonly number[] } = {},
): Promise<{ userId: number; roleId: number }[]> {
  return db
    .select({ userId: userRoles.userId, roleId: userRoles.roleId })
    .from(userRoles)
    .where(
      and(
        eq(userRoles.organizationId, organizationId),
        only.roleIds ? inArray(userRoles.roleId, [...only.roleIds]) : undefined,
        only.userIds ? inArray(userRoles.userId, [...only.userIds]) : undefined,
      ),
    )
    .orderBy(asc(userRoles.userId), asc(userRoles.roleId));
}

/** Whether a member of the organization holds the role there. */
export async function memberHoldsRole(
  db: TxOrDb,
  organizationId: number,
  userId: number,
  roleId: number,
): Promise<boolean> {
  const [hit] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(
      userOrganizations,
      and(eq(userOrganizations.userId, userRoles.userId), eq(userOrganizations.organizationId, organizationId)),
    )
    .where(
      and(eq(userRoles.userId, userId), eq(userRoles.organizationId, organizationId), eq(userRoles.roleId, roleId)),
    )
    .limit(1);
  return Boolean(hit);
}
