/** The scheduler's own jobs: the clean-up of its log and a probe. Every other module declares its jobs in its manifest. */
import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { scheduleJobLogs } from './jobs.tables';
import { ago, DAY, defineJobBean, removed } from '../../kernel/job';

export const jobLogCleanup = defineJobBean({
  name: 'jobLogCleanup',
  label: { 'zh-CN': '清理任务日志', en: 'Purge job log' },
  description: {
    'zh-CN': '删除早于保留天数的定时任务执行日志',
    en: 'Deletes scheduled-job log entries older than the retention days',
  },
  params: z.strictObject({ retentionDays: z.number().int().min(1).max(3650).default(30) }),
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
export const heartbeat = defineJobBean({
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
