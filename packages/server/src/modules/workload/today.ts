import type { AppContext } from '../../context';

/** A day (YYYY-MM-DD) in a time zone. */
export function dayIn(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Today in the organization's time zone: the scheduler's (SCHEDULER_TIMEZONE, Asia/Shanghai by default). */
export const todayOf = (app: AppContext) => dayIn(app.config.scheduler.timezone);
