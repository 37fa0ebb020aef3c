import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import {
  CourseStatus,
  ProjectStatus,
  WorkOrderStatus,
  addDays,
  clinicDate,
  generationWindow,
  plannedOrders,
  translate,
  type Locale,
} from '@rehab/shared';
import type { Db, TxOrDb } from '../../db/client';
import { projectIdsOfCourse, projectsToPlan, type PlannedProject, type Scope } from '../patients';
import { on } from '../../kernel/events';
import { workOrderHistory, workOrders } from './work-orders.tables';
import { invalidateOrders } from './course-transfer';
import { clinicTimeZone, clinicToday, clockNow } from '../../kernel/clock';

/**
 * Generation of work orders (治疗工单) from treatment projects, and their upkeep when projects change.
 *
 * - When a project is prescribed, its orders of the generation window (today and the next 6 days, shared
 *   `GENERATION_WINDOW_DAYS`) are created in the prescribing transaction (event `patients.projectsPrescribed`).
 * - The daily job `workOrderGenerate` extends the window of every project in progress of an active course.
 * - When a project is updated, assigned, ended or disabled, or its course ends, is discharged or cancelled, the
 *   project's unfinished orders from today on are compared with its plan: orders no longer planned are invalidated
 *   (status 2) with a reason, the others follow the project's therapist, equipment and executing office, and newly
 *   planned ones are created.
 * - The daily job `workOrderExpire` turns unfinished orders of past days into expired ones (status 4).
 * Every change writes a history row (actor null when the product itself acted).
 */

/** The clinic's today (kernel/clock): the same time zone as the scheduled jobs, on the application's clock. */
export { clinicToday };

const isActive = (p: PlannedProject) => p.status === ProjectStatus.inProgress && p.courseStatus === CourseStatus.active;

function plan(p: PlannedProject, from: string, to: string) {
  return plannedOrders(
    {
      startDate: clinicDate(p.createdAt, clinicTimeZone()),
      frequency: p.frequency,
      totalTimes: p.totalTimes,
      workdaySetting: p.workdaySetting,
      active: isActive(p),
    },
    from,
    to,
  );
}

/** Creates the planned orders of the projects from `from` to `to` that do not exist yet; answers how many. */
async function createPlanned(tx: TxOrDb, projects: PlannedProject[], from: string, to: string, actorId: number | null) {
  let created = 0;
  for (const p of projects) {
    const planned = plan(p, from, to);
    if (!planned.length) continue;
    const rows = await tx
      .insert(workOrders)
      .values(
        planned.map((o) => ({
          organizationId: p.organizationId,
          patientId: p.patientId,
          treatmentId: p.treatmentId,
          projectId: p.id,
          execOfficeId: p.execOfficeId,
          equipmentId: p.equipmentId,
          therapistId: p.therapistId,
          teamId: p.teamId,
          treatDate: o.date,
          seq: o.seq,
          createdBy: actorId,
          updatedBy: actorId,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: workOrders.id, organizationId: workOrders.organizationId });
    if (!rows.length) continue;
    created += rows.length;
    await tx.insert(workOrderHistory).values(
      rows.map((r) => ({
        organizationId: r.organizationId,
        workOrderId: r.id,
        action: 'generate',
        fromStatus: null,
        toStatus: WorkOrderStatus.unfinished,
        actorId,
      })),
    );
  }
  return created;
}

/**
 * Orders of new projects for the window starting today (or `from`, for demo data of past days). Runs in the
 * prescribing transaction.
 */
export async function generateForProjects(
  tx: TxOrDb,
  organizationId: number,
  projectIds: number[],
  actorId: number | null,
  window = generationWindow(clinicToday()),
) {
  if (!projectIds.length) return 0;
  const projects = await projectsToPlan(tx, { organizationId, ids: projectIds });
  return createPlanned(tx, projects, window.from, window.to, actorId);
}

function reasonFor(p: PlannedProject, locale: Locale) {
  if (p.courseStatus !== CourseStatus.active) return translate(locale, 'workOrder.reasonCourseEnded');
  if (p.status === ProjectStatus.disabled) return translate(locale, 'workOrder.reasonProjectDisabled');
  if (p.status === ProjectStatus.completed) return translate(locale, 'workOrder.reasonProjectEnded');
  return translate(locale, 'workOrder.reasonProjectChanged');
}

/**
 * Brings the unfinished orders of today and later in line with the projects as they are now: invalidates those no
 * longer planned (with a reason), updates the others' therapist, group, equipment and office, creates new ones.
 */
export async function syncProjects(tx: TxOrDb, scope: Scope, projectIds: number[]) {
  if (!projectIds.length) return;
  const projects = await projectsToPlan(tx, { organizationId: scope.organizationId, ids: projectIds });
  const { from, to } = generationWindow(clinicToday());
  const now = clockNow();
  for (const p of projects) {
    const planned = new Set(plan(p, from, to).map((o) => `${o.date}#${o.seq}`));
    const open = await tx
      .select({ id: workOrders.id, treatDate: workOrders.treatDate, seq: workOrders.seq })
      .from(workOrders)
      .where(
        and(
          eq(workOrders.projectId, p.id),
          eq(workOrders.status, WorkOrderStatus.unfinished),
          gte(workOrders.treatDate, from),
        ),
      )
      .for('update');
    const gone = open.filter((o) => !planned.has(`${o.treatDate}#${o.seq}`)).map((o) => o.id);
    const kept = open.filter((o) => planned.has(`${o.treatDate}#${o.seq}`)).map((o) => o.id);
    if (gone.length) {
      const reason = reasonFor(p, scope.locale);
      await invalidateOrders(tx, { organizationId: p.organizationId, ids: gone, reason, actorId: scope.userId, now });
    }
    if (kept.length) {
      await tx
        .update(workOrders)
        .set({
          therapistId: p.therapistId,
          teamId: p.teamId,
          equipmentId: p.equipmentId,
          execOfficeId: p.execOfficeId,
          updatedAt: now,
        })
        .where(inArray(workOrders.id, kept));
    }
    await createPlanned(tx, [p], from, to, scope.userId);
  }
}

/** The projects of a course, after the course ended, was discharged or cancelled. */
export async function syncCourse(tx: TxOrDb, scope: Scope, treatmentId: number) {
  await syncProjects(tx, scope, await projectIdsOfCourse(tx, scope.organizationId, treatmentId));
}

/** The daily extension: every project in progress of an active course gets the orders of the window. */
export async function extendWindow(db: Db, now = clockNow(), days?: number) {
  const window = generationWindow(clinicToday(now), days);
  const projects = await projectsToPlan(db, { inProgress: true });
  let created = 0;
  // one transaction per 200 projects keeps each short
  for (let i = 0; i < projects.length; i += 200) {
    const chunk = projects.slice(i, i + 200);
    created += await db.transaction((tx) => createPlanned(tx, chunk, window.from, window.to, null));
  }
  return created;
}

/** Unfinished orders of days before today become expired (status 4), each with a history row. */
export async function expirePast(db: Db, now = clockNow()) {
  const today = clinicToday(now);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(workOrders)
      .set({ status: WorkOrderStatus.expired, updatedAt: clockNow() })
      .where(and(eq(workOrders.status, WorkOrderStatus.unfinished), lt(workOrders.treatDate, today)))
      .returning({ id: workOrders.id, organizationId: workOrders.organizationId });
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(workOrderHistory).values(
        rows.slice(i, i + 500).map((r) => ({
          organizationId: r.organizationId,
          workOrderId: r.id,
          action: 'expire',
          fromStatus: WorkOrderStatus.unfinished,
          toStatus: WorkOrderStatus.expired,
          actorId: null,
        })),
      );
    }
    return rows.length;
  });
}

/**
 * Work orders follow the treatment projects: the subscriptions of this module's manifest, run inside the patients
 * module's unit of work.
 */
export const workOrderSubscriptions = [
  on('patients.projectsPrescribed', ({ tx }, { scope, projectIds }) =>
    generateForProjects(tx, scope.organizationId, projectIds, scope.userId).then(() => undefined),
  ),
  on('patients.projectsChanged', ({ tx }, { scope, projectIds }) => syncProjects(tx, scope, projectIds)),
  on('patients.courseClosed', ({ tx }, { scope, treatmentId }) => syncCourse(tx, scope, treatmentId)),
];

/** Yesterday on the clinic's clock (for tests and demo data). */
export const clinicYesterday = (now = clockNow()) => addDays(clinicToday(now), -1);
