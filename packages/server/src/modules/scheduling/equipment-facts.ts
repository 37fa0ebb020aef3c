import { and, eq, gt, lte } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { schedules } from './scheduling.tables';

/**
 * What the devices module reads of the schedule (read-only): the booking of a piece of equipment on a treatment day
 * whose slot covers a clock time (`hh:mm`, the clinic's), with its work order and patient; null when none does.
 */
export async function bookingOnEquipment(
  db: TxOrDb,
  organizationId: number,
  equipmentId: number,
  treatDate: string,
  clockTime: string,
): Promise<{ workOrderId: number; patientId: number } | null> {
  const [row] = await db
    .select({ workOrderId: schedules.workOrderId, patientId: schedules.patientId })
    .from(schedules)
    .where(
      and(
        eq(schedules.organizationId, organizationId),
        eq(schedules.equipmentId, equipmentId),
        eq(schedules.treatDate, treatDate),
        lte(schedules.startTime, clockTime),
        gt(schedules.endTime, clockTime),
      ),
    )
    .orderBy(schedules.startTime)
    .limit(1);
  return row ?? null;
}
