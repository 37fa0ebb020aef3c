import type { PgSelect } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, exists, gte, inArray, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CourseStatus,
  ProjectStatus,
  ID_REGIONS,
  ageOn,
  toPage,
  type Locale,
  type patientPageSchema,
} from '@rehab/shared';
import type { Db } from '../../db/client';
import { cacheOf, dataVersionOf } from '../../db/data-version';
import { okEnvelopeBytes } from '../../http/json-bytes';
import { officeNameRows } from '../offices';
import { userNameSql } from '../users';
import { rowNameSql } from '../master-data';
import { notFound } from '../../http/errors';
import { patients, treatmentProjects, treatments } from './patients.tables';
import type { CardData } from './treatment-card';
import { clockNow } from '../../kernel/clock';
import { num, type Scope } from './patients.service';
import { escapeLike } from '../../db/like';
import { patientKeywordSql } from './patient-keyword';

type PageQuery = z.output<typeof patientPageSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Lists and detail

function listConditions(scope: Scope, q: Omit<PageQuery, 'page' | 'limit'>): SQL {
  const where: (SQL | undefined)[] = [eq(treatments.organizationId, scope.organizationId)];
  if (q.courseStatus === 1) where.push(eq(treatments.status, CourseStatus.active));
  else if (q.courseStatus === 2) where.push(inArray(treatments.status, [CourseStatus.ended, CourseStatus.discharged]));
  else where.push(sql`${treatments.status} <> ${CourseStatus.cancelled}`);
  // the patient's own organization too, so the prefix searches use the (organization, name / pinyin / initials /
  // identity number) indexes of pat_patient (a course and its patient are always of one organization)
  if (q.keyword || q.idNumber) where.push(eq(patients.organizationId, scope.organizationId));
  if (q.keyword) where.push(patientKeywordSql(q.keyword));
  if (q.idNumber) where.push(sql`${patients.idNumber} LIKE ${`${escapeLike(q.idNumber.toUpperCase())}%`}`);
  if (q.patientNo) where.push(or(eq(treatments.outpatientNo, q.patientNo), eq(treatments.inpatientNo, q.patientNo)));
  if (q.bedNo) where.push(eq(treatments.bedNo, q.bedNo));
  if (q.officeId) where.push(eq(treatments.officeId, q.officeId));
  if (q.patientType) where.push(eq(treatments.patientType, q.patientType));
  const projectBy = (cond: SQL) =>
    exists(
      sql`(SELECT 1 FROM ${treatmentProjects} WHERE ${treatmentProjects.treatmentId} = ${treatments.id} AND ${cond})`,
    );
  if (q.therapistId) {
    where.push(
      or(
        eq(treatments.therapistId, q.therapistId),
        projectBy(sql`${treatmentProjects.therapistId} = ${q.therapistId}`),
      ),
    );
  }
  if (q.mine === 1) {
    where.push(
      or(
        eq(treatments.doctorId, scope.userId),
        eq(treatments.therapistId, scope.userId),
        projectBy(sql`${treatmentProjects.therapistId} = ${scope.userId}`),
      ),
    );
  }
  if (q.unassigned === 1) {
    where.push(
      projectBy(
        sql`${treatmentProjects.therapistId} IS NULL AND ${treatmentProjects.teamId} IS NULL AND ${treatmentProjects.status} = 1`,
      ),
    );
  }
  if (q.registerFrom) where.push(gte(treatments.registerTime, new Date(`${q.registerFrom}T00:00:00`)));
  if (q.registerTo) {
    const end = new Date(`${q.registerTo}T00:00:00`);
    end.setDate(end.getDate() + 1);
    where.push(lt(treatments.registerTime, end));
  }
  return and(...where)!;
}

/**
 * A name of a course's office, diagnosis or staff as a scalar subquery rather than a join: the planner then orders
 * two tables instead of seven (planning was most of the patient list's time at 100,000 patients, docs/benchmarks.md),
 * and each lookup is one primary-key probe for the page's rows.
 */
const lookup = <T>(column: SQLWrapper, table: SQLWrapper, id: SQLWrapper, key: SQLWrapper) =>
  sql<T>`(SELECT ${column} FROM ${table} WHERE ${id} = ${key})`;

const listOffice = officeNameRows('list_office');

const listColumns = {
  patientId: patients.id,
  treatmentId: treatments.id,
  name: patients.name,
  sex: patients.sex,
  birthday: patients.birthday,
  idNumber: patients.idNumber,
  phone: patients.phone,
  patientType: treatments.patientType,
  status: treatments.status,
  outpatientNo: treatments.outpatientNo,
  inpatientNo: treatments.inpatientNo,
  bedNo: treatments.bedNo,
  officeId: treatments.officeId,
  officeName: lookup<string>(listOffice.name, listOffice, listOffice.id, treatments.officeId),
  officeNameLang: lookup<unknown>(listOffice.nameLang, listOffice, listOffice.id, treatments.officeId),
  diseaseName: rowNameSql('disease', treatments.diseaseId) as SQL<string>,
  diseaseNameEn: rowNameSql('disease', treatments.diseaseId, 'en'),
  functioningName: rowNameSql('functioning', treatments.functioningId) as SQL<string>,
  functioningNameEn: rowNameSql('functioning', treatments.functioningId, 'en'),
  doctorName: userNameSql(treatments.doctorId) as SQL<string | null>,
  therapistName: userNameSql(treatments.therapistId) as SQL<string | null>,
  registerTime: treatments.registerTime,
  endTime: treatments.endTime,
  dischargeTime: treatments.dischargeTime,
};

type ListRow = Awaited<ReturnType<typeof selectList>>[number];

function selectList(db: Db, where: SQL) {
  return db
    .select(listColumns)
    .from(treatments)
    .innerJoin(patients, eq(patients.id, treatments.patientId))
    .where(where);
}

function presentRow(row: ListRow, locale: Locale) {
  const { officeNameLang, diseaseNameEn, functioningNameEn, ...rest } = row;
  const en = locale === 'en';
  return {
    ...rest,
    age: row.birthday ? ageOn(row.birthday) : null,
    officeName: (officeNameLang as Record<string, string>)[locale] ?? row.officeName,
    diseaseName: (en && (diseaseNameEn as string | null)) || row.diseaseName,
    functioningName: (en && (functioningNameEn as string | null)) || row.functioningName,
  };
}

/**
 * The three statements of one patient-list page (count, the page's rows, the project counts of those rows), built
 * once here so the list call and the benchmark's bare route (`patients.bench-routes.ts`) run the same SQL.
 */
export function patientListQueries(db: Db, scope: Scope, q: PageQuery) {
  const where = listConditions(scope, q);
  // the patient's columns are only filtered on by a search; without one every course has its patient (foreign key),
  // so counting and paging need no join
  const withPatient = Boolean(q.keyword || q.idNumber);
  const joined = <Q extends PgSelect>(query: Q) =>
    (withPatient ? query.innerJoin(patients, eq(patients.id, treatments.patientId)) : query).where(where);
  // the page's course ids first (the index on organization, status, registration time and id answers a deep offset
  // without visiting rows), then the page's columns for those ten
  const pageIds = joined(db.select({ id: treatments.id }).from(treatments).$dynamic())
    .orderBy(desc(treatments.registerTime), desc(treatments.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    count: joined(db.select({ n: count() }).from(treatments).$dynamic()),
    rows: selectList(db, inArray(treatments.id, pageIds)).orderBy(desc(treatments.registerTime), desc(treatments.id)),
    progress: (ids: number[]) =>
      db
        .select({
          treatmentId: treatmentProjects.treatmentId,
          projects: sql<number>`count(*) FILTER (WHERE ${treatmentProjects.status} = 1)`,
          unassigned: sql<number>`count(*) FILTER (WHERE ${treatmentProjects.status} = 1 AND ${treatmentProjects.therapistId} IS NULL AND ${treatmentProjects.teamId} IS NULL)`,
        })
        .from(treatmentProjects)
        .where(inArray(treatmentProjects.treatmentId, ids))
        .groupBy(treatmentProjects.treatmentId),
  };
}

/**
 * The patient list's answers and exact totals, kept per organization and data version (db/data-version.ts): the
 * exact total of some 63,000 active courses costs 6-8 ms of CPU a call at 100,000 patients (docs/benchmarks.md), the
 * page itself 1-5 ms. An answer depends on the organization, the filter (with the caller when it asks for "mine"),
 * the language (names and the message) and the day (ages); the total on the organization, the filter and the caller
 * for "mine". A page is kept as the bytes of the whole answer (its envelope with `msg`, the success message in the
 * caller's language), sent as they are: a kept page costs no serialization either.
 */
const PAGE_CACHE = { entries: 2000, chars: 8_000_000 };
const TOTAL_CACHE = { entries: 2000, chars: 2000 * 200 };

/**
 * POST /sys/patient/queryOutPatientPage: the page's answer as JSON bytes. `readVersion`: the organization's data
 * version the request has read already (SessionContext.dataVersion).
 */
export async function patientListJson(
  db: Db,
  scope: Scope,
  q: PageQuery,
  msg: string,
  readVersion?: string | null,
): Promise<Buffer> {
  const version = await dataVersionOf(db, scope.organizationId, readVersion);
  const { page, limit, ...filter } = q;
  const now = clockNow();
  const base = `${scope.organizationId}|${version}|${q.mine === 1 ? scope.userId : 0}|${JSON.stringify(filter)}`;
  const pageKey = `${base}|${page}|${limit}|${scope.locale}|${msg}|${now.getFullYear()}-${now.getMonth()}-${now.getDate()}`;
  const pages = cacheOf<Buffer>(db, 'patient-list', PAGE_CACHE.entries, PAGE_CACHE.chars);
  const totals = cacheOf<number>(db, 'patient-list-total', TOTAL_CACHE.entries, TOTAL_CACHE.chars);
  return pages.through(
    pageKey,
    async () => {
      const queries = patientListQueries(db, scope, q);
      const total = await totals.through(
        base,
        async () => Number((await queries.count)[0]?.n ?? 0),
        () => base.length,
      );
      const list = await listPatientRows(queries, scope);
      return okEnvelopeBytes(msg, JSON.stringify(toPage(list, total, page, limit)));
    },
    (bytes) => pageKey.length + bytes.length,
  );
}

async function listPatientRows(queries: ReturnType<typeof patientListQueries>, scope: Scope) {
  const rows = await queries.rows;
  const ids = rows.map((r) => r.treatmentId);
  const progress = ids.length ? await queries.progress(ids) : [];
  const byCourse = new Map(progress.map((p) => [p.treatmentId, p]));
  const list = rows.map((r) => ({
    ...presentRow(r, scope.locale),
    projectCount: Number(byCourse.get(r.treatmentId)?.projects ?? 0),
    unassignedCount: Number(byCourse.get(r.treatmentId)?.unassigned ?? 0),
  }));
  return list;
}

function regionName(idNumber: string | null, locale: Locale): string | null {
  return idNumber ? (ID_REGIONS[idNumber.slice(0, 2)]?.[locale] ?? null) : null;
}

/** GET /sys/patient/outPatient/{id}: demographics, every course (newest first) and the current one. */
export async function getPatient(db: Db, scope: Scope, id: number) {
  const [patient] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.organizationId, scope.organizationId)))
    .limit(1);
  if (!patient) throw notFound();
  const courses = (
    await selectList(
      db,
      and(eq(treatments.patientId, id), eq(treatments.organizationId, scope.organizationId))!,
    ).orderBy(desc(treatments.registerTime), desc(treatments.id))
  ).map((r) => presentRow(r, scope.locale));
  const courseRows = await db
    .select()
    .from(treatments)
    .where(eq(treatments.patientId, id))
    .orderBy(desc(treatments.id));
  const detail = new Map(courseRows.map((c) => [c.id, c]));
  const { namePinyin: _p, nameInitials: _i, ...demographics } = patient;
  return {
    ...demographics,
    weight: num(patient.weight),
    thighLength: num(patient.thighLength),
    calfLength: num(patient.calfLength),
    pelvicWidth: num(patient.pelvicWidth),
    age: patient.birthday ? ageOn(patient.birthday) : null,
    // the region's name in the caller's language (the column keeps the Chinese one)
    region: regionName(patient.idNumber, scope.locale) ?? patient.region,
    courses: courses.map((c) => ({ ...detail.get(c.treatmentId)!, ...c, id: c.treatmentId })),
  };
}

/** What the treatment card prints: the course, its patient and the projects not disabled. */
export async function treatmentCardData(db: Db, scope: Scope, treatmentId: number): Promise<CardData> {
  const [row] = await selectList(
    db,
    and(eq(treatments.id, treatmentId), eq(treatments.organizationId, scope.organizationId))!,
  );
  if (!row) throw notFound();
  const r = presentRow(row, scope.locale);
  const projects = await db
    .select({
      id: treatmentProjects.id,
      name: treatmentProjects.name,
      frequency: treatmentProjects.frequency,
      times: treatmentProjects.times,
      totalTimes: treatmentProjects.totalTimes,
      treatedTimes: treatmentProjects.treatedTimes,
    })
    .from(treatmentProjects)
    .where(
      and(
        eq(treatmentProjects.treatmentId, treatmentId),
        sql`${treatmentProjects.status} <> ${ProjectStatus.disabled}`,
      ),
    )
    .orderBy(asc(treatmentProjects.id));
  return {
    cardNo: cardNumber(r),
    name: r.name,
    sex: r.sex,
    age: r.age,
    idNumber: r.idNumber,
    phone: r.phone,
    patientType: r.patientType,
    officeName: r.officeName,
    bedNo: r.bedNo,
    diseaseName: r.diseaseName,
    functioningName: r.functioningName,
    doctorName: r.doctorName,
    registerTime: r.registerTime,
    projects,
  };
}

/** The card number: the outpatient or inpatient number, else one built from the ids (alphanumeric, at most 20). */
export function cardNumber(r: {
  patientType: number;
  outpatientNo: string | null;
  inpatientNo: string | null;
  patientId: number;
  treatmentId: number;
}) {
  const own = (r.patientType === 2 ? r.inpatientNo : r.outpatientNo) ?? r.outpatientNo ?? r.inpatientNo;
  return (own && /^[A-Za-z0-9-]{1,20}$/.test(own) ? own : `P${r.patientId}T${r.treatmentId}`).slice(0, 20);
}
