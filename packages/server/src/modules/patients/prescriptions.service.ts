import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CourseStatus, type prescriptionPageSchema } from '@rehab/shared';
import type { Db } from '../../db/client';
import { officeNameRows } from '../offices';
import { userNameRows } from '../users';
import { patients, treatmentProjects, treatments } from './patients.tables';
import { localTeamName, teamNameRows } from '../teams';
import type { Scope } from './patients.service';
import { patientKeywordSql } from './patient-keyword';

type Query = z.output<typeof prescriptionPageSchema>;

const therapist = userNameRows('rx_therapist');
const prescriber = userNameRows('rx_prescriber');
const execOffice = officeNameRows('rx_exec_office');
const team = teamNameRows('rx_team');

/** The filters of the prescription list; always the session's organization, never a cancelled registration. */
function conditions(scope: Scope, q: Omit<Query, 'page' | 'limit'>): SQL {
  const where: (SQL | undefined)[] = [
    eq(treatmentProjects.organizationId, scope.organizationId),
    sql`${treatments.status} <> ${CourseStatus.cancelled}`,
  ];
  if (q.mine === 1) where.push(eq(treatmentProjects.createdBy, scope.userId));
  if (q.keyword) where.push(patientKeywordSql(q.keyword));
  if (q.templateId) where.push(eq(treatmentProjects.templateId, q.templateId));
  if (q.status) where.push(eq(treatmentProjects.status, q.status));
  if (q.execOfficeId) where.push(eq(treatmentProjects.execOfficeId, q.execOfficeId));
  if (q.therapistId) where.push(eq(treatmentProjects.therapistId, q.therapistId));
  if (q.dateFrom) where.push(gte(treatmentProjects.createdAt, new Date(`${q.dateFrom}T00:00:00`)));
  if (q.dateTo) {
    const end = new Date(`${q.dateTo}T00:00:00`);
    end.setDate(end.getDate() + 1);
    where.push(lt(treatmentProjects.createdAt, end));
  }
  return and(...where)!;
}

function select(db: Db, where: SQL) {
  return db
    .select({
      id: treatmentProjects.id,
      patientId: treatmentProjects.patientId,
      treatmentId: treatmentProjects.treatmentId,
      templateId: treatmentProjects.templateId,
      name: treatmentProjects.name,
      comboName: treatmentProjects.comboName,
      status: treatmentProjects.status,
      frequency: treatmentProjects.frequency,
      times: treatmentProjects.times,
      totalTimes: treatmentProjects.totalTimes,
      treatedTimes: treatmentProjects.treatedTimes,
      totalPrice: treatmentProjects.totalPrice,
      createdAt: treatmentProjects.createdAt,
      createdBy: treatmentProjects.createdBy,
      patientName: patients.name,
      patientType: treatments.patientType,
      courseStatus: treatments.status,
      outpatientNo: treatments.outpatientNo,
      inpatientNo: treatments.inpatientNo,
      execOfficeId: treatmentProjects.execOfficeId,
      execOfficeName: execOffice.name,
      execOfficeNameLang: execOffice.nameLang,
      therapistId: treatmentProjects.therapistId,
      therapistName: therapist.name,
      teamName: team.name,
      teamNameEn: team.nameEn,
      prescriberName: prescriber.name,
    })
    .from(treatmentProjects)
    .innerJoin(treatments, eq(treatments.id, treatmentProjects.treatmentId))
    .innerJoin(patients, eq(patients.id, treatmentProjects.patientId))
    .innerJoin(execOffice, eq(execOffice.id, treatmentProjects.execOfficeId))
    .leftJoin(therapist, eq(therapist.id, treatmentProjects.therapistId))
    .leftJoin(prescriber, eq(prescriber.id, treatmentProjects.createdBy))
    .leftJoin(team, eq(team.id, treatmentProjects.teamId))
    .where(where)
    .orderBy(desc(treatmentProjects.createdAt), desc(treatmentProjects.id));
}

type Row = Awaited<ReturnType<typeof select>>[number];

function present(r: Row, scope: Scope) {
  const { execOfficeNameLang, totalPrice, teamNameEn, ...rest } = r;
  return {
    ...rest,
    teamName: r.teamName === null ? null : localTeamName(scope.locale, r.teamName, teamNameEn),
    totalPrice: Number(totalPrice),
    execOfficeName: (execOfficeNameLang as Record<string, string>)[scope.locale] ?? r.execOfficeName,
  };
}

/** POST /sys/treatment/prescriptionPage: one page of the filtered prescriptions, newest first. */
export async function listPrescriptions(db: Db, scope: Scope, q: Query) {
  const where = conditions(scope, q);
  const [total] = await db
    .select({ n: count() })
    .from(treatmentProjects)
    .innerJoin(treatments, eq(treatments.id, treatmentProjects.treatmentId))
    .innerJoin(patients, eq(patients.id, treatmentProjects.patientId))
    .where(where);
  const rows = await select(db, where)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { list: rows.map((r) => present(r, scope)), total: Number(total?.n ?? 0) };
}
