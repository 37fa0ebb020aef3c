import { and, asc, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CourseStatus } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { patients, treatments } from './patients.tables';
import { escapeLike } from '../../db/like';

/**
 * What the clinical records of other modules (meetings, assessments) read of patients and their courses: the
 * patients module's face for them.
 */

/**
 * The name of the patient whose id is `id` (a column of the caller's query), as a correlated scalar subquery: how a
 * list shows, sorts or filters by the patient's name in its own single query.
 */
export function patientNameSql(id: SQLWrapper): SQL<string> {
  return sql<string>`(select ${patients.name} from ${patients} where ${patients.id} = ${id})`;
}

/** The patient's sex (1 male, 2 female) as `patientNameSql` does the name. */
export function patientSexSql(id: SQLWrapper): SQL<number> {
  return sql<number>`(select ${patients.sex} from ${patients} where ${patients.id} = ${id})`.mapWith(patients.sex);
}

/** The patient's birthday (`YYYY-MM-DD` or null) as `patientNameSql` does the name. */
export function patientBirthdaySql(id: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select ${patients.birthday} from ${patients} where ${patients.id} = ${id})`.mapWith(
    patients.birthday,
  );
}

/** A patient's identifying demographics (any organization's: the caller has the id from its own row), or null. */
export async function patientDemographics(db: TxOrDb, patientId: number) {
  const [p] = await db
    .select({
      id: patients.id,
      organizationId: patients.organizationId,
      name: patients.name,
      sex: patients.sex,
      birthday: patients.birthday,
    })
    .from(patients)
    .where(eq(patients.id, patientId))
    .limit(1);
  return p ?? null;
}

/** A course's identifying facts (any organization's: the caller has the id from its own row), or null. */
export async function courseOfRecord(db: TxOrDb, treatmentId: number) {
  const [c] = await db
    .select({
      id: treatments.id,
      organizationId: treatments.organizationId,
      patientId: treatments.patientId,
      patientType: treatments.patientType,
      status: treatments.status,
      officeId: treatments.officeId,
      registerTime: treatments.registerTime,
      inpatientNo: treatments.inpatientNo,
      outpatientNo: treatments.outpatientNo,
      bedNo: treatments.bedNo,
    })
    .from(treatments)
    .where(eq(treatments.id, treatmentId))
    .limit(1);
  return c ?? null;
}

/**
 * The course a record about a patient attaches to: `treatmentId` when it is that patient's (null when not), else
 * the patient's active course (null when none).
 */
export async function courseForRecord(db: TxOrDb, patientId: number, treatmentId?: number): Promise<number | null> {
  const [course] = await db
    .select({ id: treatments.id })
    .from(treatments)
    .where(
      and(
        eq(treatments.patientId, patientId),
        treatmentId !== undefined ? eq(treatments.id, treatmentId) : eq(treatments.status, CourseStatus.active),
      ),
    )
    .limit(1);
  return course?.id ?? null;
}

/**
 * The organization's active courses with their patients, newest registration first (at most `limit`); `keyword`
 * keeps those whose patient's name contains it, whose pinyin or initials start with it, or whose inpatient or
 * outpatient number it is: the pickers of records about a patient in treatment.
 */
export function activeCoursesWithPatients(
  db: TxOrDb,
  organizationId: number,
  keyword: string | undefined,
  limit: number,
) {
  const where: (SQL | undefined)[] = [
    eq(treatments.organizationId, organizationId),
    eq(treatments.status, CourseStatus.active),
  ];
  if (keyword) {
    const k = escapeLike(keyword);
    where.push(
      or(
        sql`${patients.name} ILIKE ${`%${k}%`}`,
        sql`${patients.namePinyin} LIKE ${`${k.toLowerCase()}%`}`,
        sql`${patients.nameInitials} LIKE ${`${k.toLowerCase()}%`}`,
        sql`${treatments.inpatientNo} = ${k}`,
        sql`${treatments.outpatientNo} = ${k}`,
      ),
    );
  }
  return db
    .select({
      patientId: patients.id,
      treatmentId: treatments.id,
      name: patients.name,
      sex: patients.sex,
      inpatientNo: treatments.inpatientNo,
      outpatientNo: treatments.outpatientNo,
      bedNo: treatments.bedNo,
    })
    .from(treatments)
    .innerJoin(patients, eq(patients.id, treatments.patientId))
    .where(and(...where))
    .orderBy(desc(treatments.registerTime), desc(treatments.id))
    .limit(limit);
}

/** The organization's courses of a status with their patients' names, by course id (at most `limit`): demo data. */
export function coursesWithPatientNames(db: TxOrDb, organizationId: number, status: number, limit: number) {
  return db
    .select({ patientId: patients.id, treatmentId: treatments.id, name: patients.name })
    .from(treatments)
    .innerJoin(patients, eq(patients.id, treatments.patientId))
    .where(and(eq(treatments.organizationId, organizationId), eq(treatments.status, status)))
    .orderBy(asc(treatments.id))
    .limit(limit);
}

export type TreatmentRecordPatient = {
  patient: { id: number; name: string; sex: number; birthday: string | null };
  courses: {
    id: number;
    patientType: number;
    status: number;
    outpatientNo: string | null;
    inpatientNo: string | null;
    registerTime: Date;
    endTime: Date | null;
  }[];
};

/**
 * The patient a hospital system names by its own number (a course's outpatient, inpatient or visit number; the newest
 * course carrying it wins) or by id, with their courses newest first: the treatment record's header
 * (`/treatmentRecord/treatmentIframe`). Null when no patient of the organization matches.
 */
export async function treatmentRecordPatient(
  db: TxOrDb,
  organizationId: number,
  by: { patientNo?: string; patientId?: number },
): Promise<TreatmentRecordPatient | null> {
  let patientId = by.patientId;
  if (by.patientNo !== undefined) {
    const no = by.patientNo;
    const [course] = await db
      .select({ patientId: treatments.patientId })
      .from(treatments)
      .where(
        and(
          eq(treatments.organizationId, organizationId),
          or(eq(treatments.outpatientNo, no), eq(treatments.inpatientNo, no), eq(treatments.visitNo, no)),
          ...(patientId !== undefined ? [eq(treatments.patientId, patientId)] : []),
        ),
      )
      .orderBy(desc(treatments.id))
      .limit(1);
    if (!course) return null;
    patientId = course.patientId;
  }
  if (patientId === undefined) return null;
  const [patient] = await db
    .select({ id: patients.id, name: patients.name, sex: patients.sex, birthday: patients.birthday })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.organizationId, organizationId)));
  if (!patient) return null;
  const courses = await db
    .select({
      id: treatments.id,
      patientType: treatments.patientType,
      status: treatments.status,
      outpatientNo: treatments.outpatientNo,
      inpatientNo: treatments.inpatientNo,
      registerTime: treatments.registerTime,
      endTime: treatments.endTime,
    })
    .from(treatments)
    .where(and(eq(treatments.patientId, patientId), eq(treatments.organizationId, organizationId)))
    .orderBy(desc(treatments.id));
  return { patient, courses };
}
