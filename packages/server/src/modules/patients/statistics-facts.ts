import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { CourseStatus } from '@rehab/shared';
import { clinicTimeZone } from '../../kernel/clock';
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

/**
 * Registrations (courses registered, cancelled ones left out) of a range of clinic days, by the department of the
 * visit: outpatients and inpatients, and the department's courses in treatment now. Runs on
 * pat_treatment_org_status_time_idx.
 */
export async function registrationsByOffice(
  db: TxOrDb,
  organizationId: number,
  range: { from: string; to: string },
): Promise<Map<number, { patientAmount: number; outpatients: number; inpatients: number; inTreatment: number }>> {
  const inRange = registeredWithin(range);
  const rows = await db
    .select({
      officeId: treatments.officeId,
      patientAmount: sql<number>`(count(*) filter (where ${inRange}))::int`,
      outpatients: sql<number>`(count(*) filter (where ${inRange} and ${treatments.patientType} = 1))::int`,
      inpatients: sql<number>`(count(*) filter (where ${inRange} and ${treatments.patientType} = 2))::int`,
      inTreatment: sql<number>`(count(*) filter (where ${treatments.status} = ${CourseStatus.active}))::int`,
    })
    .from(treatments)
    .where(
      and(
        eq(treatments.organizationId, organizationId),
        or(eq(treatments.status, CourseStatus.active), and(ne(treatments.status, CourseStatus.cancelled), inRange)),
      ),
    )
    .groupBy(treatments.officeId);
  return new Map(
    rows.map((r) => [
      r.officeId,
      {
        patientAmount: Number(r.patientAmount),
        outpatients: Number(r.outpatients),
        inpatients: Number(r.inpatients),
        inTreatment: Number(r.inTreatment),
      },
    ]),
  );
}

/** Registrations (cancelled ones left out) per clinic day of a range. */
export async function registrationsByDay(
  db: TxOrDb,
  organizationId: number,
  range: { from: string; to: string },
): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${treatments.registerTime} AT TIME ZONE ${clinicTimeZone()}, 'YYYY-MM-DD')`;
  // grouped by position: the time zone is a parameter, so the expression repeated would not be the same one
  const rows = await db
    .select({ day, n: sql<number>`count(*)::int` })
    .from(treatments)
    .where(
      and(
        eq(treatments.organizationId, organizationId),
        ne(treatments.status, CourseStatus.cancelled),
        registeredWithin(range),
      ),
    )
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/** Registered on a clinic day of the range (the clinic's time zone). */
function registeredWithin(range: { from: string; to: string }) {
  const tz = clinicTimeZone();
  return sql`(${treatments.registerTime} >= (${range.from}::date)::timestamp AT TIME ZONE ${tz} and ${treatments.registerTime} < (${range.to}::date + 1)::timestamp AT TIME ZONE ${tz})`;
}
