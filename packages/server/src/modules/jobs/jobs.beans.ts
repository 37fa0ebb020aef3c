import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { JobBeanInfo } from '@rehab/shared';
import { operationLogs, sessions, ssoNonces, verificationCodes } from '../../db/schema';
import { scheduleJobLogs } from './jobs.tables';
import { defineJobBean, type JobBean } from './job-bean';
import { workOrderExpireJob, workOrderGenerateJob } from '../work-orders/work-orders.jobs';

export { defineJobBean, type JobBean, type JobResult, type JobRunContext } from './job-bean';

const days = (min: number, max: number, fallback: number) =>
  z.strictObject({ retentionDays: z.number().int().min(min).max(max).default(fallback) });

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
const DAY = 86_400_000;

/** Number of rows a delete removed, on both drivers (node-postgres: rowCount; PGlite: affectedRows). */
function removed(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

const sessionCleanup = defineJobBean({
  name: 'sessionCleanup',
  label: { 'zh-CN': '清理过期会话', en: 'Purge expired sessions' },
  description: {
    'zh-CN': '删除已过期或已注销超过保留天数的登录会话，以及已过期的医院系统登录签名',
    en: 'Deletes sign-in sessions that expired or were ended more than the retention days ago, and expired hospital-system sign-in signatures',
  },
  params: days(0, 3650, 7),
  defaultCron: '0 30 2 * * ?',
  run: async ({ app, params, now }) => {
    const cutoff = ago(now, params.retentionDays * DAY);
    const result = await app.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, cutoff), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff))));
    // the used signatures of the hospital-system entry, once they could no longer pass the age check
    const nonces = await app.db.delete(ssoNonces).where(lt(ssoNonces.expiresAt, now));
    return { removed: removed(result), removedSsoSignatures: removed(nonces) };
  },
});

const verificationCodeCleanup = defineJobBean({
  name: 'verificationCodeCleanup',
  label: { 'zh-CN': '清理验证码', en: 'Purge verification codes' },
  description: {
    'zh-CN': '删除已使用或已过期、且发送超过保留小时数的验证码',
    en: 'Deletes used or expired verification codes sent more than the retention hours ago',
  },
  params: z.strictObject({ retentionHours: z.number().int().min(1).max(8760).default(24) }),
  defaultCron: '0 40 2 * * ?',
  run: async ({ app, params, now }) => {
    const cutoff = ago(now, params.retentionHours * 3_600_000);
    const result = await app.db
      .delete(verificationCodes)
      .where(
        and(
          lt(verificationCodes.createdAt, cutoff),
          or(isNotNull(verificationCodes.usedAt), lt(verificationCodes.expiresAt, now)),
        ),
      );
    return { removed: removed(result) };
  },
});

const operationLogCleanup = defineJobBean({
  name: 'operationLogCleanup',
  label: { 'zh-CN': '清理操作日志', en: 'Purge operation log' },
  description: {
    'zh-CN': '删除早于保留天数的操作日志',
    en: 'Deletes operation log entries older than the retention days',
  },
  params: days(1, 3650, 180),
  defaultCron: '0 50 2 * * ?',
  run: async ({ app, params, now }) => {
    const result = await app.db
      .delete(operationLogs)
      .where(lt(operationLogs.createdAt, ago(now, params.retentionDays * DAY)));
    return { removed: removed(result) };
  },
});

const jobLogCleanup = defineJobBean({
  name: 'jobLogCleanup',
  label: { 'zh-CN': '清理任务日志', en: 'Purge job log' },
  description: {
    'zh-CN': '删除早于保留天数的定时任务执行日志',
    en: 'Deletes scheduled-job log entries older than the retention days',
  },
  params: days(1, 3650, 30),
  defaultCron: '0 0 3 * * ?',
  run: async ({ app, params, now }) => {
    const result = await app.db
      .delete(scheduleJobLogs)
      .where(lt(scheduleJobLogs.createdAt, ago(now, params.retentionDays * DAY)));
    return { removed: removed(result) };
  },
});

/**
 * Probe: counts the job's own log. Does nothing else; useful to check that the scheduler runs (and that it runs once
 * across server processes), e.g. with a cron of every second.
 */
const heartbeat = defineJobBean({
  name: 'heartbeat',
  label: { 'zh-CN': '心跳检测', en: 'Heartbeat' },
  description: {
    'zh-CN': '只记录一次执行，用于检查调度是否正常运行',
    en: 'Only records a run: checks that the scheduler works',
  },
  params: z.strictObject({ failWith: z.string().max(200).optional() }),
  defaultCron: '0 */10 * * * ?',
  run: async ({ app, params }) => {
    if (params.failWith) throw new Error(params.failWith);
    const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(scheduleJobLogs);
    return { logRows: Number(row?.n ?? 0) };
  },
});

/**
 * Every job kind of the product, by bean name. A module adds its own by appending a `defineJobBean(...)` here
 * (for example the work-order module's "expire yesterday's unfinished work orders").
 */
export const JOB_BEANS: JobBean[] = [
  sessionCleanup,
  verificationCodeCleanup,
  operationLogCleanup,
  jobLogCleanup,
  heartbeat,
  workOrderExpireJob,
  workOrderGenerateJob,
];

export const findJobBean = (name: string) => JOB_BEANS.find((b) => b.name === name);

/** The beans as the screen offers them, with the parameters' defaults. */
export function jobBeanInfos(): JobBeanInfo[] {
  return JOB_BEANS.map((b) => {
    const parsed = b.params.safeParse({});
    return {
      name: b.name,
      label: b.label,
      description: b.description,
      defaultParams: parsed.success ? (parsed.data as Record<string, unknown>) : {},
      defaultCron: b.defaultCron,
    };
  });
}
