import { z } from 'zod';
import { defineJobBean } from '../../kernel/job';
import { publishDue } from './content.service';

/** Every minute (seeded by migration 0040): publishes the approved versions whose scheduled time has come. */
export const contentPublishJob = defineJobBean({
  name: 'contentPublish',
  label: { 'zh-CN': '内容定时发布', en: 'Scheduled content publishing' },
  description: {
    'zh-CN': '发布已审核通过且到达定时发布时间的小程序内容',
    en: 'Publishes approved mini-program content whose scheduled time has come',
  },
  params: z.strictObject({}),
  defaultCron: '0 * * * * ?',
  run: async ({ app, now }) => publishDue(app, now),
});
