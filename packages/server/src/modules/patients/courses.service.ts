import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CourseStatus,
  DEFAULT_OUTPATIENT_NO_FORMAT,
  ProjectStatus,
  RoleId,
  checkIdCard,
  formatOutpatientNo,
  outpatientCounterPeriod,
  type patientRegisterSchema,
} from '@rehab/shared';
import type { Db, TxOrDb } from '../../db/client';
import { runUnitOfWork, type UnitOfWorkHost } from '../../kernel/unit-of-work';
import './patients.events';
import { pinyinKeys } from '../../db/pinyin';
import { notFound } from '../../http/errors';
import { patientCounters, patients, treatmentProjects, treatments } from './patients.tables';
import { clinicToday, clockNow } from '../../kernel/clock';
import { bad, checkOffice, checkStaff, conflict, courseOf, decimal, inOrg, type Scope } from './patients.service';

type Registration = z.output<typeof patientRegisterSchema>;

async function checkRegistrationRefs(tx: TxOrDb, v: Registration, scope: Scope) {
  await inOrg(tx, 'disease', v.diseaseId, scope, 'diseaseId');
  await inOrg(tx, 'functioning', v.functioningId, scope, 'functioningId');
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

/**
 * The organization's next outpatient number for a registration at `at` (the clinic day's date tokens), from the
 * counter row of the format's period: the row stays locked until the registration commits, so concurrent
 * registrations take consecutive numbers and a rolled-back one gives its number back.
 */
export async function nextOutpatientNo(tx: TxOrDb, organizationId: number, format: string, at: Date) {
  const day = clinicToday(at);
  const [row] = await tx
    .insert(patientCounters)
    .values({ organizationId, name: 'outpatient', period: outpatientCounterPeriod(format, day), last: 1 })
    .onConflictDoUpdate({
      target: [patientCounters.organizationId, patientCounters.name, patientCounters.period],
      set: { last: sql`${patientCounters.last} + 1` },
    })
    .returning({ last: patientCounters.last });
  return formatOutpatientNo(format, day, row!.last);
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
export async function registerPatient(
  db: Db,
  scope: Scope,
  v: Registration,
  outpatientNoFormat = DEFAULT_OUTPATIENT_NO_FORMAT,
) {
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
      const registerTime = v.registerTime ? new Date(v.registerTime) : clockNow();
      // an outpatient registered without a number (no hospital system gave one) gets the organization's next
      const outpatientNo =
        v.patientType === 1 && !v.outpatientNo
          ? await nextOutpatientNo(tx, scope.organizationId, outpatientNoFormat, registerTime)
          : (v.outpatientNo ?? null);
      const [course] = await tx
        .insert(treatments)
        .values({
          ...courseValues(v),
          outpatientNo,
          organizationId: scope.organizationId,
          patientId,
          status: CourseStatus.active,
          registerTime,
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
