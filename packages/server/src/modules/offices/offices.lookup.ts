import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { userOffices } from '../users/users.tables';
import { offices } from './offices.tables';

/** The departments of the organization with their names in the reader's language, in their order. */
export async function officesOfOrganization(db: TxOrDb, organizationId: number, locale: string) {
  const rows = await db
    .select({ id: offices.id, name: offices.name, nameLang: offices.nameLang })
    .from(offices)
    .where(eq(offices.organizationId, organizationId))
    .orderBy(asc(offices.orderNum), asc(offices.id));
  return rows.map((r) => ({ id: r.id, name: (r.nameLang as Record<string, string>)[locale] || r.name }));
}

/** The names of an organization's offices by id, in the reader's language (a picker, a list showing where). */
export async function officeNames(db: TxOrDb, organizationId: number, locale = 'zh-CN'): Promise<Map<number, string>> {
  return new Map((await officesOfOrganization(db, organizationId, locale)).map((o) => [o.id, o.name]));
}

/** Whether an office is one of the organization's. */
export async function isOfficeOf(db: TxOrDb, organizationId: number, officeId: number): Promise<boolean> {
  const rows = await db
    .select({ id: offices.id })
    .from(offices)
    .where(and(eq(offices.id, officeId), eq(offices.organizationId, organizationId)))
    .limit(1);
  return rows.length > 0;
}

/** The organization's offices some users belong to, in the offices' order, named in the reader's language. */
export async function officesOfUsers(db: TxOrDb, organizationId: number, userIds: readonly number[], locale: string) {
  if (!userIds.length) return [];
  const rows = await db
    .select({ userId: userOffices.userId, name: offices.name, nameLang: offices.nameLang })
    .from(userOffices)
    .innerJoin(offices, eq(offices.id, userOffices.officeId))
    .where(and(eq(offices.organizationId, organizationId), inArray(userOffices.userId, [...userIds])))
    .orderBy(asc(offices.orderNum), asc(offices.id));
  return rows.map((r) => ({ userId: r.userId, name: (r.nameLang as Record<string, string>)?.[locale] || r.name }));
}
