import { z } from 'zod';
import { defineJobBean } from '../../kernel/job';
import { markOverdue } from './leases.service';

/** Every hour (seeded by migration 0042): leases still out after their planned return day become overdue. */
export const leaseOverdueJob = defineJobBean({
  name: 'leaseOverdue',
  label: { 'zh-CN': '租赁逾期标记', en: 'Lease overdue marking' },
  description: {
    'zh-CN': '超过计划归还日仍未归还的租赁单置为逾期',
    en: 'Leases not returned by their planned return day become overdue',
  },
  params: z.strictObject({}),
  defaultCron: '0 5 * * * ?',
  run: async ({ app, now }) => ({ leasesOverdue: await markOverdue(app, now) }),
});
