import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import {
  issuesToProblems,
  JobStatus,
  type JobLogRow,
  type JobRow,
  type JobStatusCode,
  dateTimeFormat,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { ResultCode } from '@rehab/shared';

import { parseCron, type RunOutcome } from './jobs.scheduler';
import { scheduleJobLogs, scheduleJobs } from './jobs.tables';
import { clockNow } from '../../kernel/clock';
import { escapeLike } from '../../db/like';

export type JobValues = {
  beanName: string;
  params: Record<string, unknown>;
  cronExpression: string;
  remark: string;
};

/** `YYYY-MM-DD HH:mm:ss` of a moment on the clock of a time zone. */
export function wallClock(moment: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    dateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(moment)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

function toRow(app: AppContext, r: typeof scheduleJobs.$inferSelect): JobRow {
  const next = r.status === JobStatus.normal ? app.scheduler.nextRun(r.id) : null;
  return {
    jobId: r.id,
    beanName: r.beanName,
    params: r.params,
    cronExpression: r.cronExpression,
    remark: r.remark,
    status: r.status as JobStatusCode,
    nextRunAt: next ? next.toISOString() : null,
    nextRunLocal: next ? wallClock(next, app.scheduler.timezone) : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Checks a job before it is stored: a known bean, parameters that fit its schema (stored with their defaults
 * filled in) and a cron expression the scheduler accepts and that fires at least once more.
 */
export function checkJob(app: AppContext, v: JobValues): JobValues {
  const bean = app.modules.findJob(v.beanName);
  if (!bean)
    throw new AppError(ResultCode.badRequest, 'jobs.unknownBean', { beanName: v.beanName }, { field: 'beanName' });
  const parsed = bean.params.safeParse(v.params);
  if (!parsed.success) {
    const first = issuesToProblems(parsed.error.issues)[0]!;
    const field = first.field ? `params.${first.field}` : 'params';
    throw new AppError(ResultCode.badRequest, first.key, first.params, { field });
  }
  if (!parseCron(v.cronExpression, app.scheduler.timezone)) {
    throw new AppError(ResultCode.badRequest, 'jobs.invalidCron', {}, { field: 'cronExpression' });
  }
  return { ...v, params: parsed.data as Record<string, unknown> };
}

export async function listJobs(app: AppContext, q: { page: number; limit: number; beanName?: string }) {
  const where = q.beanName ? ilike(scheduleJobs.beanName, `%${escapeLike(q.beanName)}%`) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    app.db
      .select()
      .from(scheduleJobs)
      .where(where)
      .orderBy(desc(scheduleJobs.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    app.db.select({ total: count() }).from(scheduleJobs).where(where),
  ]);
  return { list: rows.map((r) => toRow(app, r)), total };
}

async function findJob(app: AppContext, id: number) {
  const [row] = await app.db.select().from(scheduleJobs).where(eq(scheduleJobs.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export const getJob = async (app: AppContext, id: number) => toRow(app, await findJob(app, id));

export async function createJob(app: AppContext, input: JobValues) {
  const v = checkJob(app, input);
  const [row] = await app.db.insert(scheduleJobs).values(v).returning();
  await app.scheduler.sync();
  return toRow(app, row!);
}

export async function updateJob(app: AppContext, id: number, input: JobValues) {
  const v = checkJob(app, input);
  const [row] = await app.db
    .update(scheduleJobs)
    .set({ ...v, updatedAt: clockNow() })
    .where(eq(scheduleJobs.id, id))
    .returning();
  if (!row) throw notFound();
  await app.scheduler.sync();
  return toRow(app, row);
}

/** All the ids must exist, else nothing is changed (404). */
async function requireAll(app: AppContext, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await app.db.select().from(scheduleJobs).where(inArray(scheduleJobs.id, unique));
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

export async function deleteJobs(app: AppContext, ids: number[]) {
  await app.db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await tx.select({ id: scheduleJobs.id }).from(scheduleJobs).where(inArray(scheduleJobs.id, unique));
    if (rows.length !== unique.length) throw notFound();
    await tx.delete(scheduleJobs).where(inArray(scheduleJobs.id, unique));
  });
  await app.scheduler.sync();
}

export async function setJobStatus(app: AppContext, ids: number[], status: JobStatusCode) {
  await app.db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await tx.select({ id: scheduleJobs.id }).from(scheduleJobs).where(inArray(scheduleJobs.id, unique));
    if (rows.length !== unique.length) throw notFound();
    await tx.update(scheduleJobs).set({ status, updatedAt: clockNow() }).where(inArray(scheduleJobs.id, unique));
  });
  await app.scheduler.sync();
}

/** Run once: each chosen job runs now on this process (paused ones too), each run writing its log row. */
export async function runJobs(app: AppContext, ids: number[]) {
  const rows = await requireAll(app, ids);
  const results: (RunOutcome & { jobId: number })[] = [];
  for (const row of rows) results.push({ jobId: row.id, ...(await app.scheduler.runNow(row)) });
  return results;
}

export async function listJobLogs(
  app: AppContext,
  q: { page: number; limit: number; jobId?: number; status?: 0 | 1 },
): Promise<{ list: JobLogRow[]; total: number }> {
  const t = scheduleJobLogs;
  const where: SQL[] = [];
  if (q.jobId) where.push(eq(t.jobId, q.jobId));
  if (q.status !== undefined) where.push(eq(t.status, q.status));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    app.db
      .select()
      .from(t)
      .where(condition)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    app.db.select({ total: count() }).from(t).where(condition),
  ]);
  return { list: rows.map(toLogRow), total };
}

function toLogRow(r: typeof scheduleJobLogs.$inferSelect): JobLogRow {
  return {
    logId: r.id,
    jobId: r.jobId,
    beanName: r.beanName,
    params: r.params,
    status: r.status as 0 | 1,
    error: r.error,
    result: r.result,
    times: r.times,
    trigger: r.trigger,
    runner: r.runner,
    fireAt: r.fireAt ? r.fireAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function getJobLog(app: AppContext, id: number) {
  const [row] = await app.db.select().from(scheduleJobLogs).where(eq(scheduleJobLogs.id, id)).limit(1);
  if (!row) throw notFound();
  return toLogRow(row);
}
