import { z } from 'zod';
import { GENERATION_WINDOW_DAYS } from '@rehab/shared';
import { defineJobBean } from '../jobs';
import { expirePast, extendWindow } from './work-orders.generation';

/**
 * Daily: every project in progress gets the work orders of the window (today + 6 days by default). Both jobs
 * are seeded by migration 0010.
 */
export const workOrderGenerateJob = defineJobBean({
  name: 'workOrderGenerate',
  label: { 'zh-CN': '生成治疗工单', en: 'Generate work orders' },
  description: {
    'zh-CN': '为进行中的治疗项目生成从今天起若干天的治疗工单（已有的不重复生成）',
    en: 'Creates the work orders of the coming days for every treatment project in progress (existing ones are kept)',
  },
  params: z.strictObject({ days: z.number().int().min(1).max(31).default(GENERATION_WINDOW_DAYS) }),
  defaultCron: '0 5 0 * * ?',
  run: async ({ app, params, now }) => ({ created: await extendWindow(app.db, now, params.days) }),
});

/** Daily: unfinished work orders of past days become expired. */
export const workOrderExpireJob = defineJobBean({
  name: 'workOrderExpire',
  label: { 'zh-CN': '工单过期处理', en: 'Expire work orders' },
  description: {
    'zh-CN': '把今天以前未完成的治疗工单标记为已过期',
    en: 'Marks unfinished work orders of days before today as expired',
  },
  params: z.strictObject({}),
  defaultCron: '0 1 0 * * ?',
  run: async ({ app, now }) => ({ expired: await expirePast(app.db, now) }),
});
