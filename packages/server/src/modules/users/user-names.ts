import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/**
 * The name of the user whose id is `id` (a column of the caller's query), as a correlated scalar subquery (null when
 * none): how a list shows who did something, and sorts or filters by it, in its own single query.
 */
export function userNameSql(id: SQLWrapper): SQL<string> {
  return sql<string>`(select ${users.name} from ${users} where ${users.id} = ${id})`;
}

/** The enabled members of an organization, by name then id (`ids`: only those of them). */
export function activeMembers(
  db: TxOrDb,
  organizationId: number,
  ids?: readonly number[],
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(
      userOrganizations,
      and(eq(userOrganizations.userId, users.id), eq(userOrganizations.organizationId, organizationId)),
    )
    .where(and(ids ? inArray(users.id, [...ids]) : undefined, eq(users.status, 1)))
    .orderBy(asc(users.name), asc(users.id));
}

/** Which of some users are members of an organization. */
export async function membersAmong(db: TxOrDb, organizationId: number, userIds: readonly number[]): Promise<number[]> {
  if (!userIds.length) return [];
  const rows = await db
    .select({ userId: userOrganizations.userId })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.organizationId, organizationId), inArray(userOrganizations.userId, [...userIds])));
  return rows.map((r) => r.userId);
}
