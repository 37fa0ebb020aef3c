import { and, eq, inArray } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { treatmentProjects, treatments } from './patients.tables';

/**
 * What the statistics read model reads of prescriptions (the patients module's face for it): the project template
 * and name of prescribed projects, to put revenue per prescribed project under its template.
 */
export async function projectTemplatesOf(
  db: TxOrDb,
  organizationId: number,
  projectIds: readonly number[],
): Promise<Map<number, { templateId: number | null; name: string }>> {
  const wanted = [...new Set(projectIds)];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: treatmentProjects.id, templateId: treatmentProjects.templateId, name: treatmentProjects.name })
    .from(treatmentProjects)
    .where(and(inArray(treatmentProjects.id, wanted), eq(treatmentProjects.organizationId, organizationId)));
  return new Map(rows.map((r) => [r.id, { templateId: r.templateId, name: r.name }]));
}

/** The courses of the organization by id: the patient type (1 outpatient, 2 inpatient) and the visit numbers. */
export async function courseFacts(db: TxOrDb, organizationId: number, treatmentIds: readonly number[]) {
  const wanted = [...new Set(treatmentIds)];
  if (!wanted.length) return new Map<number, { patientType: number; courseNo: string | null }>();
  const rows = await db
    .select({
      id: treatments.id,
      patientType: treatments.patientType,
      outpatientNo: treatments.outpatientNo,
      inpatientNo: treatments.inpatientNo,
    })
    .from(treatments)
    .where(and(inArray(treatments.id, wanted), eq(treatments.organizationId, organizationId)));
  return new Map(
    rows.map((r) => [
      r.id,
      { patientType: r.patientType, courseNo: (r.patientType === 2 ? r.inpatientNo : r.outpatientNo) ?? null },
    ]),
  );
}
