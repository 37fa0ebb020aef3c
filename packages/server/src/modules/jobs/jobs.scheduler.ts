import crypto from 'node:crypto';
import os from 'node:os';
import { Cron } from 'croner';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context';

import { scheduleJobLogs, scheduleJobs } from './jobs.tables';
import { onClock } from '../../kernel/clock';

type JobRow = typeof scheduleJobs.$inferSelect;

/** Parses a cron expression the way the scheduler runs it; null when croner refuses it or it never fires. */
export function parseCron(expression: string, timezone: string): Cron | null {
  try {
    const cron = new Cron(expression, { paused: true, timezone, mode: '5-or-6-parts' });
    const next = cron.nextRun();
    cron.stop();
    return next ? cron : null;
  } catch {
    return null;
  }
}

export type RunOutcome = { status: 0 | 1; error: string | null; result: string | null; times: number };

/**
 * Runs the jobs of the database on their crons inside this server process.
 *
 * Every process keeps one croner timer per running job and reloads the job table every `syncMs` (and at once after
 * a change through this process's API), so a job saved, paused or deleted on another process is followed within
 * that time. When a timer fires, the process claims the fire time on the job's row:
 * `UPDATE sys_schedule_job SET last_fire_at = T WHERE id = ? AND status = 0 AND cron_expression = ? AND
 * (last_fire_at IS NULL OR last_fire_at < T)`. PostgreSQL lets exactly one of the concurrent updates change the row;
 * the others see the new value and skip, so each fire time runs once across processes that share one database.
 */
export class JobScheduler {
  private timers = new Map<number, { cron: Cron; expression: string }>();
  private running = new Set<Promise<unknown>>();
  private syncTimer: NodeJS.Timeout | null = null;
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

  /** Stops every timer and waits for the runs in progress (the database is closed right after). */
  async stop() {
    this.stopped = true;
    if (this.syncTimer) clearInterval(this.syncTimer);
    this.syncTimer = null;
    await this.syncing;
    for (const { cron } of this.timers.values()) cron.stop();
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  /** Next fire time of a job on this process, null when it is paused or the scheduler is off. */
  nextRun(jobId: number): Date | null {
    return this.timers.get(jobId)?.cron.nextRun() ?? null;
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
        timer.cron.stop();
        this.timers.delete(id);
      }
    }
    for (const row of wanted.values()) {
      if (this.timers.has(row.id)) continue;
      const expression = row.cronExpression;
      try {
        const cron = new Cron(
          expression,
          { timezone: this.timezone, mode: '5-or-6-parts', protect: true, catch: true, unref: true },
          (self: Cron) => this.track(this.fire(row.id, expression, self)),
        );
        this.timers.set(row.id, { cron, expression });
      } catch (err) {
        this.app.log.warn({ err, jobId: row.id }, 'scheduler: cron expression refused');
      }
    }
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
    return p;
  }

  /** A timer fired: claim the fire time, and run the job when this process won it. */
  private async fire(jobId: number, expression: string, cron: Cron) {
    if (this.stopped) return;
    // the scheduled time of this fire (the latest match at or before now), not the moment the timer woke up
    const fireAt = cron.previousRuns(1, new Date(Date.now() + 1))[0] ?? new Date(Math.floor(Date.now() / 1000) * 1000);
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
