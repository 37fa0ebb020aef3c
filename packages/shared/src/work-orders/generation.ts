import { dateTimeFormat } from '../i18n/date-format';
/**
 * Which work orders a treatment project should have in a window of days (the generation rule of the work-order
 * module). Pure: the server reads the project, asks for the planned (date, seq) pairs and inserts the missing ones;
 * a unique (project, date, seq) index makes generating twice write nothing new.
 *
 * - The project's treatment days are counted from its start date (the day it was prescribed, on the clinic's clock)
 *   with the shared `treatmentDays` (frequency, total times, workday setting), so the plan of a day never depends
 *   on when the generator runs.
 * - Only days inside the window are planned (by default today and the next 6 days: `GENERATION_WINDOW_DAYS`).
 * - A project that is not in progress, or whose course is not active, plans nothing.
 */
import { addDays, treatmentDays, type WorkdaySettingCode } from './treatment-days';

/** Days generated ahead, today included: today + 6 days. */
export const GENERATION_WINDOW_DAYS = 7;

export type PlannedOrder = { date: string; seq: number };

export type GenerationProject = {
  /** first treatment day, YYYY-MM-DD (the prescription day) */
  startDate: string;
  frequency: string;
  totalTimes: number;
  workdaySetting: number;
  /** the project is in progress and its course active */
  active: boolean;
};

/** The workday setting as the generator understands it; anything unknown counts as every day. */
export function workdayCode(value: number): WorkdaySettingCode {
  return value === 1 || value === 2 ? value : 0;
}

/** The (date, seq) pairs a project should have from `from` to `to` (both YYYY-MM-DD, inclusive). */
export function plannedOrders(project: GenerationProject, from: string, to: string): PlannedOrder[] {
  if (!project.active || to < from) return [];
  let days;
  try {
    days = treatmentDays({
      startDate: project.startDate,
      frequency: project.frequency,
      totalTimes: project.totalTimes,
      workday: workdayCode(project.workdaySetting),
    });
  } catch {
    return [];
  }
  const result: PlannedOrder[] = [];
  for (const day of days) {
    if (day.date > to) break;
    if (day.date < from) continue;
    for (let seq = 1; seq <= day.count; seq++) result.push({ date: day.date, seq });
  }
  return result;
}

/** The generation window starting on `today`: [today, today + days - 1]. */
export function generationWindow(today: string, days = GENERATION_WINDOW_DAYS): { from: string; to: string } {
  return { from: today, to: addDays(today, Math.max(1, days) - 1) };
}

/** The calendar date (YYYY-MM-DD) of a moment on the wall clock of a time zone (the clinic's, Asia/Shanghai). */
export function clinicDate(moment: Date, timeZone = 'Asia/Shanghai'): string {
  const parts = Object.fromEntries(
    dateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(moment)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}
