import { z } from 'zod';
import { daySchema } from '@rehab/shared';
import { defineJobBean } from '../../kernel/job';
import { clinicToday } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { organizationsWithSessions } from '../work-orders';
import { closedMonth, computeDay, dayBefore, lockMonth, monthOf, organizationsWithFacts } from './performance.facts';

/**
 * Nightly (01:30 on the clinic's clock, seeded by migration 0027): the performance facts of yesterday for every
 * organization, or of the day given. A closed month is left alone (counted as skipped).
 */
export const performanceFactsJob = defineJobBean({
  name: 'performanceFacts',
  label: { 'zh-CN': '绩效日计算', en: 'Daily performance facts' },
  description: {
    'zh-CN': '按当日有效的绩效规则计算昨天（或指定日期）每个已完成工单的绩效，已结算月份不再计算',
    en: "Computes yesterday's (or the given day's) performance facts of every completed work order by the rules in force that day; closed months are left alone",
  },
  params: z.strictObject({ day: daySchema.optional() }),
  defaultCron: '0 30 1 * * ?',
  run: async ({ app, params, now }) => {
    const day = params.day ?? dayBefore(clinicToday(now));
    const month = monthOf(day);
    const orgs = new Set([
      ...(await organizationsWithSessions(app.db, day, day)),
      ...(await organizationsWithFacts(app.db, day, day)),
    ]);
    let inserted = 0;
    let reversed = 0;
    let skipped = 0;
    for (const organizationId of [...orgs].sort((a, b) => a - b)) {
      await runUnitOfWork(app, async ({ tx }) => {
        await lockMonth(tx, organizationId, month);
        if (await closedMonth(tx, organizationId, month)) {
          skipped++;
          return;
        }
        const r = await computeDay(tx, organizationId, day, now);
        inserted += r.inserted;
        reversed += r.reversed;
      });
    }
    return { organizations: orgs.size, inserted, reversed, skipped };
  },
});
