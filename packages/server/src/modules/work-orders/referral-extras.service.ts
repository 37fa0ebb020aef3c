import { and, asc, eq, gte, ilike, inArray, lte, max, ne, or, type SQL } from 'drizzle-orm';
import {
  CourseStatus,
  ProjectStatus,
  ReferralComboType,
  ResultCode,
  RoleId,
  WorkOrderStatus,
  executiveCode,
  parseExecutiveCode,
  type comboBoxSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { userRoles } from '../roles/roles.tables';
import { users } from '../users/users.tables';
import { sysEquipment } from '../master-data/master-data.tables';
import { AppError, notFound } from '../../http/errors';
import { patients, treatmentProjects, treatments } from '../patients/patients.tables';
import { schedules } from '../scheduling/scheduling.tables';
import { treatmentTeamMembers } from '../teams/teams.tables';
import { clinicToday } from './work-orders.generation';
import { workOrderHistory, workOrders } from './work-orders.tables';
import { lockOrders, orderView, type OrderScope } from './work-orders.service';
import { clockNow } from '../../kernel/clock';

// The remaining calls of the spec's Referral list: the equipment used for an order, the treatment record, the option
// lists of the filters and of a patient's scheduling, and the executive code of a project (docs/decisions.md).

/** TreatmentEquipment: the piece of equipment used for an order (unfinished or completed); null clears it. */
export async function setOrderEquipment(db: Db, scope: OrderScope, id: number, equipmentId: number | null) {
  await db.transaction(async (tx) => {
    const [o] = await lockOrders(tx, scope, [id]);
    if (o.status === WorkOrderStatus.invalidated || o.status === WorkOrderStatus.expired)
      throw new AppError(ResultCode.conflict, 'workOrder.equipmentClosed');
    let name: string | null = null;
    if (equipmentId !== null) {
      const [e] = await tx
        .select({ name: sysEquipment.name })
        .from(sysEquipment)
        .where(
          and(
            eq(sysEquipment.id, equipmentId),
            eq(sysEquipment.organizationId, scope.organizationId),
            eq(sysEquipment.status, 1),
          ),
        );
      if (!e) throw new AppError(ResultCode.badRequest, 'workOrder.equipmentUnknown', {}, { field: 'equipmentId' });
      name = e.name as string;
    }
    const now = clockNow();
    await tx
      .update(workOrders)
      .set({ equipmentId, updatedAt: now, updatedBy: scope.userId })
      .where(eq(workOrders.id, id));
    await tx.insert(workOrderHistory).values({
      organizationId: scope.organizationId,
      workOrderId: id,
      action: 'equipment',
      fromStatus: o.status,
      toStatus: o.status,
      reason: name,
      actorId: scope.userId,
      at: now,
    });
  });
  return orderView(db, scope, id);
}

/**
 * editTreatRecord: the treatment record of a completed order, written only by the therapist who executed it. Each
 * change is a history row (action `record`, its first 100 characters as the reason).
 */
export async function editTreatRecord(db: Db, scope: OrderScope, id: number, record: string) {
  await db.transaction(async (tx) => {
    const [o] = await lockOrders(tx, scope, [id]);
    if (o.status !== WorkOrderStatus.completed) throw new AppError(ResultCode.conflict, 'workOrder.recordNotExecuted');
    if (o.executorId !== scope.userId) throw new AppError(ResultCode.forbidden, 'workOrder.recordNotYours');
    const now = clockNow();
    await tx
      .update(workOrders)
      .set({ treatRecord: record, updatedAt: now, updatedBy: scope.userId })
      .where(eq(workOrders.id, id));
    await tx.insert(workOrderHistory).values({
      organizationId: scope.organizationId,
      workOrderId: id,
      action: 'record',
      fromStatus: o.status,
      toStatus: o.status,
      reason: record.slice(0, 100),
      actorId: scope.userId,
      at: now,
    });
  });
  return orderView(db, scope, id);
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * queryComboBox: projects, patients or therapists found on the organization's orders, or the organization's enabled
 * equipment, by name.
 */
export async function comboBox(db: Db, scope: OrderScope, q: z.output<typeof comboBoxSchema>) {
  const where: SQL[] = [eq(workOrders.organizationId, scope.organizationId)];
  if (q.startDate) where.push(gte(workOrders.treatDate, q.startDate));
  if (q.endDate) where.push(lte(workOrders.treatDate, q.endDate));
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : null;
  if (q.type === ReferralComboType.project) {
    if (like) where.push(ilike(treatmentProjects.name, like));
    const rows = await db
      .selectDistinct({ id: treatmentProjects.id, name: treatmentProjects.name })
      .from(workOrders)
      .innerJoin(treatmentProjects, eq(treatmentProjects.id, workOrders.projectId))
      .where(and(...where))
      .orderBy(asc(treatmentProjects.name), asc(treatmentProjects.id))
      .limit(500);
    return rows;
  }
  if (q.type === ReferralComboType.patient) {
    if (like)
      where.push(
        or(ilike(patients.name, like), ilike(patients.namePinyin, like), ilike(patients.nameInitials, like)) as SQL,
      );
    return db
      .selectDistinct({ id: patients.id, name: patients.name })
      .from(workOrders)
      .innerJoin(patients, eq(patients.id, workOrders.patientId))
      .where(and(...where))
      .orderBy(asc(patients.name), asc(patients.id))
      .limit(500);
  }
  if (q.type === ReferralComboType.equipment) {
    // every enabled piece of the organization: the list also offers the equipment for TreatmentEquipment
    const rows = await db
      .select({ id: sysEquipment.id, name: sysEquipment.name })
      .from(sysEquipment)
      .where(
        and(
          eq(sysEquipment.organizationId, scope.organizationId),
          eq(sysEquipment.status, 1),
          like ? ilike(sysEquipment.name, like) : undefined,
        ),
      )
      .orderBy(asc(sysEquipment.name), asc(sysEquipment.id))
      .limit(500);
    return rows as { id: number; name: string }[];
  }
  if (like) where.push(ilike(users.name, like));
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(workOrders)
    .innerJoin(
      users,
      or(
        eq(users.id, workOrders.therapistId),
        eq(users.id, workOrders.authorizedTherapistId),
        eq(users.id, workOrders.executorId),
      ),
    )
    .where(and(...where))
    .orderBy(asc(users.name), asc(users.id))
    .limit(500);
}

/** selectDoctorComboBox: the doctors whose patients have orders in the organization. */
export async function doctorComboBox(db: Db, scope: OrderScope) {
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(workOrders)
    .innerJoin(treatments, eq(treatments.id, workOrders.treatmentId))
    .innerJoin(users, eq(users.id, treatments.doctorId))
    .where(eq(workOrders.organizationId, scope.organizationId))
    .orderBy(asc(users.name), asc(users.id))
    .limit(500);
}

/**
 * querySelectTh / querySelectDoctor (type): type 1 every enabled therapist (doctor) of the organization, type 2 only
 * those with orders today (therapists: assigned, authorized or executing; doctors: of the patients).
 */
export async function staffSelect(db: Db, scope: OrderScope, role: 'therapist' | 'doctor', type: 1 | 2) {
  if (type === 1) {
    return db
      .selectDistinct({ id: users.id, name: users.name })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(
        and(
          eq(userRoles.organizationId, scope.organizationId),
          eq(userRoles.roleId, role === 'therapist' ? RoleId.therapist : RoleId.doctor),
          eq(users.status, 1),
        ),
      )
      .orderBy(asc(users.name), asc(users.id));
  }
  const today = and(
    eq(workOrders.organizationId, scope.organizationId),
    eq(workOrders.treatDate, clinicToday()),
    ne(workOrders.status, WorkOrderStatus.invalidated),
  );
  if (role === 'doctor')
    return db
      .selectDistinct({ id: users.id, name: users.name })
      .from(workOrders)
      .innerJoin(treatments, eq(treatments.id, workOrders.treatmentId))
      .innerJoin(users, eq(users.id, treatments.doctorId))
      .where(today)
      .orderBy(asc(users.name), asc(users.id));
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(workOrders)
    .innerJoin(users, or(eq(users.id, workOrders.therapistId), eq(users.id, workOrders.authorizedTherapistId)))
    .where(today)
    .orderBy(asc(users.name), asc(users.id));
}

async function patientOf(db: Db, scope: OrderScope, patientId: number) {
  const [p] = await db
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.organizationId, scope.organizationId)));
  if (!p) throw notFound();
  return p;
}

/**
 * querySelectTh4PatientScheduling: the therapists who may be booked for a patient's orders of the day: the order's
 * therapist, the authorized therapist, or the members of the order's group when nobody is named.
 */
export async function therapistsForPatient(db: Db, scope: OrderScope, patientId: number, date?: string) {
  await patientOf(db, scope, patientId);
  const orders = await db
    .select({
      therapistId: workOrders.therapistId,
      authorizedTherapistId: workOrders.authorizedTherapistId,
      teamId: workOrders.teamId,
    })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.organizationId, scope.organizationId),
        eq(workOrders.patientId, patientId),
        eq(workOrders.treatDate, date ?? clinicToday()),
        eq(workOrders.status, WorkOrderStatus.unfinished),
      ),
    );
  const ids = new Set<number>();
  const teams = new Set<number>();
  for (const o of orders) {
    const named = o.authorizedTherapistId ?? o.therapistId;
    if (named) ids.add(named);
    else if (o.teamId) teams.add(o.teamId);
  }
  if (teams.size) {
    const members = await db
      .select({ userId: treatmentTeamMembers.userId })
      .from(treatmentTeamMembers)
      .where(inArray(treatmentTeamMembers.teamId, [...teams]));
    for (const m of members) ids.add(m.userId);
  }
  if (!ids.size) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.status, 1)))
    .orderBy(asc(users.name), asc(users.id));
}

/** getTodayPatientScheduling: a patient's bookings of the day (today unless given), by start time. */
export async function patientScheduling(db: Db, scope: OrderScope, patientId: number, date?: string) {
  const patient = await patientOf(db, scope, patientId);
  const day = date ?? clinicToday();
  const list = await db
    .select({
      scheduleId: schedules.id,
      workOrderId: schedules.workOrderId,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      therapistId: schedules.therapistId,
      therapistName: users.name,
      equipmentId: schedules.equipmentId,
      equipmentName: sysEquipment.name,
      projectId: workOrders.projectId,
      projectName: treatmentProjects.name,
      status: workOrders.status,
      checkedInAt: workOrders.checkedInAt,
    })
    .from(schedules)
    .innerJoin(workOrders, eq(workOrders.id, schedules.workOrderId))
    .innerJoin(treatmentProjects, eq(treatmentProjects.id, workOrders.projectId))
    .innerJoin(users, eq(users.id, schedules.therapistId))
    .leftJoin(sysEquipment, eq(sysEquipment.id, schedules.equipmentId))
    .where(
      and(
        eq(schedules.organizationId, scope.organizationId),
        eq(schedules.patientId, patientId),
        eq(schedules.treatDate, day),
      ),
    )
    .orderBy(asc(schedules.startTime), asc(schedules.id));
  return {
    patientId: patient.id,
    patientName: patient.name,
    date: day,
    list: list.map((r) => ({
      ...r,
      equipmentName: r.equipmentName as string | null,
      checkedInAt: r.checkedInAt?.toISOString() ?? null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// recoveryproject: the executive code of a project (printed on the treatment card, shown with the project)

async function projectByCode(db: Db, scope: OrderScope, code: string) {
  const id = parseExecutiveCode(code);
  if (id === null) throw new AppError(ResultCode.badRequest, 'validation.executiveCode', {}, { field: 'code' });
  const [p] = await db
    .select({
      id: treatmentProjects.id,
      name: treatmentProjects.name,
      patientId: treatmentProjects.patientId,
      patientName: patients.name,
      treatmentId: treatmentProjects.treatmentId,
      execOfficeId: treatmentProjects.execOfficeId,
      therapistId: treatmentProjects.therapistId,
      teamId: treatmentProjects.teamId,
      equipmentId: treatmentProjects.equipmentId,
      frequency: treatmentProjects.frequency,
      duration: treatmentProjects.duration,
      totalTimes: treatmentProjects.totalTimes,
      treatedTimes: treatmentProjects.treatedTimes,
      status: treatmentProjects.status,
      courseStatus: treatments.status,
      outpatientNo: treatments.outpatientNo,
      inpatientNo: treatments.inpatientNo,
    })
    .from(treatmentProjects)
    .innerJoin(treatments, eq(treatments.id, treatmentProjects.treatmentId))
    .innerJoin(patients, eq(patients.id, treatmentProjects.patientId))
    .where(and(eq(treatmentProjects.id, id), eq(treatmentProjects.organizationId, scope.organizationId)));
  if (!p) throw new AppError(ResultCode.notFound, 'workOrder.executiveCodeUnknown');
  return p;
}

async function todayOrdersOf(db: Db, scope: OrderScope, projectId: number) {
  const rows = await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.projectId, projectId),
        eq(workOrders.treatDate, clinicToday()),
        ne(workOrders.status, WorkOrderStatus.invalidated),
      ),
    )
    .orderBy(asc(workOrders.seq));
  return Promise.all(rows.map((r) => orderView(db, scope, r.id)));
}

/** selectProjectByExecutiveCode: the project of a scanned code with its patient and today's orders. */
export async function projectByExecutiveCode(db: Db, scope: OrderScope, code: string) {
  const p = await projectByCode(db, scope, code);
  const { outpatientNo, inpatientNo, ...project } = p;
  return {
    ...project,
    executiveCode: executiveCode(p.id),
    cardNo: outpatientNo ?? inpatientNo ?? String(p.patientId),
    active: p.status === ProjectStatus.inProgress && p.courseStatus === CourseStatus.active,
    todayOrders: await todayOrdersOf(db, scope, p.id),
  };
}

/**
 * createReferralByExecutiveCode: today's order of the scanned project, created when the project has none today
 * (e.g. a treatment day moved by the patient). Refused when the project or course is not active or every treatment
 * is used. Answers today's orders and whether one was created.
 */
export async function createByExecutiveCode(db: Db, scope: OrderScope, code: string) {
  const p = await projectByCode(db, scope, code);
  const today = clinicToday();
  const created = await db.transaction(async (tx) => {
    // one scan at a time per project: the lock makes two simultaneous scans create one order
    await tx
      .select({ id: treatmentProjects.id })
      .from(treatmentProjects)
      .where(eq(treatmentProjects.id, p.id))
      .for('update');
    const existing = await tx
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(
        and(
          eq(workOrders.projectId, p.id),
          eq(workOrders.treatDate, today),
          ne(workOrders.status, WorkOrderStatus.invalidated),
        ),
      );
    if (existing.length) return false;
    if (p.status !== ProjectStatus.inProgress || p.courseStatus !== CourseStatus.active)
      throw new AppError(ResultCode.conflict, 'workOrder.projectNotActive');
    if (p.treatedTimes >= p.totalTimes) throw new AppError(ResultCode.conflict, 'workOrder.projectTimesUsed');
    const [last] = await tx
      .select({ seq: max(workOrders.seq) })
      .from(workOrders)
      .where(and(eq(workOrders.projectId, p.id), eq(workOrders.treatDate, today)));
    const [row] = await tx
      .insert(workOrders)
      .values({
        organizationId: scope.organizationId,
        patientId: p.patientId,
        treatmentId: p.treatmentId,
        projectId: p.id,
        execOfficeId: p.execOfficeId,
        equipmentId: p.equipmentId,
        therapistId: p.therapistId,
        teamId: p.teamId,
        treatDate: today,
        seq: (last?.seq ?? 0) + 1,
        createdBy: scope.userId,
        updatedBy: scope.userId,
      })
      .returning({ id: workOrders.id });
    await tx.insert(workOrderHistory).values({
      organizationId: scope.organizationId,
      workOrderId: row!.id,
      action: 'scan',
      fromStatus: null,
      toStatus: WorkOrderStatus.unfinished,
      actorId: scope.userId,
    });
    return true;
  });
  return { created, executiveCode: executiveCode(p.id), list: await todayOrdersOf(db, scope, p.id) };
}
