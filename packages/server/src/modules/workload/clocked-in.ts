import { and, eq } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { clockIns } from './workload.tables';

/** The staff who clocked in at the organization on a clinic day (the big screen's therapists on duty). */
export async function clockedInOn(db: TxOrDb, organizationId: number, day: string): Promise<number[]> {
  const rows = await db
    .select({ userId: clockIns.userId })
    .from(clockIns)
    .where(and(eq(clockIns.organizationId, organizationId), eq(clockIns.checkDate, day)));
  return rows.map((r) => r.userId);
}
