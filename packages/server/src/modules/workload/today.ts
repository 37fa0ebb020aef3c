import { clinicDate } from '@rehab/shared';
import type { AppContext } from '../../context';
import { clockNow } from '../../kernel/clock';

/** A day (YYYY-MM-DD) in a time zone. */
export function dayIn(timeZone: string, at = clockNow()): string {
  return clinicDate(at, timeZone);
}

/** Today in the clinic's time zone (SCHEDULER_TIMEZONE, Asia/Shanghai by default), on the application's clock. */
export const todayOf = (app: AppContext) => app.calendar.today();
