import { z } from 'zod';
import { defineJobBean } from '../../kernel/job';
import { expireConsultations } from './telemedicine.service';

/**
 * Every 15 minutes (seeded by migration 0032): expires the consultation requests nobody answered before their
 * deadline and ends the sessions abandoned four hours past their time (OpenTera's sweepers).
 */
export const remoteExpireJob = defineJobBean({
  name: 'remoteConsultationExpire',
  label: { 'zh-CN': '远程会诊过期处理', en: 'Remote consultation expiry' },
  description: {
    'zh-CN': '将超过应答期限仍未接诊的会诊申请置为已过期，并结束超过预约时间 4 小时仍未完成的会诊',
    en: 'Expires consultation requests not taken over before their deadline and ends sessions abandoned 4 hours past their time',
  },
  params: z.strictObject({}),
  defaultCron: '0 */15 * * * ?',
  run: async ({ app, now }) => expireConsultations(app, now),
});
