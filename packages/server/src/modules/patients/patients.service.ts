import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { z } from 'zod';
import {
  CourseStatus,
  ProjectStatus,
  ResultCode,
  RoleId,
  checkIdCard,
  ID_REGIONS,
  ageOn,
  projectAmounts,
  toPage,
  type Locale,
  type patientPageSchema,
  type patientRegisterSchema,
  type projectInputSchema,
} from '@rehab/shared';
import type { Db, TxOrDb } from '../../db/client';
import { cacheOf, dataVersionOf } from '../../db/data-version';
import { runUnitOfWork, type UnitOfWorkHost } from '../../kernel/unit-of-work';
import './patients.events';
import { okEnvelopeBytes } from '../../http/json-bytes';
import { offices } from '../offices/offices.tables';
import { userRoles } from '../roles/roles.tables';
import { userOrganizations, users } from '../users/users.tables';
import {
  sysDisease,
  sysEquipment,
  sysFunctioning,
  sysPart,
  sysProjectTemplate,
  type EntityTable,
} from '../master-data/master-data.tables';
import { pinyinKeys } from '../../db/pinyin';
import { AppError, notFound } from '../../http/errors';
import { patients, treatmentProjects, treatments } from './patients.tables';
import { treatmentTeams } from '../teams/teams.tables';
import { activeTeamsOf, isActiveTeam } from '../teams';
import { staffWithRoles } from '../roles';
import type { CardData } from './treatment-card';
import { clockNow } from '../../kernel/clock';

/** Who works: always the session's organization, never one the request names. */
export type Scope = { organizationId: number; userId: number; locale: Locale };

type Registration = z.output<typeof patientRegisterSchema>;
type ProjectInput = z.output<typeof projectInputSchema>;
type PageQuery = z.output<typeof patientPageSchema>;

const bad = (key: string, field: string, params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.badRequest, key, params, { field });
const conflict = (key: string, params: Record<string, string | number> = {}, extra: Record<string, unknown> = {}) =>
  new AppError(ResultCode.conflict, key, params, extra);

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const decimal = (v: number | undefined, scale: number) => (v === undefined ? null : v.toFixed(scale));
const num = (v: string | null) => (v === null ? null : Number(v));

// ---------------------------------------------------------------------------------------------------------------
// References: every id a request names must belong to the session's organization (400 naming the field otherwise)

async function inOrg(tx: TxOrDb, table: EntityTable, id: number | undefined | null, scope: Scope, field: string) {
  if (id === undefined || id === null) return;
  const [hit] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.organizationId, scope.organizationId)))
    .limit(1);
  if (!hit) throw bad('validation.refNotFound', field, { field });
}

async function checkOffice(tx: TxOrDb, id: number | undefined | null, scope: Scope, field: string) {
  if (id === undefined || id === null) return;
  const [hit] = await tx
    .select({ id: offices.id })
    .from(offices)
    .where(and(eq(offices.id, id), eq(offices.organizationId, scope.organizationId)))
    .limit(1);
  if (!hit) throw bad('patient.officeNotInOrganization', field);
}

/** A member of the organization holding the role (therapist or doctor) there. */
export async function hasOrgRole(tx: TxOrDb, userId: number, roleId: number, scope: Scope) {
  const [hit] = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(
      userOrganizations,
      and(eq(userOrganizations.userId, userRoles.userId), eq(userOrganizations.organizationId, scope.organizationId)),
    )
    .where(
      and(
        eq(userRoles.userId, userId),
        eq(userRoles.organizationId, scope.organizationId),
        eq(userRoles.roleId, roleId),
      ),
    )
    .limit(1);
  return Boolean(hit);
}

async function checkStaff(tx: TxOrDb, id: number | undefined | null, roleId: number, scope: Scope, field: string) {
  if (id === undefined || id === null) return;
  if (!(await hasOrgRole(tx, id, roleId, scope)))
    throw bad(roleId === RoleId.therapist ? 'patient.notTherapist' : 'patient.notDoctor', field);
}

async function checkRegistrationRefs(tx: TxOrDb, v: Registration, scope: Scope) {
  await inOrg(tx, sysDisease, v.diseaseId, scope, 'diseaseId');
  await inOrg(tx, sysFunctioning, v.functioningId, scope, 'functioningId');
  await checkOffice(tx, v.officeId, scope, 'officeId');
  await checkStaff(tx, v.doctorId, RoleId.doctor, scope, 'doctorId');
  await checkStaff(tx, v.therapistId, RoleId.therapist, scope, 'therapistId');
}

// ---------------------------------------------------------------------------------------------------------------
// Registration

/** The patient columns of a registration: identity facts come from the identity number when there is one. */
function patientValues(v: Registration) {
  const id = v.idNumber ? checkIdCard(v.idNumber) : null;
  const info = id?.ok ? id.info : null;
  const keys = pinyinKeys(v.name);
  return {
    name: v.name,
    namePinyin: keys.pinyin,
    nameInitials: keys.initials,
    sex: info?.sex ?? v.sex!,
    birthday: info?.birthday ?? v.birthday ?? null,
    idNumber: info?.idNumber ?? null,
    region: info?.region['zh-CN'] ?? null,
    email: v.email ?? null,
    phone: v.phone,
    socialSecurityNo: v.socialSecurityNo ?? null,
    maritalStatus: v.maritalStatus ?? null,
    nationality: v.nationality ?? null,
    education: v.education ?? null,
    address: v.address ?? null,
    contactPerson: v.contactPerson ?? null,
    contactPhone: v.contactPhone ?? null,
    relation: v.relation ?? null,
    emergencyPhone: v.emergencyPhone ?? null,
    profession: v.profession ?? null,
    weight: decimal(v.weight, 1),
    height: v.height ?? null,
    thighLength: decimal(v.thighLength, 1),
    calfLength: decimal(v.calfLength, 1),
    pelvicWidth: decimal(v.pelvicWidth, 1),
    dysfunctionSide: v.dysfunctionSide ?? null,
    hisId: v.hisId ?? null,
  };
}

function courseValues(v: Registration) {
  return {
    patientType: v.patientType,
    outpatientNo: v.outpatientNo ?? null,
    inpatientNo: v.inpatientNo ?? null,
    visitNo: v.visitNo ?? null,
    bedNo: v.bedNo ?? null,
    roomNo: v.roomNo ?? null,
    headNurse: v.headNurse ?? null,
    chiefComplaint: v.chiefComplaint ?? null,
    specialNotes: v.specialNotes ?? null,
    nursingLevel: v.nursingLevel ?? null,
    costType: v.costType ?? null,
    source: v.source ?? null,
    sourceOrganization: v.sourceOrganization ?? null,
    sourceOffice: v.sourceOffice ?? null,
    diseaseId: v.diseaseId!,
    tcmDiagnosis: v.tcmDiagnosis ?? null,
    functioningId: v.functioningId!,
    officeId: v.officeId!,
    doctorId: v.doctorId ?? null,
    therapistId: v.therapistId ?? null,
  };
}

/** The 409 of a second active course, carrying the patient and course to open instead. */
async function activeCourseConflict(tx: TxOrDb, patientId: number) {
  const [row] = await tx
    .select({ id: treatments.id, name: patients.name, idNumber: patients.idNumber })
    .from(treatments)
    .innerJoin(patients, eq(patients.id, treatments.patientId))
    .where(and(eq(treatments.patientId, patientId), eq(treatments.status, CourseStatus.active)))
    .limit(1);
  if (!row) return null;
  return conflict(
    'patient.activeCourse',
    { name: row.name, idNumber: row.idNumber ?? '' },
    { field: 'idNumber', patientId, treatmentId: row.id },
  );
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Registers a patient with a new active course. A known identity number reuses the patient row (its demographics
 * updated); one that already has an active course is refused with 409 naming that patient.
 */
export async function registerPatient(db: Db, scope: Scope, v: Registration) {
  const run = () =>
    db.transaction(async (tx) => {
      await checkRegistrationRefs(tx, v, scope);
      const values = patientValues(v);
      let patientId: number | undefined;
      if (values.idNumber) {
        const [known] = await tx
          .select({ id: patients.id })
          .from(patients)
          .where(and(eq(patients.organizationId, scope.organizationId), eq(patients.idNumber, values.idNumber)))
          .limit(1)
          .for('update');
        if (known) {
          const dup = await activeCourseConflict(tx, known.id);
          if (dup) throw dup;
          patientId = known.id;
          await tx
            .update(patients)
            .set({ ...values, updatedBy: scope.userId, updatedAt: clockNow() })
            .where(eq(patients.id, known.id));
        }
      }
      if (patientId === undefined) {
        const [row] = await tx
          .insert(patients)
          .values({ ...values, organizationId: scope.organizationId, createdBy: scope.userId, updatedBy: scope.userId })
          .returning({ id: patients.id });
        patientId = row!.id;
      }
      const [course] = await tx
        .insert(treatments)
        .values({
          ...courseValues(v),
          organizationId: scope.organizationId,
          patientId,
          status: CourseStatus.active,
          registerTime: v.registerTime ? new Date(v.registerTime) : clockNow(),
          createdBy: scope.userId,
          updatedBy: scope.userId,
        })
        .returning({ id: treatments.id });
      return { patientId, treatmentId: course!.id };
    });
  try {
    return await run();
  } catch (err) {
    // two registrations of one identity number at once: the loser sees the winner's course
    if (isUniqueViolation(err) && v.idNumber) {
      const [known] = await db
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.organizationId, scope.organizationId), eq(patients.idNumber, v.idNumber)))
        .limit(1);
      const dup = known ? await activeCourseConflict(db, known.id) : null;
      throw dup ?? conflict('error.conflict');
    }
    throw err;
  }
}

async function courseOf(tx: TxOrDb, scope: Scope, treatmentId: number, lock = false) {
  const q = tx
    .select()
    .from(treatments)
    .where(and(eq(treatments.id, treatmentId), eq(treatments.organizationId, scope.organizationId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

export async function updatePatient(db: Db, scope: Scope, id: number, treatmentId: number, v: Registration) {
  await db.transaction(async (tx) => {
    const course = await courseOf(tx, scope, treatmentId, true);
    if (course.patientId !== id) throw notFound();
    await checkRegistrationRefs(tx, v, scope);
    const values = patientValues(v);
    if (values.idNumber) {
      const [other] = await tx
        .select({ id: patients.id })
        .from(patients)
        .where(
          and(
            eq(patients.organizationId, scope.organizationId),
            eq(patients.idNumber, values.idNumber),
            sql`${patients.id} <> ${id}`,
          ),
        )
        .limit(1);
      if (other) {
        const dup = await activeCourseConflict(tx, other.id);
        throw (
          dup ??
          conflict(
            'patient.activeCourse',
            { name: v.name, idNumber: values.idNumber },
            { field: 'idNumber', patientId: other.id },
          )
        );
      }
    }
    await tx
      .update(patients)
      .set({ ...values, updatedBy: scope.userId, updatedAt: clockNow() })
      .where(and(eq(patients.id, id), eq(patients.organizationId, scope.organizationId)));
    const { registerTime: _ignored, ...courseOnly } = { ...courseValues(v), registerTime: null };
    await tx
      .update(treatments)
      .set({ ...courseOnly, updatedBy: scope.userId, updatedAt: clockNow() })
      .where(eq(treatments.id, treatmentId));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Course transitions (spec section 4): cancel an outpatient registration, end a course, discharge, reopen

export async function cancelRegistration(host: UnitOfWorkHost, scope: Scope, treatmentId: number) {
  await runUnitOfWork(host, async ({ tx, emit }) => {
    const course = await courseOf(tx, scope, treatmentId, true);
    if (course.status !== CourseStatus.active) throw conflict('patient.courseNotActive');
    if (course.patientType !== 1) throw conflict('patient.cancelNotOutpatient');
    const [treated] = await tx
      .select({ n: count() })
      .from(treatmentProjects)
      .where(and(eq(treatmentProjects.treatmentId, treatmentId), sql`${treatmentProjects.treatedTimes} > 0`));
    if (Number(treated?.n ?? 0) > 0) throw conflict('patient.cancelHasTreated');
    const now = clockNow();
    await tx
      .update(treatmentProjects)
      .set({ status: ProjectStatus.disabled, disabledAt: now, updatedAt: now, updatedBy: scope.userId })
      .where(
        and(eq(treatmentProjects.treatmentId, treatmentId), eq(treatmentProjects.status, ProjectStatus.inProgress)),
      );
    await tx
      .update(treatments)
      .set({ status: CourseStatus.cancelled, endTime: now, updatedAt: now, updatedBy: scope.userId })
      .where(eq(treatments.id, treatmentId));
    await emit('patients.courseClosed', { scope, treatmentId });
  });
}

/** Ends a course (or discharges from `dischargeTime`): its projects in progress become completed. */
export async function closeCourse(host: UnitOfWorkHost, scope: Scope, treatmentId: number, dischargeTime?: Date) {
  await runUnitOfWork(host, async ({ tx, emit }) => {
    const course = await courseOf(tx, scope, treatmentId, true);
    if (course.status !== CourseStatus.active) throw conflict('patient.courseNotActive');
    const now = clockNow();
    if (dischargeTime) {
      if (dischargeTime.getTime() < course.registerTime.getTime())
        throw bad('patient.dischargeBeforeRegister', 'dischargeTime');
      if (dischargeTime.getTime() > now.getTime() + 60_000) throw bad('patient.dischargeFuture', 'dischargeTime');
    }
    await tx
      .update(treatmentProjects)
      .set({ status: ProjectStatus.completed, updatedAt: now, updatedBy: scope.userId })
      .where(
        and(eq(treatmentProjects.treatmentId, treatmentId), eq(treatmentProjects.status, ProjectStatus.inProgress)),
      );
    await tx
      .update(treatments)
      .set({
        status: dischargeTime ? CourseStatus.discharged : CourseStatus.ended,
        endTime: dischargeTime ?? now,
        dischargeTime: dischargeTime ?? null,
        updatedAt: now,
        updatedBy: scope.userId,
      })
      .where(eq(treatments.id, treatmentId));
    await emit('patients.courseClosed', { scope, treatmentId });
  });
}

/**
 * Opens a new active course from a previous one: same diagnosis, office and staff, and its projects prescribed
 * again from zero treated times.
 */
export async function reopenCourse(host: UnitOfWorkHost, scope: Scope, patientId: number, basedOnId: number) {
  try {
    return await runUnitOfWork(host, async ({ tx, emit }) => {
      const base = await courseOf(tx, scope, basedOnId);
      if (base.patientId !== patientId) throw notFound();
      const dup = await activeCourseConflict(tx, patientId);
      if (dup) throw conflict('patient.reopenActive', {}, { patientId, treatmentId: dup.extra.treatmentId });
      const {
        id: _id,
        status: _s,
        endTime: _e,
        dischargeTime: _d,
        registerTime: _r,
        createdAt: _c,
        updatedAt: _u,
        basedOnId: _b,
        ...copy
      } = base;
      const now = clockNow();
      const [course] = await tx
        .insert(treatments)
        .values({
          ...copy,
          status: CourseStatus.active,
          basedOnId,
          registerTime: now,
          createdBy: scope.userId,
          updatedBy: scope.userId,
        })
        .returning({ id: treatments.id });
      const projects = await tx
        .select()
        .from(treatmentProjects)
        .where(
          and(
            eq(treatmentProjects.treatmentId, basedOnId),
            sql`${treatmentProjects.status} <> ${ProjectStatus.disabled}`,
          ),
        );
      if (projects.length) {
        const added = await tx
          .insert(treatmentProjects)
          .values(
            projects.map(({ id: _pid, createdAt: _pc, updatedAt: _pu, disabledAt: _pd, ...p }) => ({
              ...p,
              treatmentId: course!.id,
              status: ProjectStatus.inProgress,
              treatedTimes: 0,
              createdBy: scope.userId,
              updatedBy: scope.userId,
            })),
          )
          .returning({ id: treatmentProjects.id });
        const ids = added.map((r) => r.id);
        await emit('patients.projectsPrescribed', { scope, projectIds: ids });
      }
      return { patientId, treatmentId: course!.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('patient.reopenActive');
    throw err;
  }
}

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
  if (q.keyword) {
    const k = escapeLike(q.keyword);
    const lower = k.toLowerCase();
    where.push(
      /^[a-z]+$/i.test(q.keyword)
        ? or(sql`${patients.namePinyin} LIKE ${`${lower}%`}`, sql`${patients.nameInitials} LIKE ${`${lower}%`}`)
        : /^[0-9Xx]+$/.test(q.keyword)
          ? sql`${patients.idNumber} LIKE ${`${k.toUpperCase()}%`}`
          : sql`${patients.name} LIKE ${`${k}%`}`,
    );
  }
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
  officeName: lookup<string>(offices.name, offices, offices.id, treatments.officeId),
  officeNameLang: lookup<unknown>(offices.nameLang, offices, offices.id, treatments.officeId),
  diseaseName: lookup<string>(sysDisease.name, sysDisease, sysDisease.id, treatments.diseaseId),
  diseaseNameEn: lookup<string | null>(sysDisease.nameEn, sysDisease, sysDisease.id, treatments.diseaseId),
  functioningName: lookup<string>(sysFunctioning.name, sysFunctioning, sysFunctioning.id, treatments.functioningId),
  functioningNameEn: lookup<string | null>(
    sysFunctioning.nameEn,
    sysFunctioning,
    sysFunctioning.id,
    treatments.functioningId,
  ),
  doctorName: lookup<string | null>(users.name, users, users.id, treatments.doctorId),
  therapistName: lookup<string | null>(users.name, users, users.id, treatments.therapistId),
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

// ---------------------------------------------------------------------------------------------------------------
// Treatment projects

async function checkProjectRefs(tx: TxOrDb, scope: Scope, p: ProjectInput, prefix: string) {
  await inOrg(tx, sysProjectTemplate, p.templateId, scope, `${prefix}templateId`);
  await inOrg(tx, sysPart, p.partId, scope, `${prefix}partId`);
  await inOrg(tx, sysEquipment, p.equipmentId, scope, `${prefix}equipmentId`);
  await checkOffice(tx, p.execOfficeId, scope, `${prefix}execOfficeId`);
  await checkStaff(tx, p.therapistId, RoleId.therapist, scope, `${prefix}therapistId`);
}

function projectValues(p: ProjectInput) {
  const amounts = projectAmounts(p);
  return {
    templateId: p.templateId ?? null,
    comboName: p.comboName ?? null,
    name: p.name,
    process: p.process ?? null,
    partId: p.partId ?? null,
    notes: p.notes ?? null,
    execOfficeId: p.execOfficeId,
    therapistId: p.therapistId ?? null,
    quantity: p.quantity,
    unitName: p.unitName ?? null,
    times: p.times,
    duration: p.duration,
    frequency: p.frequency,
    unitPrice: p.unitPrice.toFixed(2),
    totalTimes: amounts.totalTimes,
    totalDosage: amounts.totalDosage,
    dailyTotalDosage: amounts.dailyTotalDosage,
    totalPrice: amounts.totalPrice.toFixed(2),
    remark: p.remark ?? null,
    workdaySetting: p.workdaySetting,
    bedside: p.bedside,
    shortLong: p.shortLong,
    equipmentId: p.equipmentId ?? null,
    linkName: p.linkName ?? null,
    linkPrice: decimal(p.linkPrice, 2),
    linkMethod: p.linkMethod ?? null,
  };
}

export async function saveRecipe(host: UnitOfWorkHost, scope: Scope, treatmentId: number, projects: ProjectInput[]) {
  return runUnitOfWork(host, async ({ tx, emit }) => {
    const course = await courseOf(tx, scope, treatmentId, true);
    if (course.status !== CourseStatus.active) throw conflict('patient.courseNotActive');
    for (const [i, p] of projects.entries()) await checkProjectRefs(tx, scope, p, `projects.${i}.`);
    const rows = await tx
      .insert(treatmentProjects)
      .values(
        projects.map((p) => ({
          ...projectValues(p),
          treatOfficeId: course.officeId,
          organizationId: scope.organizationId,
          patientId: course.patientId,
          treatmentId,
          createdBy: scope.userId,
          updatedBy: scope.userId,
        })),
      )
      .returning({ id: treatmentProjects.id });
    const ids = rows.map((r) => r.id);
    await emit('patients.projectsPrescribed', { scope, projectIds: ids });
    return ids;
  });
}

async function projectsOf(tx: TxOrDb, scope: Scope, ids: number[]) {
  const rows = await tx
    .select()
    .from(treatmentProjects)
    .where(and(eq(treatmentProjects.organizationId, scope.organizationId), inArray(treatmentProjects.id, ids)))
    .for('update');
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

export async function updateProject(host: UnitOfWorkHost, scope: Scope, id: number, p: ProjectInput) {
  await runUnitOfWork(host, async ({ tx, emit }) => {
    const [row] = await projectsOf(tx, scope, [id]);
    if (row!.status !== ProjectStatus.inProgress) throw conflict('patient.projectNotInProgress');
    await checkProjectRefs(tx, scope, p, '');
    await tx
      .update(treatmentProjects)
      .set({ ...projectValues(p), updatedAt: clockNow(), updatedBy: scope.userId })
      .where(eq(treatmentProjects.id, id));
    await emit('patients.projectsChanged', { scope, projectIds: [id] });
  });
}

/** Batch end (completed) or disable: all named projects must be in progress, else nothing changes (409). */
export async function setProjectsStatus(host: UnitOfWorkHost, scope: Scope, ids: number[], status: 2 | 3) {
  await runUnitOfWork(host, async ({ tx, emit }) => {
    const rows = await projectsOf(tx, scope, ids);
    if (rows.some((r) => r.status !== ProjectStatus.inProgress)) throw conflict('patient.endProjectsFailed');
    const now = clockNow();
    await tx
      .update(treatmentProjects)
      .set({
        status,
        disabledAt: status === ProjectStatus.disabled ? now : null,
        updatedAt: now,
        updatedBy: scope.userId,
      })
      .where(inArray(treatmentProjects.id, ids));
    await emit('patients.projectsChanged', { scope, projectIds: ids });
  });
}

/**
 * Gives projects that have neither a therapist nor a therapist group one of the two; a project that already has
 * one (or is not in progress) refuses all with 409 'Assignment failed!'.
 */
export async function assignTherapist(
  host: UnitOfWorkHost,
  scope: Scope,
  ids: number[],
  to: { therapistId?: number; teamId?: number },
) {
  await runUnitOfWork(host, async ({ tx, emit }) => {
    const rows = await projectsOf(tx, scope, ids);
    await checkStaff(tx, to.therapistId, RoleId.therapist, scope, 'therapistId');
    if (to.teamId !== undefined) await checkTeam(tx, scope, to.teamId);
    if (rows.some((r) => r.therapistId !== null || r.teamId !== null || r.status !== ProjectStatus.inProgress))
      throw conflict('patient.assignFailed');
    await tx
      .update(treatmentProjects)
      .set({
        therapistId: to.therapistId ?? null,
        teamId: to.teamId ?? null,
        updatedAt: clockNow(),
        updatedBy: scope.userId,
      })
      .where(inArray(treatmentProjects.id, ids));
    await emit('patients.projectsChanged', { scope, projectIds: ids });
  });
}

/** A therapist group of the organization that is in use (400 on `teamId` otherwise). */
async function checkTeam(tx: TxOrDb, scope: Scope, teamId: number) {
  if (!(await isActiveTeam(tx, scope.organizationId, teamId))) throw bad('plan.teamNotInOrganization', 'teamId');
}

/** The organization's therapist groups in use, for the assignment picker. */
export async function teamsOf(db: Db, scope: Scope) {
  return activeTeamsOf(db, scope.organizationId);
}

const projectTherapist = aliasedTable(users, 'project_therapist');
const execOffice = aliasedTable(offices, 'exec_office');

export async function listProjects(db: Db, scope: Scope, patientId: number, treatmentId: number, type: 1 | 2) {
  const course = await courseOf(db, scope, treatmentId);
  if (course.patientId !== patientId) throw notFound();
  const rows = await db
    .select({
      project: treatmentProjects,
      therapistName: projectTherapist.name,
      teamName: treatmentTeams.name,
      execOfficeName: execOffice.name,
      execOfficeNameLang: execOffice.nameLang,
      partName: sysPart.name,
      equipmentName: sysEquipment.name,
    })
    .from(treatmentProjects)
    .leftJoin(projectTherapist, eq(projectTherapist.id, treatmentProjects.therapistId))
    .leftJoin(treatmentTeams, eq(treatmentTeams.id, treatmentProjects.teamId))
    .innerJoin(execOffice, eq(execOffice.id, treatmentProjects.execOfficeId))
    .leftJoin(sysPart, eq(sysPart.id, treatmentProjects.partId))
    .leftJoin(sysEquipment, eq(sysEquipment.id, treatmentProjects.equipmentId))
    .where(
      and(
        eq(treatmentProjects.treatmentId, treatmentId),
        type === 1 ? eq(treatmentProjects.status, ProjectStatus.inProgress) : undefined,
      ),
    )
    .orderBy(asc(treatmentProjects.status), asc(treatmentProjects.id));
  return rows.map((r) => ({
    ...r.project,
    unitPrice: Number(r.project.unitPrice),
    totalPrice: Number(r.project.totalPrice),
    linkPrice: num(r.project.linkPrice),
    therapistName: r.therapistName,
    teamName: r.teamName,
    execOfficeName: (r.execOfficeNameLang as Record<string, string>)[scope.locale] ?? r.execOfficeName,
    partName: r.partName as string | null,
    equipmentName: r.equipmentName as string | null,
  }));
}

export async function getProject(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select({ patientId: treatmentProjects.patientId, treatmentId: treatmentProjects.treatmentId })
    .from(treatmentProjects)
    .where(and(eq(treatmentProjects.id, id), eq(treatmentProjects.organizationId, scope.organizationId)))
    .limit(1);
  if (!row) throw notFound();
  const list = await listProjects(db, scope, row.patientId, row.treatmentId, 2);
  return list.find((p) => p.id === id)!;
}

/** Projects in progress of active courses with neither a therapist nor a group, optionally of some executing offices. */
export async function unassignedCount(db: TxOrDb, organizationId: number, officeIds?: number[]) {
  const [row] = await db
    .select({ n: count() })
    .from(treatmentProjects)
    .innerJoin(treatments, eq(treatments.id, treatmentProjects.treatmentId))
    .where(
      and(
        eq(treatmentProjects.organizationId, organizationId),
        isNull(treatmentProjects.therapistId),
        isNull(treatmentProjects.teamId),
        eq(treatmentProjects.status, ProjectStatus.inProgress),
        eq(treatments.status, CourseStatus.active),
        officeIds?.length ? inArray(treatmentProjects.execOfficeId, officeIds) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The organization's treating staff for the pickers: therapists or doctors. */
export async function staffOf(db: Db, scope: Scope, roleId: number) {
  return staffWithRoles(db, scope.organizationId, [roleId], { order: 'id' });
}

/** Disease or functional diagnosis search: Chinese or English text anywhere, code, pinyin or initials as a prefix. */
export async function searchDiagnosis(
  db: Db,
  table: EntityTable,
  scope: Scope,
  keyword: string | undefined,
  limit: number,
) {
  const where: (SQL | undefined)[] = [eq(table.organizationId, scope.organizationId)];
  if (keyword) {
    const k = escapeLike(keyword);
    const lower = k.toLowerCase().replace(/\s+/g, '');
    where.push(
      or(
        sql`${table.name} ILIKE ${`%${k}%`}`,
        sql`${table.nameEn} ILIKE ${`%${k}%`}`,
        sql`${table.code} ILIKE ${`${k}%`}`,
        sql`${table.namePinyin} LIKE ${`${lower}%`}`,
        sql`${table.nameInitials} LIKE ${`${lower}%`}`,
      ),
    );
  }
  const rows = await db
    .select({ id: table.id, name: table.name, nameEn: table.nameEn, code: table.code })
    .from(table)
    .where(and(...where))
    .orderBy(sql`${table.sort} ASC NULLS LAST`, asc(table.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id as number,
    name: (scope.locale === 'en' && (r.nameEn as string | null)) || (r.name as string),
    code: r.code as string | null,
  }));
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
