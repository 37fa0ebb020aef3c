import { dateTimeFormat } from '../i18n/date-format';
/**
 * The status of today's schedule time slots (spec section 4, "Schedule time-slot status (today)").
 *
 * - If now is after the end of the last slot, all slots are done.
 * - If now is before the start of the first slot, all are undo.
 * - Otherwise a slot is done when now is after its start and after the next slot's start; active when now is after
 *   its start and before the next slot's start. The last slot is active once started. Any slot after an active one is
 *   undo.
 *
 * Boundaries (the spec's "after" and "before" leave the exact minute open): a slot starts AT its start time, so each
 * slot owns the half-open interval [its start, the next slot's start); the last slot owns [its start, its end], and
 * only a moment strictly after the last end makes everything done. Rests between slots belong to the slot before.
 */

export const SlotStatus = { undo: 'undo', active: 'active', done: 'done' } as const;
export type SlotStatusValue = (typeof SlotStatus)[keyof typeof SlotStatus];

/** A slot of the day as clock times, `HH:MM` (24-hour). */
export type ClockSlot = { start: string; end: string };

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of an `HH:MM` clock time; throws on anything else. */
export function clockToMinutes(clock: string): number {
  const m = HHMM.exec(clock);
  if (!m) throw new Error(`not an HH:MM time: ${clock}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** `HH:MM` of minutes since midnight (0-1439). */
export function minutesToClock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * Minutes since midnight (with the fraction of seconds) of a moment, on the wall clock of a time zone
 * (Asia/Shanghai by default, the clinic's clock).
 */
export function minutesOfDay(moment: Date, timeZone = 'Asia/Shanghai'): number {
  const parts = dateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(moment);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute') + (get('second') + moment.getMilliseconds() / 1000) / 60;
}

/**
 * The status of each of today's slots at `now` (minutes since midnight, fractions allowed; see `minutesOfDay`).
 * The slots are taken in order of their start time; the answer is in the order given.
 */
export function slotStatuses(slots: readonly ClockSlot[], now: number): SlotStatusValue[] {
  if (slots.length === 0) return [];
  const order = slots
    .map((s, index) => ({ index, start: clockToMinutes(s.start), end: clockToMinutes(s.end) }))
    .sort((a, b) => a.start - b.start || a.index - b.index);
  const result: SlotStatusValue[] = new Array(slots.length);
  const first = order[0]!;
  const last = order[order.length - 1]!;
  const lastEnd = Math.max(last.end, last.start);
  order.forEach((slot, i) => {
    const next = order[i + 1];
    let status: SlotStatusValue;
    if (now > lastEnd) status = SlotStatus.done;
    else if (now < first.start) status = SlotStatus.undo;
    else if (now < slot.start) status = SlotStatus.undo;
    else if (!next) status = SlotStatus.active;
    else status = now >= next.start ? SlotStatus.done : SlotStatus.active;
    result[slot.index] = status;
  });
  return result;
}
