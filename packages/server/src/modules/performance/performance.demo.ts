import { RoleId } from '@rehab/shared';
import type { DemoContext } from '../../kernel/module';
import { clinicToday } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { masterRows } from '../master-data';
import { staffWithRoles } from '../roles';
import { computeDay, daysOfMonth, monthOf } from './performance.facts';
import { perfAdjustments, perfRuleVersions } from './performance.tables';

/**
 * Every demo organization: a rule version from each enabled performance setting, in force from the first day of the
 * previous month, and the facts of the days of the previous and the current month up to today (the demo work orders
 * executed in the last days); in the first organization a pending adjustment for its first therapist.
 */
export async function seedDemoPerformance(ctx: DemoContext) {
  const today = clinicToday(ctx.now);
  const month = monthOf(today);
  const previous = monthOf(new Date(Date.parse(`${month}-01T00:00:00Z`) - 86_400_000).toISOString());
  const orgs = await ctx.organizationIds();
  for (const [i, organizationId] of orgs.entries()) {
    const [admin] = await staffWithRoles(ctx.db, organizationId, [RoleId.orgAdmin], { order: 'id' });
    await runUnitOfWork(ctx.host, async ({ tx, now }) => {
      const seen = new Set<number>();
      for (const s of await masterRows(tx, 'performanceSet', organizationId)) {
        const templateId = Number(s.projectTemplateId);
        if (s.status !== 1 || seen.has(templateId)) continue;
        seen.add(templateId);
        await tx.insert(perfRuleVersions).values({
          organizationId,
          projectTemplateId: templateId,
          coefficientX100: Math.round(Number(s.coefficient) * 100),
          points: Number(s.points),
          effectiveFrom: `${previous}-01`,
          createdBy: admin?.id ?? null,
          createdAt: now,
        });
      }
      for (const day of [...daysOfMonth(previous), ...daysOfMonth(month, today)])
        await computeDay(tx, organizationId, day, now);
      const [therapist] = await staffWithRoles(tx, organizationId, [RoleId.therapist], { order: 'id' });
      if (i === 0 && admin && therapist)
        await tx.insert(perfAdjustments).values({
          organizationId,
          staffId: therapist.id,
          month,
          delta: 500,
          reason: '带教实习生 / teaching interns',
          requestKey: 'demo-adjustment-1',
          requestedBy: admin.id,
          requestedAt: now,
        });
    });
  }
}
