import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userNameRows } from '../users';
import { equipmentNameRows } from '../master-data';
import { schedules } from './scheduling.tables';
import { clinicToday } from '../../kernel/clock';
import { workOrderRows } from '../work-orders';
import { patientOfOrganization, projectRows } from '../patients';

type OrgScope = { organizationId: number };

// the owners' rows a booking is shown with (each plans as a join on the owner's table itself)
const order = workOrderRows('wo');
const project = projectRows('project');
const therapist = userNameRows('therapist');
const equipment = equipmentNameRows('equipment');

/**
 * A patient's bookings of the day (today unless given), by start time: the work orders' getTodayPatientScheduling
 * (the check-in desk) reads the schedule through this.
 */
export async function patientScheduling(db: Db, scope: OrgScope, patientId: number, date?: string) {
  const patient = await patientOfOrganization(db, scope.organizationId, patientId);
  const day = date ?? clinicToday();
  const list = await db
    .select({
      scheduleId: schedules.id,
      workOrderId: schedules.workOrderId,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      therapistId: schedules.therapistId,
      therapistName: therapist.name,
      equipmentId: schedules.equipmentId,
      equipmentName: equipment.name,
      projectId: order.projectId,
      projectName: project.name,
      status: order.status,
      checkedInAt: order.checkedInAt,
    })
    .from(schedules)
    .innerJoin(order, eq(order.id, schedules.workOrderId))
    .innerJoin(project, eq(project.id, order.projectId))
    .innerJoin(therapist, eq(therapist.id, schedules.therapistId))
    .leftJoin(equipment, eq(equipment.id, schedules.equipmentId))
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
