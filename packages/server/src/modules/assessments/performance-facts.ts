import { and, eq, sql } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { assessProjects, assessRecords } from './assessments.tables';

/**
 * What performance (绩效) reads of assessments (the assessments module's face for it): per user, the assessments
 * they submitted in a month on the clinic's clock (`timeZone`).
 */
export async function assessmentsBySubmitter(db: TxOrDb, organizationId: number, month: string, timeZone: string) {
  const rows = await db
    .select({ userId: assessRecords.submittedBy, n: sql<number>`count(*)` })
    .from(assessRecords)
    .innerJoin(assessProjects, eq(assessProjects.id, assessRecords.projectId))
    .where(
      and(
        eq(assessProjects.organizationId, organizationId),
        eq(assessRecords.state, 2),
        sql`${assessRecords.submittedBy} IS NOT NULL`,
        sql`to_char(${assessRecords.submittedAt} AT TIME ZONE ${timeZone}, 'YYYY-MM') = ${month}`,
      ),
    )
    .groupBy(assessRecords.submittedBy);
  return new Map(rows.map((r) => [r.userId!, Number(r.n)]));
}

/** Per clinic day of a month: the assessments a user submitted. */
export async function assessmentsDaily(
  db: TxOrDb,
  organizationId: number,
  userId: number,
  month: string,
  timeZone: string,
) {
  const day = sql<string>`to_char(${assessRecords.submittedAt} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, n: sql<number>`count(*)` })
    .from(assessRecords)
    .innerJoin(assessProjects, eq(assessProjects.id, assessRecords.projectId))
    .where(
      and(
        eq(assessProjects.organizationId, organizationId),
        eq(assessRecords.state, 2),
        eq(assessRecords.submittedBy, userId),
        sql`to_char(${assessRecords.submittedAt} AT TIME ZONE ${timeZone}, 'YYYY-MM') = ${month}`,
      ),
    )
    .groupBy(sql`1`); // the day column (a parameterized expression is not the same GROUP BY term)
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}
