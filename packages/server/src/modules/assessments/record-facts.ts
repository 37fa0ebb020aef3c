import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { assessProjects, assessRecords } from './assessments.tables';

export type SubmittedAssessmentFact = {
  /** the assessment project */
  id: number;
  treatmentId: number;
  reportName: string;
  scaleCode: string;
  total: string | null;
  bandZh: string | null;
  bandEn: string | null;
  submittedAt: Date | null;
};

/**
 * The submitted assessment results of a patient of one organization, newest first (the assessments module's face
 * for the remote consultation's attached materials); `ids` limits them to those projects.
 */
export async function submittedAssessmentsOfPatient(
  db: TxOrDb,
  organizationId: number,
  patientId: number,
  ids?: readonly number[],
): Promise<SubmittedAssessmentFact[]> {
  const rows = await db
    .select({
      id: assessProjects.id,
      treatmentId: assessProjects.treatmentId,
      reportName: assessProjects.reportName,
      scaleCode: assessProjects.scaleCode,
      total: assessRecords.total,
      band: assessRecords.band,
      submittedAt: assessRecords.submittedAt,
    })
    .from(assessProjects)
    .innerJoin(assessRecords, eq(assessRecords.projectId, assessProjects.id))
    .where(
      and(
        eq(assessProjects.organizationId, organizationId),
        eq(assessProjects.patientId, patientId),
        eq(assessRecords.state, 2),
        ids ? inArray(assessProjects.id, ids.length ? [...ids] : [0]) : undefined,
      ),
    )
    .orderBy(desc(assessRecords.submittedAt), desc(assessProjects.id));
  return rows.map(({ band, ...r }) => ({ ...r, bandZh: band?.labelZh ?? null, bandEn: band?.labelEn ?? null }));
}
