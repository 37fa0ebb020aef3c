import { z } from 'zod';
import { defineJobBean } from '../../kernel/job';
import { alertDueChanges } from './tubes.service';

/**
 * Every hour (seeded by migration 0041): tubes in place whose planned change is today or past are announced once to
 * the nurses who recorded and cared for them; the list shows them first, marked "change due".
 */
export const tubeChangeDueJob = defineJobBean({
  name: 'tubeChangeDue',
  label: { 'zh-CN': '管路更换提醒', en: 'Tube change reminder' },
  description: {
    'zh-CN': '到计划更换日（或已过）的在位管路，向置管登记人和护理人发送一次站内提醒',
    en: 'Tubes in place whose planned change day has come are announced once to who recorded and cared for them',
  },
  params: z.strictObject({}),
  defaultCron: '0 0 * * * ?',
  run: async ({ app, now }) => ({ tubesDue: await alertDueChanges(app, now) }),
});
