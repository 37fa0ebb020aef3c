import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import { RoleId, WorkOrderStatus, weekDays, type ShiftType } from '@rehab/shared';
import type { AppContext } from '../../context';
import { equipmentNameRows } from '../master-data';
import { userNameRows } from '../users';
import { patientsOfDoctor } from '../patients';
import { staffWithRoles } from '../roles';
import { cardColumns as card, workOrderCards } from '../work-orders';
import { type Scope } from './scheduling.service';
import { notFound } from '../../http/errors';
import { schedules, therapistShifts } from './scheduling.tables';
import { clockNow } from '../../kernel/clock';

/**
 * Whose shifts are planned: the therapists, the staff work orders are assigned to (issue 21: doctors and nurses were
 * listed among them). A doctor who also holds the therapist role is planned as a therapist.
 */
const SHIFT_ROLES = [RoleId.therapist];

/** The therapists of the organization (active) and their shifts of the week starting `weekStart`. */
export async function listShifts(app: AppContext, scope: Scope, weekStart: string) {
  const days = weekDays(weekStart);
  const [staff, rows] = await Promise.all([
    staffWithRoles(app.db, scope.organizationId, SHIFT_ROLES, { order: 'name-id' }),
    app.db
      .select({
        therapistId: therapistShifts.therapistId,
        date: therapistShifts.shiftDate,
        shift: therapistShifts.shift,
      })
      .from(therapistShifts)
      .where(
        and(
          eq(therapistShifts.organizationId, scope.organizationId),
          gte(therapistShifts.shiftDate, days[0]!),
          lte(therapistShifts.shiftDate, days[6]!),
        ),
      ),
  ]);
  return {
    weekStart,
    days,
    list: staff.map((t) => ({
      therapistId: t.id,
      therapistName: t.name,
      shifts: Object.fromEntries(
        rows.filter((r) => r.therapistId === t.id).map((r) => [r.date, r.shift as ShiftType]),
      ) as Record<string, ShiftType>,
    })),
  };
}

/**
 * Saves a week's cells in one transaction: a shift is set (insert or change), null clears the cell. Every therapist
 * must be a therapist of the organization (else 404, nothing written); dates are checked by the schema.
 */
export async function saveShifts(
  app: AppContext,
  scope: Scope,
  list: { therapistId: number; date: string; shift: ShiftType | null }[],
) {
  const ids = [...new Set(list.map((c) => c.therapistId))];
  const staff = await staffWithRoles(app.db, scope.organizationId, SHIFT_ROLES, { ids });
  if (staff.length !== ids.length) throw notFound();
  const counts = await app.db.transaction(async (tx) => {
    let saved = 0;
    let cleared = 0;
    for (const c of list) {
      const where = and(
        eq(therapistShifts.organizationId, scope.organizationId),
        eq(therapistShifts.therapistId, c.therapistId),
        eq(therapistShifts.shiftDate, c.date),
      );
      if (c.shift === null) {
        const gone = await tx.delete(therapistShifts).where(where).returning({ id: therapistShifts.id });
        cleared += gone.length;
        continue;
      }
      await tx
        .insert(therapistShifts)
        .values({
          organizationId: scope.organizationId,
          therapistId: c.therapistId,
          shiftDate: c.date,
          shift: c.shift,
          createdBy: scope.userId,
          updatedBy: scope.userId,
        })
        .onConflictDoUpdate({
          target: [therapistShifts.organizationId, therapistShifts.therapistId, therapistShifts.shiftDate],
          set: { shift: c.shift, updatedBy: scope.userId, updatedAt: clockNow() },
        });
      saved++;
    }
    return { saved, cleared };
  });
  // an off day takes the therapist off the board, a half day limits the slots
  app.live.scheduleChanged(scope.organizationId);
  return counts;
}

// the owners' rows a booking is shown with (each plans as a join on the owner's table itself)
const therapist = userNameRows('therapist');
const equipment = equipmentNameRows('equipment');

/**
 * The doctor's schedule of a day: the work orders of that day (not invalidated) of the patients whose treatment names
 * the signed-in user as doctor, booked ones with their slot, therapist and equipment, unbooked ones apart.
 */
export async function doctorSchedule(app: AppContext, scope: Scope, date: string, patientId?: number) {
  const rows = await workOrderCards(app.db, {
    workOrderId: card.id,
    status: card.status,
    patientId: card.patientId,
    patientName: card.patientName,
    bedNo: card.bedNo,
    projectName: card.projectName,
    startTime: schedules.startTime,
    endTime: schedules.endTime,
    therapistId: schedules.therapistId,
    therapistName: therapist.name,
    equipmentName: equipment.name,
  })
    .leftJoin(schedules, eq(schedules.workOrderId, card.id))
    .leftJoin(therapist, eq(therapist.id, schedules.therapistId))
    .leftJoin(equipment, eq(equipment.id, schedules.equipmentId))
    .where(
      and(
        eq(card.organizationId, scope.organizationId),
        eq(card.treatDate, date),
        ne(card.status, WorkOrderStatus.invalidated),
        eq(card.doctorId, scope.userId),
        patientId ? eq(card.patientId, patientId) : undefined,
      ),
    )
    .orderBy(asc(schedules.startTime), asc(card.patientName), asc(card.id));
  const patientRows = await patientsOfDoctor(app.db, scope.organizationId, scope.userId);
  return {
    date,
    patients: patientRows.map((p) => ({ patientId: p.id, patientName: p.name })),
    scheduled: rows.filter((r) => r.startTime !== null),
    unscheduled: rows
      .filter((r) => r.startTime === null)
      .map(({ workOrderId, status, patientId: pid, patientName, bedNo, projectName }) => ({
        workOrderId,
        status,
        patientId: pid,
        patientName,
        bedNo,
        projectName,
      })),
  };
}
