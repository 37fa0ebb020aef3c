import { and, asc, eq, sql } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { patients, treatmentProjects, treatments } from './patients.tables';

/**
 * What performance (绩效) reads of patients (the patients module's face for it): the treatment projects a doctor
 * prescribed in a month (the prescriber is the project's creator) and the courses a doctor opened, the month taken
 * on the clinic's clock (`timeZone`).
 */
const inMonth = (column: unknown, month: string, timeZone: string) =>
  sql`to_char(${column} AT TIME ZONE ${timeZone}, 'YYYY-MM') = ${month}`;

/** Per doctor and project template: prescriptions and sessions prescribed in the month. */
export async function prescriptionsByDoctor(
  db: TxOrDb,
  organizationId: number,
  month: string,
  timeZone: string,
  doctorId?: number,
) {
  const rows = await db
    .select({
      doctorId: treatmentProjects.createdBy,
      templateId: treatmentProjects.templateId,
      prescriptions: sql<number>`count(*)`,
      sessions: sql<number>`coalesce(sum(${treatmentProjects.totalTimes}), 0)`,
    })
    .from(treatmentProjects)
    .where(
      and(
        eq(treatmentProjects.organizationId, organizationId),
        inMonth(treatmentProjects.createdAt, month, timeZone),
        doctorId === undefined
          ? sql`${treatmentProjects.createdBy} IS NOT NULL`
          : eq(treatmentProjects.createdBy, doctorId),
      ),
    )
    .groupBy(treatmentProjects.createdBy, treatmentProjects.templateId);
  return rows.map((r) => ({
    doctorId: r.doctorId!,
    templateId: r.templateId,
    prescriptions: Number(r.prescriptions),
    sessions: Number(r.sessions),
  }));
}

/** The prescriptions behind a doctor's figure for one template (0: projects without a template). */
export async function prescriptionsOfDoctor(
  db: TxOrDb,
  organizationId: number,
  doctorId: number,
  month: string,
  timeZone: string,
  templateId: number,
) {
  return db
    .select({
      id: treatmentProjects.id,
      patientName: patients.name,
      projectName: treatmentProjects.name,
      comboName: treatmentProjects.comboName,
      totalTimes: treatmentProjects.totalTimes,
      treatedTimes: treatmentProjects.treatedTimes,
      status: treatmentProjects.status,
      createdAt: treatmentProjects.createdAt,
    })
    .from(treatmentProjects)
    .innerJoin(patients, eq(patients.id, treatmentProjects.patientId))
    .where(
      and(
        eq(treatmentProjects.organizationId, organizationId),
        eq(treatmentProjects.createdBy, doctorId),
        inMonth(treatmentProjects.createdAt, month, timeZone),
        templateId ? eq(treatmentProjects.templateId, templateId) : sql`${treatmentProjects.templateId} IS NULL`,
      ),
    )
    .orderBy(asc(treatmentProjects.createdAt), asc(treatmentProjects.id));
}

/** Per doctor: the courses they are the doctor of that were opened (registered) in the month. */
export async function coursesByDoctor(db: TxOrDb, organizationId: number, month: string, timeZone: string) {
  const rows = await db
    .select({ doctorId: treatments.doctorId, courses: sql<number>`count(*)` })
    .from(treatments)
    .where(
      and(
        eq(treatments.organizationId, organizationId),
        sql`${treatments.doctorId} IS NOT NULL`,
        inMonth(treatments.registerTime, month, timeZone),
      ),
    )
    .groupBy(treatments.doctorId);
  return new Map(rows.map((r) => [r.doctorId!, Number(r.courses)]));
}

/** Per clinic day of a month: the projects a doctor prescribed and the courses they opened. */
export async function doctorDailyCounts(
  db: TxOrDb,
  organizationId: number,
  doctorId: number,
  month: string,
  timeZone: string,
) {
  const dayOf = (column: unknown) => sql<string>`to_char(${column} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
  const prescribed = await db
    .select({
      day: dayOf(treatmentProjects.createdAt),
      n: sql<number>`count(*)`,
      sessions: sql<number>`coalesce(sum(${treatmentProjects.totalTimes}), 0)`,
    })
    .from(treatmentProjects)
    .where(
      and(
        eq(treatmentProjects.organizationId, organizationId),
        eq(treatmentProjects.createdBy, doctorId),
        inMonth(treatmentProjects.createdAt, month, timeZone),
      ),
    )
    .groupBy(sql`1`); // the day column (a parameterized expression is not the same GROUP BY term)
  const opened = await db
    .select({ day: dayOf(treatments.registerTime), n: sql<number>`count(*)` })
    .from(treatments)
    .where(
      and(
        eq(treatments.organizationId, organizationId),
        eq(treatments.doctorId, doctorId),
        inMonth(treatments.registerTime, month, timeZone),
      ),
    )
    .groupBy(sql`1`);
  return {
    prescriptions: new Map(prescribed.map((r) => [r.day, { n: Number(r.n), sessions: Number(r.sessions) }])),
    courses: new Map(opened.map((r) => [r.day, Number(r.n)])),
  };
}
