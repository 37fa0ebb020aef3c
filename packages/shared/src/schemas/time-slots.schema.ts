import { z } from 'zod';
import { clockToMinutes, minutesToClock } from '../work-orders/slot-status';

/** Permission codes of the time slots screen (/maintainSystem/time). */
export const TimeSlotPerm = {
  list: 'sys:time:list',
  save: 'sys:time:saveTimes',
} as const;

/** Limits of spec section 5: session length 0-60 minutes, rest 0-30 minutes, HH:MM 24-hour. */
export const TIME_SLOT_LIMITS = { sessionMax: 60, restMax: 30, periodsMax: 12, slotsMax: 200 } as const;

export const HHMM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const clock = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .regex(HHMM_PATTERN, { error: 'slots.clockFormat' });

const minutes = (max: number, key: string, min: number) =>
  z
    .union([z.number(), z.string()])
    .transform((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v))
    .pipe(z.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key }));

/**
 * One treatment period of the day: from `startTime` to `endTime`, sessions of `sessionMinutes` separated by
 * `restMinutes`. A session length of 0 would give no treatment time, so the form asks for 1-60.
 */
export const timePeriodSchema = z.strictObject({
  startTime: clock,
  endTime: clock,
  sessionMinutes: minutes(TIME_SLOT_LIMITS.sessionMax, 'slots.sessionRange', 1),
  restMinutes: minutes(TIME_SLOT_LIMITS.restMax, 'slots.restRange', 0),
});
export type TimePeriod = z.output<typeof timePeriodSchema>;

/** A generated slot of the day. */
export type TimeSlot = { startTime: string; endTime: string };

/**
 * The slots of one period: sessions from the start, each followed by its rest, as long as a whole session still
 * ends by the period's end.
 */
export function periodSlots(p: TimePeriod): TimeSlot[] {
  const slots: TimeSlot[] = [];
  const end = clockToMinutes(p.endTime);
  if (p.sessionMinutes <= 0) return slots;
  for (let t = clockToMinutes(p.startTime); t + p.sessionMinutes <= end; t += p.sessionMinutes + p.restMinutes) {
    slots.push({ startTime: minutesToClock(t), endTime: minutesToClock(t + p.sessionMinutes) });
  }
  return slots;
}

/** The slot list of the day: the periods' slots in time order. */
export function generateSlots(periods: readonly TimePeriod[]): TimeSlot[] {
  return [...periods]
    .sort((a, b) => clockToMinutes(a.startTime) - clockToMinutes(b.startTime))
    .flatMap((p) => periodSlots(p));
}

/**
 * POST /api/sys/time/saveTimes: the organization's periods of the day, replacing the previous ones. Each period
 * ends after it starts, holds at least one session and does not overlap another.
 */
export const saveTimesSchema = z.strictObject({
  periods: z
    .array(timePeriodSchema)
    .max(TIME_SLOT_LIMITS.periodsMax, { error: 'slots.tooManyPeriods' })
    .superRefine((all, ctx) => {
      // periods whose own fields failed are reported by those fields only
      const periods = all.filter((p) => HHMM_PATTERN.test(p.startTime) && HHMM_PATTERN.test(p.endTime));
      if (periods.length !== all.length) return;
      periods.forEach((p, i) => {
        const start = clockToMinutes(p.startTime);
        const end = clockToMinutes(p.endTime);
        if (end <= start) {
          ctx.addIssue({ code: 'custom', path: [i, 'endTime'], message: 'slots.endBeforeStart' });
        } else if (start + p.sessionMinutes > end) {
          ctx.addIssue({ code: 'custom', path: [i, 'sessionMinutes'], message: 'slots.periodTooShort' });
        }
      });
      const order = periods
        .map((p, i) => ({ i, start: clockToMinutes(p.startTime), end: clockToMinutes(p.endTime) }))
        .sort((a, b) => a.start - b.start);
      for (let k = 1; k < order.length; k++) {
        if (order[k]!.start < order[k - 1]!.end) {
          ctx.addIssue({ code: 'custom', path: [order[k]!.i, 'startTime'], message: 'slots.overlap' });
        }
      }
    }),
});
export type SaveTimesInput = z.input<typeof saveTimesSchema>;

/** GET /api/sys/time/list: the periods and the slots generated from them (with their ids), as the wire carries them. */
export const timeSlotListSchema = z.strictObject({
  periods: z.array(
    z.strictObject({
      startTime: z.string(),
      endTime: z.string(),
      sessionMinutes: z.number().int(),
      restMinutes: z.number().int(),
    }),
  ),
  list: z.array(
    z.strictObject({ id: z.number().int(), startTime: z.string(), endTime: z.string(), sort: z.number().int() }),
  ),
});
export type TimeSlotList = z.output<typeof timeSlotListSchema>;
