import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { officeNameRows } from '../offices';
import { userNameSql } from '../users';
import { rowNameSql } from '../master-data';
import { notFound } from '../../http/errors';
import { patients, treatmentProjects, treatments } from './patients.tables';
import type { Scope } from './patients.service';

/**
 * POST /sys/patient/queryVisitDetailsPage: the visits (courses: outpatient registrations and inpatient stays) of one
 * patient, newest first, each with its office, doctor, diagnoses and what its projects came to (count, sessions
 * treated of total, total price of the projects not disabled).
 */
export async function visitDetailsPage(db: Db, scope: Scope, patientId: number, page: number, limit: number) {
  const [patient] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.organizationId, scope.organizationId)))
    .limit(1);
  if (!patient) throw notFound();
  const office = officeNameRows('visit_office');
  const where = and(eq(treatments.patientId, patientId), eq(treatments.organizationId, scope.organizationId));
  const [total] = await db.select({ n: count() }).from(treatments).where(where);
  const rows = await db
    .select({
      treatmentId: treatments.id,
      patientType: treatments.patientType,
      status: treatments.status,
      outpatientNo: treatments.outpatientNo,
      inpatientNo: treatments.inpatientNo,
      visitNo: treatments.visitNo,
      registerTime: treatments.registerTime,
      endTime: treatments.endTime,
      chiefComplaint: treatments.chiefComplaint,
      officeName: office.name,
      officeNameLang: office.nameLang,
      doctorName: userNameSql(treatments.doctorId) as SQL<string | null>,
      // both not null and kept by their foreign keys: the lookup always finds the row
      diseaseName: rowNameSql('disease', treatments.diseaseId, scope.locale) as SQL<string>,
      functioningName: rowNameSql('functioning', treatments.functioningId, scope.locale) as SQL<string>,
    })
    .from(treatments)
    .innerJoin(office, eq(office.id, treatments.officeId))
    .where(where)
    .orderBy(desc(treatments.registerTime), desc(treatments.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const ids = rows.map((r) => r.treatmentId);
  const sums = ids.length
    ? await db
        .select({
          treatmentId: treatmentProjects.treatmentId,
          projects: sql<number>`count(*) FILTER (WHERE ${treatmentProjects.status} <> 3)`,
          treated: sql<number>`coalesce(sum(${treatmentProjects.treatedTimes}) FILTER (WHERE ${treatmentProjects.status} <> 3), 0)`,
          totalTimes: sql<number>`coalesce(sum(${treatmentProjects.totalTimes}) FILTER (WHERE ${treatmentProjects.status} <> 3), 0)`,
          totalPrice: sql<string>`coalesce(sum(${treatmentProjects.totalPrice}) FILTER (WHERE ${treatmentProjects.status} <> 3), 0)`,
        })
        .from(treatmentProjects)
        .where(inArray(treatmentProjects.treatmentId, ids))
        .groupBy(treatmentProjects.treatmentId)
    : [];
  const byCourse = new Map(sums.map((s) => [s.treatmentId, s]));
  const list = rows.map(({ officeNameLang, ...r }) => {
    const s = byCourse.get(r.treatmentId);
    return {
      ...r,
      officeName: (officeNameLang as Record<string, string>)[scope.locale] ?? r.officeName,
      projectCount: Number(s?.projects ?? 0),
      treatedTimes: Number(s?.treated ?? 0),
      totalTimes: Number(s?.totalTimes ?? 0),
      totalPrice: Number(s?.totalPrice ?? 0),
    };
  });
  return { list, total: Number(total?.n ?? 0) };
}
