import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { operationLogs } from './logs.tables';
import { ago, DAY, defineJobBean, removed } from '../../kernel/job';
import { purgeAccessLogs } from './access-log';

export const operationLogCleanup = defineJobBean({
  name: 'operationLogCleanup',
  label: { 'zh-CN': '清理操作日志', en: 'Purge operation log' },
  description: {
    'zh-CN': '删除早于保留天数的操作日志',
    en: 'Deletes operation log entries older than the retention days',
  },
  params: z.strictObject({ retentionDays: z.number().int().min(1).max(3650).default(180) }),
  defaultCron: '0 50 2 * * ?',
  run: async ({ app, params, now }) => {
    const result = await app.db
      .delete(operationLogs)
      .where(lt(operationLogs.createdAt, ago(now, params.retentionDays * DAY)));
    return { removed: removed(result) };
  },
});

/** The access log's retention (issue 22): its only delete, let through by the append-only trigger. */
export const accessLogCleanup = defineJobBean({
  name: 'accessLogCleanup',
  label: { 'zh-CN': '清理患者数据访问日志', en: 'Purge access log' },
  description: {
    'zh-CN': '删除早于保留天数的患者数据访问日志（默认保留 365 天）',
    en: 'Deletes access log entries (reads of patient data) older than the retention days (365 by default)',
  },
  params: z.strictObject({ retentionDays: z.number().int().min(180).max(3650).default(365) }),
  defaultCron: '0 55 2 * * ?',
  run: async ({ app, params, now }) => ({
    removed: await purgeAccessLogs(app.db, ago(now, params.retentionDays * DAY)),
  }),
});
