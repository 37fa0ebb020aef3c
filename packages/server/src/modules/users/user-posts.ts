import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { rowIdsSql, rowNameSql } from '../master-data';
import { userRoles } from '../roles/roles.tables';
import { userOrganizations, users } from './users.tables';

/**
 * The enabled users holding `roleId` in the organization, each once, by name then id, with the post small type each
 * holds there (`postSmallType`, its id, and `postSmallTypeName` in the reader's language, or null); `postSmallType`
 * keeps the holders of that one.
 */
export function staffWithPostSmallType(
  db: TxOrDb,
  organizationId: number,
  roleId: number,
  locale: Locale,
  postSmallType?: number,
): Promise<{ id: number; name: string; postSmallType: number | null; postSmallTypeName: string | null }[]> {
  return db
    .selectDistinct({
      id: users.id,
      name: users.name,
      postSmallType: userOrganizations.postSmallTypeId,
      postSmallTypeName: rowNameSql('postSmallType', userOrganizations.postSmallTypeId, locale),
    })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(
      userOrganizations,
      and(eq(userOrganizations.userId, users.id), eq(userOrganizations.organizationId, organizationId)),
    )
    .where(
      and(
        eq(userRoles.organizationId, organizationId),
        eq(userRoles.roleId, roleId),
        eq(users.status, 1),
        postSmallType === undefined ? undefined : eq(userOrganizations.postSmallTypeId, postSmallType),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** The enabled members of the organization whose post type there has the code `code`, by name then id. */
export function membersWithPostCode(
  db: TxOrDb,
  organizationId: number,
  code: number,
): Promise<{ id: number; name: string; postTypeId: number | null }[]> {
  return db
    .select({ id: users.id, name: users.name, postTypeId: userOrganizations.postTypeId })
    .from(users)
    .innerJoin(userOrganizations, eq(userOrganizations.userId, users.id))
    .where(
      and(
        eq(userOrganizations.organizationId, organizationId),
        inArray(userOrganizations.postTypeId, rowIdsSql('postType', { code })),
        eq(users.status, 1),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * The enabled members of an organization with each role they hold there, a row per role, by user id (`userId`: that
 * member only): who holds a permission in the organization.
 */
export function membersWithRoles(
  db: TxOrDb,
  organizationId: number,
  userId?: number,
): Promise<{ id: number; name: string; roleId: number }[]> {
  return db
    .select({ id: users.id, name: users.name, roleId: userRoles.roleId })
    .from(users)
    .innerJoin(
      userOrganizations,
      and(eq(userOrganizations.userId, users.id), eq(userOrganizations.organizationId, organizationId)),
    )
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.organizationId, organizationId)))
    .where(and(userId === undefined ? undefined : eq(users.id, userId), eq(users.status, 1)))
    .orderBy(asc(users.id));
}
