import { and, asc, eq, max, ne } from 'drizzle-orm';
import {
  CourseStatus,
  ProjectStatus,
  ResultCode,
  WorkOrderStatus,
  executiveCode,
  parseExecutiveCode,
} from '@rehab/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { lockProject, projectWithCourse } from '../patients';
import { clinicToday } from './work-orders.generation';
import { workOrderHistory, workOrders } from './work-orders.tables';
import { orderView, type OrderScope } from './work-orders.service';

// recoveryproject: the executive code of a project (printed on the treatment card, shown with the project)

async function projectByCode(db: Db, scope: OrderScope, code: string) {
  const id = parseExecutiveCode(code);
  if (id === null) throw new AppError(ResultCode.badRequest, 'validation.executiveCode', {}, { field: 'code' });
  const p = await projectWithCourse(db, scope.organizationId, id);
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
    await lockProject(tx, p.id);
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
