import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { operationLogs } from './logs.tables';
import { ago, DAY, defineJobBean, removed } from '../../kernel/job';

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
