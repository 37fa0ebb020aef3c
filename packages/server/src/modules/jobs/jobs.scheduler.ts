import crypto from 'node:crypto';
import os from 'node:os';
import { Cron } from 'croner';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context';

import { scheduleJobLogs, scheduleJobs } from './jobs.tables';
import { onClock } from '../../kernel/clock';

type JobRow = typeof scheduleJobs.$inferSelect;

/**
 * Parses a cron expression the way the scheduler runs it; null when croner refuses it or it never fires. The cron
 * only reads times (`nextRun(from)`, `previousRuns`): it has no callback and holds no timer.
 */
export function parseCron(expression: string, timezone: string): Cron | null {
  try {
    const cron = new Cron(expression, { paused: true, timezone, mode: '5-or-6-parts' });
    return cron.nextRun() ? cron : null;
  } catch {
    return null;
  }
}

export type RunOutcome = { status: 0 | 1; error: string | null; result: string | null; times: number };

/** The longest the scheduler sleeps between two looks at its clock, so a clock moved forward is followed. */
const MAX_WAIT_MS = 1000;

/**
 * Runs the jobs of the database on their crons inside this server process, on the application's clock.
 *
 * Every process keeps each running job's next fire time (croner reads the cron; the process keeps its own one timer)
 * and reloads the job table every `syncMs` (and at once after a change through this process's API), so a job saved,
 * paused or deleted on another process is followed within that time. The timer wakes at the earliest fire time on
 * `app.clock`, at least once a second, so a test that moves the clock forward sees the jobs fire (or calls `tick()`).
 * A due job claims its fire time on its row:
 * `UPDATE sys_schedule_job SET last_fire_at = T WHERE id = ? AND status = 0 AND cron_expression = ? AND
 * (last_fire_at IS NULL OR last_fire_at < T)`. PostgreSQL lets exactly one of the concurrent updates change the row;
 * the others see the new value and skip, so each fire time runs once across processes that share one database. Fire
 * times missed while the process slept (or the clock jumped) run once, as the latest of them; a job does not start
 * again while its previous run is still going.
 */
export class JobScheduler {
  private timers = new Map<number, { cron: Cron; expression: string; next: Date | null; busy: boolean }>();
  private running = new Set<Promise<unknown>>();
  private syncTimer: NodeJS.Timeout | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;
  private stopped = true;
  /** names this process in the job log */
  readonly runner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`.slice(0, 100);

  /** `context` answers the server's context (built together with the scheduler) */
  constructor(private readonly context: () => AppContext) {}

  private get app() {
    return this.context();
  }

  get timezone() {
    return this.app.config.scheduler.timezone;
  }

  /** Loads the jobs and keeps following the table; does nothing when the scheduler is turned off. */
  async start() {
    if (!this.app.config.scheduler.enabled) return;
    this.stopped = false;
    await this.sync();
    this.syncTimer = setInterval(() => void this.sync(), this.app.config.scheduler.syncMs);
    this.syncTimer.unref();
  }

  /** Stops the timers and waits for the runs in progress (the database is closed right after). */
  async stop() {
    this.stopped = true;
    if (this.syncTimer) clearInterval(this.syncTimer);
    this.syncTimer = null;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    await this.syncing;
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  /** Next fire time of a job on this process, null when it is paused or the scheduler is off. */
  nextRun(jobId: number): Date | null {
    return this.timers.get(jobId)?.next ?? null;
  }

  /** Brings the timers in line with the table. */
  sync(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.syncing) {
      this.syncing = this.load().finally(() => {
        this.syncing = null;
      });
    }
    return this.syncing;
  }

  /**
   * Fires every job that is due on the application's clock now, and resolves once they and every run already under
   * way have finished. The timer calls it; a test calls it after moving the clock forward.
   */
  async tick(): Promise<void> {
    if (this.stopped) return;
    const now = this.app.clock.now();
    for (const [id, timer] of this.timers) {
      if (!timer.next || timer.next > now) continue;
      // the scheduled time of this fire: the latest match at or before now, not the moment the timer woke up
      const fireAt = timer.cron.previousRuns(1, new Date(now.getTime() + 1))[0] ?? timer.next;
      timer.next = timer.cron.nextRun(now);
      if (timer.busy) continue;
      timer.busy = true;
      void this.track(this.fire(id, timer.expression, fireAt)).finally(() => {
        timer.busy = false;
      });
    }
    this.arm();
    await Promise.allSettled([...this.running]);
  }

  /** Sets the one timer to the earliest fire time, at most a second away. */
  private arm() {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    if (this.stopped) return;
    let earliest = Infinity;
    for (const { next } of this.timers.values()) if (next) earliest = Math.min(earliest, next.getTime());
    if (earliest === Infinity) return;
    const wait = Math.min(Math.max(earliest - this.app.clock.now().getTime(), 0), MAX_WAIT_MS);
    this.wakeTimer = setTimeout(() => void this.tick(), wait);
    this.wakeTimer.unref();
  }

  private async load() {
    let rows: JobRow[];
    try {
      rows = await this.app.db.select().from(scheduleJobs);
    } catch (err) {
      this.app.log.warn({ err }, 'scheduler: loading the jobs failed');
      return;
    }
    if (this.stopped) return;
    const wanted = new Map(rows.filter((r) => r.status === 0).map((r) => [r.id, r]));
    for (const [id, timer] of this.timers) {
      const row = wanted.get(id);
      if (!row || row.cronExpression !== timer.expression) {
        this.timers.delete(id);
      }
    }
    const now = this.app.clock.now();
    for (const row of wanted.values()) {
      if (this.timers.has(row.id)) continue;
      const cron = parseCron(row.cronExpression, this.timezone);
      if (!cron) {
        this.app.log.warn({ jobId: row.id }, 'scheduler: cron expression refused');
        continue;
      }
      this.timers.set(row.id, { cron, expression: row.cronExpression, next: cron.nextRun(now), busy: false });
    }
    this.arm();
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
    return p;
  }

  /** A job is due: claim the fire time, and run the job when this process won it. */
  private async fire(jobId: number, expression: string, fireAt: Date) {
    if (this.stopped) return;
    try {
      const [claimed] = await this.app.db
        .update(scheduleJobs)
        .set({ lastFireAt: fireAt })
        .where(
          and(
            eq(scheduleJobs.id, jobId),
            eq(scheduleJobs.status, 0),
            eq(scheduleJobs.cronExpression, expression),
            or(isNull(scheduleJobs.lastFireAt), lt(scheduleJobs.lastFireAt, fireAt)),
          ),
        )
        .returning();
      if (!claimed || this.stopped) return;
      await this.execute(claimed, 'cron', fireAt);
    } catch (err) {
      if (!this.stopped) this.app.log.error({ err, jobId }, 'scheduler: fire failed');
    }
  }

  /** Runs a job now on this process (run once, or a claimed fire) and writes its log row. */
  runNow(row: JobRow): Promise<RunOutcome> {
    return this.track(this.execute(row, 'manual', null));
  }

  private async execute(row: JobRow, trigger: 'cron' | 'manual', fireAt: Date | null): Promise<RunOutcome> {
    const started = Date.now();
    let outcome: Omit<RunOutcome, 'times'>;
    try {
      const bean = this.app.modules.findJob(row.beanName);
      if (!bean) throw new Error(`unknown bean ${row.beanName}`);
      const params = bean.params.parse(row.params ?? {});
      const app = this.app;
      const result = await onClock(
        app.clock,
        () => bean.run({ app, params, now: fireAt ?? app.clock.now() }),
        app.calendar.timeZone,
      );
      outcome = { status: 0, error: null, result: result ? JSON.stringify(result).slice(0, 500) : null };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      outcome = { status: 1, error: message.slice(0, 2000), result: null };
    }
    const times = Date.now() - started;
    await this.app.db.insert(scheduleJobLogs).values({
      jobId: row.id,
      beanName: row.beanName,
      params: row.params ?? {},
      status: outcome.status,
      error: outcome.error,
      result: outcome.result,
      times,
      trigger,
      runner: this.runner,
      fireAt,
    });
    if (outcome.status === 1) this.app.log.warn({ jobId: row.id, error: outcome.error }, 'scheduled job failed');
    return { ...outcome, times };
  }
}
