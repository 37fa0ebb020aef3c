import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { patients, treatmentProjects, treatments } from './patients.tables';
import { patientKeywordSql } from './patient-keyword';

/**
 * What outpatient billing reads of a patient (the patients module's face for it): the patient, their courses and
 * prescribed projects with the prescription's prices. Every read is of one organization.
 */
export async function patientCard(db: TxOrDb, organizationId: number, patientId: number) {
  const [p] = await db
    .select({ id: patients.id, name: patients.name, phone: patients.phone })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.organizationId, organizationId)));
  return p ?? null;
}

/** Names of patients by id (of one organization). */
export async function patientNames(db: TxOrDb, organizationId: number, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map<number, string>();
  const rows = await db
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(and(inArray(patients.id, wanted), eq(patients.organizationId, organizationId)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export type CourseFact = {
  id: number;
  patientId: number;
  patientType: number;
  status: number;
  therapistId: number | null;
  doctorId: number | null;
  registerTime: Date;
};

/** The courses of a patient, newest first. */
export async function coursesOfPatient(db: TxOrDb, organizationId: number, patientId: number): Promise<CourseFact[]> {
  return db
    .select({
      id: treatments.id,
      patientId: treatments.patientId,
      patientType: treatments.patientType,
      status: treatments.status,
      therapistId: treatments.therapistId,
      doctorId: treatments.doctorId,
      registerTime: treatments.registerTime,
    })
    .from(treatments)
    .where(and(eq(treatments.patientId, patientId), eq(treatments.organizationId, organizationId)))
    .orderBy(desc(treatments.id));
}

export type ProjectFact = {
  id: number;
  patientId: number;
  treatmentId: number;
  /** the project template it was prescribed from (its English name is the master data's) */
  templateId: number | null;
  name: string;
  status: number;
  therapistId: number | null;
  /** dosage a session */
  quantity: number;
  /** dosage of the whole prescription */
  totalDosage: number;
  /** yuan, 2 decimals, as stored */
  unitPrice: string;
  totalPrice: string;
  unitName: string | null;
};

const projectFields = {
  id: treatmentProjects.id,
  patientId: treatmentProjects.patientId,
  treatmentId: treatmentProjects.treatmentId,
  templateId: treatmentProjects.templateId,
  name: treatmentProjects.name,
  status: treatmentProjects.status,
  therapistId: treatmentProjects.therapistId,
  quantity: treatmentProjects.quantity,
  totalDosage: treatmentProjects.totalDosage,
  unitPrice: treatmentProjects.unitPrice,
  totalPrice: treatmentProjects.totalPrice,
  unitName: treatmentProjects.unitName,
};

/** The prescribed projects of a patient (of one course when given). */
export async function projectsOfPatient(
  db: TxOrDb,
  organizationId: number,
  patientId: number,
  treatmentId?: number,
): Promise<ProjectFact[]> {
  return db
    .select(projectFields)
    .from(treatmentProjects)
    .where(
      and(
        eq(treatmentProjects.patientId, patientId),
        eq(treatmentProjects.organizationId, organizationId),
        treatmentId ? eq(treatmentProjects.treatmentId, treatmentId) : undefined,
      ),
    )
    .orderBy(treatmentProjects.id);
}

/** One prescribed project of the organization, or null. */
export async function projectFact(db: TxOrDb, organizationId: number, projectId: number): Promise<ProjectFact | null> {
  const [row] = await db
    .select(projectFields)
    .from(treatmentProjects)
    .where(and(eq(treatmentProjects.id, projectId), eq(treatmentProjects.organizationId, organizationId)));
  return row ?? null;
}

/** Ids of the organization's patients the search `keyword` finds (patientKeywordSql; at most `limit`). */
export async function patientIdsMatching(db: TxOrDb, organizationId: number, keyword: string, limit = 500) {
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.organizationId, organizationId), patientKeywordSql(keyword)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A patient picker: up to `limit` patients whose name, pinyin or initials start with the keyword, by name. */
export async function patientOptions(db: TxOrDb, organizationId: number, keyword: string, limit = 20) {
  const ids = await patientIdsMatching(db, organizationId, keyword, limit);
  const names = await patientNames(db, organizationId, ids);
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
}

/** Patients with an active course holding a project in progress, outpatients first, by id (at most `limit`). */
export async function patientsInTreatment(db: TxOrDb, organizationId: number, limit: number) {
  const rows = await db
    .selectDistinct({ id: treatments.patientId, type: treatments.patientType })
    .from(treatments)
    .innerJoin(treatmentProjects, eq(treatmentProjects.treatmentId, treatments.id))
    .where(
      and(eq(treatments.organizationId, organizationId), eq(treatments.status, 1), eq(treatmentProjects.status, 1)),
    )
    .orderBy(treatments.patientType, treatments.patientId)
    .limit(limit);
  return rows.map((r) => r.id);
}
