import { RoleId, getScale, scoreScale, type ScaleAnswers, type ScaleDefinition } from '@rehab/shared';
import type { Db } from '../../db/client';
import { firstOrganizationIds } from '../organizations';
import { roleHoldersIn } from '../roles';
import { methodsOfOrganization } from '../methods';
import { coursesWithPatientNames } from '../patients';
import { assessProjects, assessRecords } from './assessments.tables';
import { clockMs } from '../../kernel/clock';

const DAY = 86_400_000;

/** Answers at about `level` (0 worst, 1 best) of every item's range: what a patient at that stage would score. */
export function answersAt(def: ScaleDefinition, level: number): ScaleAnswers {
  const out: ScaleAnswers = {};
  for (const item of def.items) {
    if (item.kind === 'choice') {
      const scored = item.options.filter((o) => o.score !== null).sort((a, b) => a.score! - b.score!);
      const o = scored[Math.round(level * (scored.length - 1))] ?? item.options[0]!;
      out[item.key] = o.value;
    } else if (item.kind === 'number') {
      const steps = Math.round(((item.max - item.min) * level) / item.step);
      out[item.key] = Number((item.min + steps * item.step).toFixed(4));
    } else if (!item.optional) out[item.key] = '-';
  }
  return out;
}

type Plan = { code: string; phase: number; daysAgo: number; level: number | 'draft' | 'open' };

/** A course's assessments: admission and mid-term results that improve, a draft and one still to do. */
const PLANS: Plan[][] = [
  [
    { code: 'bbs', phase: 2, daysAgo: 20, level: 0.35 },
    { code: 'barthel', phase: 2, daysAgo: 20, level: 0.4 },
    { code: 'bbs', phase: 3, daysAgo: 6, level: 0.6 },
    { code: 'barthel', phase: 3, daysAgo: 6, level: 0.65 },
    { code: 'bbs', phase: 4, daysAgo: -2, level: 'open' },
  ],
  [
    { code: 'barthel', phase: 2, daysAgo: 9, level: 0.3 },
    { code: 'bbs', phase: 2, daysAgo: 9, level: 0.45 },
    { code: 'bbs', phase: 3, daysAgo: -1, level: 'draft' },
  ],
  [{ code: 'bbs', phase: 2, daysAgo: -1, level: 'open' }],
];

/**
 * Demo assessments for the first active courses of each demo organization, assessed by the organization's therapist
 * (who holds evaluation authority): submitted results scored with the shared scoring, a draft and open ones.
 */
export async function seedDemoAssessments(db: Db) {
  for (const orgId of await firstOrganizationIds(db, 2)) {
    const org = { id: orgId };
    const [therapist] = await roleHoldersIn(db, org.id, { roleIds: [RoleId.therapist] });
    if (!therapist) continue;
    const methods = await methodsOfOrganization(db, org.id);
    const courses = (await coursesWithPatientNames(db, org.id, 1, PLANS.length)).map((c) => ({
      id: c.treatmentId,
      patientId: c.patientId,
    }));
    for (const [i, course] of courses.entries()) {
      for (const plan of PLANS[i]!) {
        const method = methods.find((m) => m.scaleCode === plan.code);
        const def = getScale(plan.code);
        if (!method || !def) continue;
        const when = new Date(clockMs() - plan.daysAgo * DAY);
        const submitted = typeof plan.level === 'number';
        const [project] = await db
          .insert(assessProjects)
          .values({
            organizationId: org.id,
            patientId: course.patientId,
            treatmentId: course.id,
            methodId: method.id,
            scaleCode: def.code,
            phase: plan.phase,
            assessorId: therapist.userId,
            plannedTime: when,
            reportName: `${def.abbr} ${['', '门诊', '入院', '中期', '出院'][plan.phase]}评估`,
            status: submitted ? 3 : plan.level === 'draft' ? 2 : 1,
            createdBy: therapist.userId,
            updatedBy: therapist.userId,
            createdAt: new Date(when.getTime() - DAY),
          })
          .returning({ id: assessProjects.id });
        if (plan.level === 'open') continue;
        const answers = answersAt(def, typeof plan.level === 'number' ? plan.level : 0.5);
        if (plan.level === 'draft') {
          // half the items answered
          const half = Object.fromEntries(Object.entries(answers).slice(0, Math.ceil(def.items.length / 2)));
          await db
            .insert(assessRecords)
            .values({ projectId: project!.id, state: 1, answers: half, savedBy: therapist.userId });
          continue;
        }
        const score = scoreScale(def, answers);
        await db.insert(assessRecords).values({
          projectId: project!.id,
          state: 2,
          answers,
          total: score.total === null ? null : String(score.total),
          subscores: score.subscores,
          band: score.band,
          levels: score.levels ?? null,
          savedBy: therapist.userId,
          savedAt: when,
          submittedBy: therapist.userId,
          submittedAt: when,
        });
      }
    }
  }
}
