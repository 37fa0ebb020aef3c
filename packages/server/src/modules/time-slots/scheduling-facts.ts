import { asc, eq } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { timeSlots } from './time-slots.tables';

/** A time slot of an organization's day: its id and clock times (`hh:mm`). */
export type SlotFact = { id: number; startTime: string; endTime: string };

/** The organization's time slots, by start time then id: the slots scheduling books work orders into. */
export function slotsOfOrganization(db: TxOrDb, organizationId: number): Promise<SlotFact[]> {
  return db
    .select({ id: timeSlots.id, startTime: timeSlots.startTime, endTime: timeSlots.endTime })
    .from(timeSlots)
    .where(eq(timeSlots.organizationId, organizationId))
    .orderBy(asc(timeSlots.startTime), asc(timeSlots.id));
}
