import { and, desc, eq } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { patients, treatments } from './patients.tables';

export type PatientSummaryFact = {
  id: number;
  name: string;
  /** 1 male, 2 female */
  sex: number;
  birthday: string | null;
  courses: {
    id: number;
    patientType: number;
    status: number;
    registerTime: Date;
    endTime: Date | null;
    chiefComplaint: string | null;
    tcmDiagnosis: string | null;
  }[];
};

/**
 * What a remote consultation attaches of a patient (the patients module's face for it): the demographics needed to
 * identify the patient clinically (no identity number, phone or address) and the courses with their complaint and
 * diagnosis; null when the patient is not the organization's.
 */
export async function patientSummary(
  db: TxOrDb,
  organizationId: number,
  patientId: number,
): Promise<PatientSummaryFact | null> {
  const [p] = await db
    .select({ id: patients.id, name: patients.name, sex: patients.sex, birthday: patients.birthday })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.organizationId, organizationId)));
  if (!p) return null;
  const courses = await db
    .select({
      id: treatments.id,
      patientType: treatments.patientType,
      status: treatments.status,
      registerTime: treatments.registerTime,
      endTime: treatments.endTime,
      chiefComplaint: treatments.chiefComplaint,
      tcmDiagnosis: treatments.tcmDiagnosis,
    })
    .from(treatments)
    .where(and(eq(treatments.patientId, patientId), eq(treatments.organizationId, organizationId)))
    .orderBy(desc(treatments.id));
  return { ...p, courses };
}
