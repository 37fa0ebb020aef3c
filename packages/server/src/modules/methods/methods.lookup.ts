import { and, asc, eq } from 'drizzle-orm';
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
