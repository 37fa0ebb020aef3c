import { and, asc, eq, inArray } from 'drizzle-orm';
import { generateSlots, TIME_SLOT_LIMITS, type TimePeriod, type TimeSlotList } from '@rehab/shared';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { timePeriods, timeSlots } from './time-slots.tables';

/** An organization's periods of the day and the slots generated from them, in time order. */
export async function listTimes(db: Db, organizationId: number): Promise<TimeSlotList> {
  const [periods, slots] = await Promise.all([
    db
      .select()
      .from(timePeriods)
      .where(eq(timePeriods.organizationId, organizationId))
      .orderBy(asc(timePeriods.startTime)),
    db
      .select()
      .from(timeSlots)
      .where(eq(timeSlots.organizationId, organizationId))
      .orderBy(asc(timeSlots.startTime), asc(timeSlots.id)),
  ]);
  return {
    periods: periods.map((p) => ({
      startTime: p.startTime,
      endTime: p.endTime,
      sessionMinutes: p.sessionMinutes,
      restMinutes: p.restMinutes,
    })),
    list: slots.map((s) => ({ id: s.id, startTime: s.startTime, endTime: s.endTime, sort: s.sort })),
  };
}

/**
 * Replaces an organization's periods and regenerates its slots, in one transaction. A slot with the same start and
 * end as before keeps its row (and id); slots no longer generated are removed, new ones added.
 */
export async function saveTimes(db: Db, organizationId: number, periods: TimePeriod[]): Promise<TimeSlotList> {
  const generated = generateSlots(periods);
  if (generated.length > TIME_SLOT_LIMITS.slotsMax) {
    throw badRequest('slots.tooManySlots', { max: TIME_SLOT_LIMITS.slotsMax });
  }
  const sorted = [...periods].sort((a, b) => a.startTime.localeCompare(b.startTime));
  await db.transaction(async (tx) => {
    await tx.delete(timePeriods).where(eq(timePeriods.organizationId, organizationId));
    if (sorted.length) {
      await tx.insert(timePeriods).values(sorted.map((p, i) => ({ organizationId, ...p, sort: i })));
    }
    const existing = await tx.select().from(timeSlots).where(eq(timeSlots.organizationId, organizationId));
    const key = (s: { startTime: string; endTime: string }) => `${s.startTime}-${s.endTime}`;
    const wanted = new Map(generated.map((s, i) => [key(s), i]));
    const stale = existing.filter((s) => !wanted.has(key(s))).map((s) => s.id);
    if (stale.length) await tx.delete(timeSlots).where(inArray(timeSlots.id, stale));
    const kept = new Map(existing.filter((s) => wanted.has(key(s))).map((s) => [key(s), s]));
    for (const [k, sort] of wanted) {
      const row = kept.get(k);
      if (row) {
        if (row.sort !== sort) {
          await tx
            .update(timeSlots)
            .set({ sort })
            .where(and(eq(timeSlots.id, row.id), eq(timeSlots.organizationId, organizationId)));
        }
      }
    }
    const fresh = generated.filter((s) => !kept.has(key(s)));
    if (fresh.length) {
      await tx.insert(timeSlots).values(fresh.map((s) => ({ organizationId, ...s, sort: wanted.get(key(s))! })));
    }
  });
  return listTimes(db, organizationId);
}

/** Demo periods of an organization: 08:00-11:30 and 14:00-17:00, 30-minute sessions with 10-minute rests. */
export const DEMO_PERIODS: TimePeriod[] = [
  { startTime: '08:00', endTime: '11:30', sessionMinutes: 30, restMinutes: 10 },
  { startTime: '14:00', endTime: '17:00', sessionMinutes: 30, restMinutes: 10 },
];

export const seedTimeSlots = (db: Db, organizationId: number) => saveTimes(db, organizationId, DEMO_PERIODS);
