/**
 * Statistics ranges on the clinic's calendar: a day, the week (Monday to Sunday, as Chinese clinics count), the
 * calendar month, or a custom from/to. Dates are `YYYY-MM-DD` clinic days; the anchor is a clinic day (the server's
 * `clinicToday()` when the screen sends none).
 */
export const STATISTICS_RANGE_KINDS = ['day', 'week', 'month', 'custom'] as const;
export type StatisticsRangeKind = (typeof STATISTICS_RANGE_KINDS)[number];

/** The longest range a statistics query covers (a year and a day: a leap year's whole year fits). */
export const STATISTICS_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Days from `from` to `to` (0 when equal, negative when reversed). */
export const statisticsDaysBetween = (from: string, to: string) => Math.round((toMs(to) - toMs(from)) / DAY_MS);

/** `day` plus `n` days. */
export const shiftDay = (day: string, n: number) => toDay(toMs(day) + n * DAY_MS);

export type StatisticsRange = { from: string; to: string };

/**
 * The from/to of a range kind around an anchor day: `day` the anchor itself, `week` its Monday to Sunday, `month` the
 * first to the last of its calendar month, `custom` the given from/to (checked by the filter schema).
 */
export function resolveRange(
  kind: StatisticsRangeKind,
  anchor: string,
  custom?: { startDate?: string; endDate?: string },
): StatisticsRange {
  switch (kind) {
    case 'day':
      return { from: anchor, to: anchor };
    case 'week': {
      const weekday = (new Date(toMs(anchor)).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
      const from = shiftDay(anchor, -weekday);
      return { from, to: shiftDay(from, 6) };
    }
    case 'month': {
      const [y, m] = anchor.split('-').map(Number) as [number, number];
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const mm = String(m).padStart(2, '0');
      return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
    }
    case 'custom':
      return { from: custom?.startDate ?? anchor, to: custom?.endDate ?? custom?.startDate ?? anchor };
  }
}

/** Every day from `from` to `to`, inclusive. */
export function daysOfRange({ from, to }: StatisticsRange): string[] {
  const out: string[] = [];
  for (let d = toMs(from); d <= toMs(to); d += DAY_MS) out.push(toDay(d));
  return out;
}

/**
 * The range an operations overview compares, and the period it is compared with (环比): the range up to today (days
 * not yet come hold no completed work, and would lower the completion rate), and as many days of the period before:
 * the previous day, week or calendar month (cut at its end), or for a custom range the days just before it.
 */
export function comparedRanges(
  kind: StatisticsRangeKind,
  range: StatisticsRange,
  today: string,
): { current: StatisticsRange; previous: StatisticsRange } {
  const to = range.to > today && range.from <= today ? today : range.to;
  const elapsed = statisticsDaysBetween(range.from, to);
  let from: string;
  let end: string;
  switch (kind) {
    case 'day':
      from = shiftDay(range.from, -1);
      end = from;
      break;
    case 'week':
      from = shiftDay(range.from, -7);
      end = shiftDay(from, elapsed);
      break;
    case 'month': {
      const last = shiftDay(range.from, -1);
      from = `${last.slice(0, 8)}01`;
      const candidate = shiftDay(from, elapsed);
      end = candidate > last ? last : candidate;
      break;
    }
    case 'custom':
      from = shiftDay(range.from, -(statisticsDaysBetween(range.from, range.to) + 1));
      end = shiftDay(from, elapsed);
      break;
  }
  return { current: { from: range.from, to }, previous: { from, to: end } };
}
