import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { organizations } from '../organizations/organizations.tables';
import { userRoles } from '../roles/roles.tables';
import { users } from './users.tables';
import { escapeLike } from '../../db/like';

/**
 * One page of the holders of a role, a row per organization where they hold it (by organization, then user), with
 * the account and the organization's names as stored; `organizationId`, `status` and `keyword` (in the name or the
 * phone) narrow it. How the platform lists every organization's administrators.
 */
export async function holdersOfRole(
  db: TxOrDb,
  roleId: number,
  q: { organizationId?: number; status?: number; keyword?: string; page: number; limit: number },
) {
  const where: SQL[] = [eq(userRoles.roleId, roleId)];
  if (q.organizationId !== undefined) where.push(eq(userRoles.organizationId, q.organizationId));
  if (q.status !== undefined) where.push(eq(users.status, q.status));
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    where.push(or(ilike(users.name, like), ilike(users.phone, like))!);
  }
  const condition = and(...where);
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(userRoles).innerJoin(users, eq(users.id, userRoles.userId)).where(condition),
    db
      .select({
        userId: users.id,
        name: users.name,
        phone: users.phone,
        email: users.email,
        status: users.status,
        createdAt: users.createdAt,
        organizationId: organizations.id,
        organizationName: organizations.name,
        organizationNameLang: organizations.nameLang,
      })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .innerJoin(organizations, eq(organizations.id, userRoles.organizationId))
      .where(condition)
      .orderBy(asc(organizations.id), asc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}
