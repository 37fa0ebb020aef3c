import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { appConfig } from './config';

dayjs.extend(utc);
dayjs.extend(timezone);

const FALLBACK_ZONE = 'Asia/Shanghai';

/** Whether the browser knows a time zone name (an unknown one would make every date below throw). */
export function isTimeZone(zone: string | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The clinic's time zone, handed over by the server's runtime config (SCHEDULER_TIMEZONE); Asia/Shanghai else. */
export function clinicTimeZone(zone: string | undefined = appConfig.timeZone): string {
  return isTimeZone(zone) ? zone : FALLBACK_ZONE;
}

/**
 * The clinic's wall-clock time now, as a Dayjs of the browser (the date pickers' values are the browser's): on a
 * computer in another zone it reads what a clock in the clinic reads, so a picker's "not after today" or "not
 * before now" and its default day are the clinic's, the day the server calls today.
 */
export function clinicNow(now: Date | number = Date.now(), zone?: string): Dayjs {
  return dayjs(dayjs(now).tz(clinicTimeZone(zone)).format('YYYY-MM-DDTHH:mm:ss.SSS'));
}

/** The start of the clinic's today, as a Dayjs of the browser (see `clinicNow`). */
export function clinicToday(now?: Date | number, zone?: string): Dayjs {
  return clinicNow(now, zone).startOf('day');
}

/** The clinic's today as YYYY-MM-DD, the form the API takes days in. */
export function clinicTodayText(now?: Date | number, zone?: string): string {
  return clinicToday(now, zone).format('YYYY-MM-DD');
}
