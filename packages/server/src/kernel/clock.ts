import { AsyncLocalStorage } from 'node:async_hooks';
import { clinicDate } from '@rehab/shared';

/**
 * The product's one source of "now". Services and jobs read the time from the clock of the application context (or
 * of their unit of work), never from `new Date()`, so tests move time forward instead of sleeping.
 */
export type Clock = {
  now(): Date;
};

/** The wall clock: production. */
export const systemClock: Clock = { now: () => new Date() };

/** The clinic's time zone where no server set one: the default of SCHEDULER_TIMEZONE. */
export const DEFAULT_CLINIC_TIME_ZONE = 'Asia/Shanghai';

const scope = new AsyncLocalStorage<{ clock: Clock; timeZone: string }>();

/**
 * Runs `work` on `clock` in the clinic's time zone: every `clockNow()` and `clinicToday()` below it, across awaits,
 * reads them. The server runs each request, each job and its start-up data on its own clock (app.clock), so several
 * servers in one test process keep theirs apart.
 */
export const onClock = <T>(clock: Clock, work: () => T, timeZone = DEFAULT_CLINIC_TIME_ZONE): T =>
  scope.run({ clock, timeZone }, work);

/**
 * The current instant on the clock of the request, job or start-up being run (the wall clock outside any). Code that
 * has a unit of work uses its `now`, which stays the same for the whole use case.
 */
export const clockNow = (): Date => (scope.getStore()?.clock ?? systemClock).now();

/** The current instant in milliseconds since the epoch, on the same clock as `clockNow()`. */
export const clockMs = (): number => clockNow().getTime();

/**
 * A clock that tests drive: it follows the wall clock shifted by an offset, so timers and the database keep running,
 * and `advance` jumps the product forward (an idle limit, a code's lifetime, a cooldown) without waiting.
 */
export class ManualClock implements Clock {
  private offsetMs = 0;
  private frozen: Date | null = null;
  now(): Date {
    return this.frozen ? new Date(this.frozen) : new Date(Date.now() + this.offsetMs);
  }
  /** moves the clock forward by `ms` */
  advance(ms: number) {
    if (this.frozen) this.frozen = new Date(this.frozen.getTime() + ms);
    else this.offsetMs += ms;
  }
  /** stops the clock at `at` (it stays there until `advance` or `resume`) */
  freeze(at: Date = this.now()) {
    this.frozen = new Date(at);
  }
  /** lets the clock run again from where it stands */
  resume() {
    if (this.frozen) this.offsetMs = this.frozen.getTime() - Date.now();
    this.frozen = null;
  }
  reset() {
    this.offsetMs = 0;
    this.frozen = null;
  }
}

/** The clinic's calendar: its time zone (SCHEDULER_TIMEZONE, Asia/Shanghai by default) applied to a clock. */
export type ClinicCalendar = {
  timeZone: string;
  /** today on the clinic's clock, YYYY-MM-DD */
  today(): string;
  /** the clinic's day of an instant, YYYY-MM-DD */
  dayOf(at: Date): string;
};

export function clinicCalendar(clock: Clock, timeZone: string): ClinicCalendar {
  return {
    timeZone,
    today: () => clinicDate(clock.now(), timeZone),
    dayOf: (at) => clinicDate(at, timeZone),
  };
}

/** The clinic's time zone of the request, job or start-up being run. */
export const clinicTimeZone = (): string => scope.getStore()?.timeZone ?? DEFAULT_CLINIC_TIME_ZONE;

/** The clinic's day (YYYY-MM-DD) of an instant, today by default: the one "today" of the product. */
export const clinicToday = (at: Date = clockNow()): string => clinicDate(at, clinicTimeZone());
