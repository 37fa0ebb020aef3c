/**
 * The treatment days of a project (spec section 3, Treatment project; section 5, frequency): from the start date,
 * the frequency, the total times and the workday setting, the dates on which work orders are generated and how many
 * orders each date gets. Pure date arithmetic on `YYYY-MM-DD` strings (calendar dates, no time zone).
 *
 * Frequency (spec section 5): `1/2`, `1/3`, `1/7` (once every 2, 3 or 7 days) or a whole number 1-9999 (that many
 * times a day).
 * - n times a day: every workday gets n orders (the last day the remainder) until the total is reached.
 * - once every k days: one order on the start day, then one k calendar days after the previous treatment day.
 * Workday setting: days that are not workdays (weekends, Sundays, listed holidays) carry no treatment. A treatment
 * day that falls on one moves to the next workday, and the next interval counts from the day actually used.
 */
import { FREQUENCY_PATTERN } from '../patients/treatment-rules';

export type Frequency = { perDay: number; everyDays: number };

/** Workday settings of a project: which weekdays (0 Sunday ... 6 Saturday) carry no treatment. */
export const WorkdaySetting = {
  /** every day of the week */
  everyDay: 0,
  /** Monday to Friday */
  skipWeekends: 1,
  /** Monday to Saturday */
  skipSundays: 2,
} as const;
export type WorkdaySettingCode = (typeof WorkdaySetting)[keyof typeof WorkdaySetting];

export const REST_WEEKDAYS: Record<WorkdaySettingCode, readonly number[]> = {
  [WorkdaySetting.everyDay]: [],
  [WorkdaySetting.skipWeekends]: [0, 6],
  [WorkdaySetting.skipSundays]: [0],
};

/** `1/2` → once every 2 days; `3` → 3 times a day. Null when the text is not a frequency of spec section 5. */
export function parseFrequency(text: string | number): Frequency | null {
  const s = String(text).trim();
  if (!FREQUENCY_PATTERN.test(s)) return null;
  if (s.startsWith('1/')) return { perDay: 1, everyDays: Number(s.slice(2)) };
  return { perDay: Number(s), everyDays: 1 };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDayNumber(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(ms);
  if (back.getUTCFullYear() !== Number(m[1]) || back.getUTCMonth() !== Number(m[2]) - 1) {
    throw new Error(`not a calendar date: ${date}`);
  }
  return ms / 86_400_000;
}

const fromDayNumber = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (day: number) => new Date(day * 86_400_000).getUTCDay();

/** `date` plus `days` calendar days. */
export const addDays = (date: string, days: number) => fromDayNumber(toDayNumber(date) + days);

export type TreatmentDaysInput = {
  /** first possible treatment day, YYYY-MM-DD */
  startDate: string;
  /** `1/2`, `1/3`, `1/7` or a whole number of times a day */
  frequency: string | number;
  /** orders to generate in all (spec: total times, 1-9999) */
  totalTimes: number;
  /** workday setting; every day by default */
  workday?: WorkdaySettingCode;
  /** extra dates without treatment (public holidays), YYYY-MM-DD */
  holidays?: readonly string[];
  /** orders already generated or done (treated times): only the rest is planned */
  doneTimes?: number;
};

export type TreatmentDay = { date: string; count: number };

/** The dates and counts of a project's work orders. Throws on a frequency or date that is not valid. */
export function treatmentDays(input: TreatmentDaysInput): TreatmentDay[] {
  const frequency = parseFrequency(input.frequency);
  if (!frequency) throw new Error(`not a frequency: ${input.frequency}`);
  const rest = new Set(REST_WEEKDAYS[input.workday ?? WorkdaySetting.everyDay]);
  const holidays = new Set((input.holidays ?? []).map((d) => toDayNumber(d)));
  const isWorkday = (day: number) => !rest.has(weekdayOf(day)) && !holidays.has(day);
  if (rest.size === 7) return [];
  let remaining = Math.max(0, Math.floor(input.totalTimes) - Math.max(0, Math.floor(input.doneTimes ?? 0)));
  const result: TreatmentDay[] = [];
  let day = toDayNumber(input.startDate);
  // a year of holidays in a row cannot block the loop: give up after that many non-workdays in a row
  const maxSkip = 366 + holidays.size;
  while (remaining > 0) {
    let skipped = 0;
    while (!isWorkday(day)) {
      day++;
      if (++skipped > maxSkip) return result;
    }
    const count = Math.min(frequency.perDay, remaining);
    result.push({ date: fromDayNumber(day), count });
    remaining -= count;
    day += frequency.everyDays;
  }
  return result;
}

/** How many orders a project gets on one date (0 when it is not one of its treatment days). */
export function ordersOnDate(input: TreatmentDaysInput, date: string): number {
  return treatmentDays(input).find((d) => d.date === date)?.count ?? 0;
}
