import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../users/users.tables';
import { sysEquipment } from '../master-data/master-data.tables';
import { treatmentProjects } from '../patients/patients.tables';
import { schedules } from './scheduling.tables';
import { clinicToday } from '../../kernel/clock';
import { workOrders } from '../work-orders/work-orders.tables';
import { patientOfOrganization } from '../patients';

type OrgScope = { organizationId: number };

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
