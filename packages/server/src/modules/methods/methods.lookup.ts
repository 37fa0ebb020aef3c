import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { assessmentMethods } from './methods.tables';

/** The organization's enabled assessment methods in their order (whole rows). */
export function enabledMethods(db: TxOrDb, organizationId: number) {
  return db
    .select()
    .from(assessmentMethods)
    .where(and(eq(assessmentMethods.organizationId, organizationId), eq(assessmentMethods.status, 1)))
    .orderBy(asc(assessmentMethods.sort), asc(assessmentMethods.id));
}

/** The organization's assessment methods (whole rows, in no set order); `ids`: those of them. */
export function methodsOfOrganization(db: TxOrDb, organizationId: number, ids?: readonly number[]) {
  return db
    .select()
    .from(assessmentMethods)
    .where(
      and(
        ids ? inArray(assessmentMethods.id, [...ids]) : undefined,
        eq(assessmentMethods.organizationId, organizationId),
      ),
    );
}

/**
 * The Chinese (`name`) or English (`nameEn`) name of the method whose id is `id` (a column of the caller's query),
 * as a correlated scalar subquery: how a list shows and filters by the method's name in its own single query.
 */
export function methodNameSql(id: SQLWrapper, field: 'name' | 'nameEn' = 'name'): SQL<string> {
  return sql<string>`(select ${assessmentMethods[field]} from ${assessmentMethods} where ${assessmentMethods.id} = ${id})`;
}
