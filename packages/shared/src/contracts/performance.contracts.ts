import { z } from 'zod';
import {
  AchievementPerm,
  achievementMonthSchema,
  adjustmentDecideSchema,
  adjustmentRequestSchema,
  adjustmentRowSchema,
  monthBodySchema,
  monthStatusSchema,
  achievementProjectRowSchema,
  recomputeAnswerSchema,
  recomputeSchema,
  ruleAdoptSchema,
  ruleSaveSchema,
  ruleVersionRowSchema,
  achievementSessionRowSchema,
  therapistDetailSchema,
  therapistProjectsSchema,
  achievementTherapistRowSchema,
} from '../performance/performance.schema';
import { defineEndpoint } from './endpoint';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const VIEW = { permission: AchievementPerm.view } as const;

/**
 * Performance and achievements (绩效, issue 16; product `statistics`, every path under /sys/achievement): versioned
 * rules, the daily facts and their recomputation, month close, adjustments with approval, and the therapists'
 * statements. Values are integer hundredths of a point. A therapist reads only their own statement; `all` reads
 * everyone's.
 */
export const performanceEndpoints = {
  rules: defineEndpoint({
    method: 'POST',
    path: '/sys/achievement/rule/list',
    access: { permission: AchievementPerm.rules },
    response: z.strictObject({ data: z.array(ruleVersionRowSchema) }),
    summary: text('绩效规则版本列表', 'Performance rule versions'),
  }),
  ruleSave: defineEndpoint({
    method: 'POST',
    path: '/sys/achievement/rule/save',
    access: { permission: AchievementPerm.rules },
    body: ruleSaveSchema,
    response: z.strictObject({ data: ruleVersionRowSchema }),
    summary: text('新增绩效规则版本（自生效日起）', 'Record a rule version (from its effective day on)'),
  }),
  ruleAdopt: defineEndpoint({
    method: 'POST',
    path: '/sys/achievement/rule/adopt',
    access: { permission: AchievementPerm.rules },
    body: ruleAdoptSchema,
    response: z.strictObject({ data: z.strictObject({ created: z.number().int() }) }),
    summary: text('按当前绩效设置生成规则版本', 'Record versions from the current performance settings'),
  }),
  recompute: defineEndpoint({
    method: 'POST',
    path: '/sys/achievement/recompute',
    access: { permission: AchievementPerm.recompute },
    body: recomputeSchema,
    response: z.strictObject({ data: recomputeAnswerSchema }),
    summary: text('重新计算未结算的某日或某月', 'Recompute an open day or month'),
  }),
  monthStatus: defineEndpoint({
    method: 'POST',
    path: '/sys/achievement/month/status',
    access: VIEW,
    body: monthBodySchema,
    response: z.strictObject({ data: monthStatusSchema }),
    summary: text('月份结算状态', 'Whether a month is closed'),
  }),
  monthClose: defineEndpoint({
    method: 'POST',
    path: '/sys/achievement/month/close',
    access: { permission: AchievementPerm.close },
    body: monthBodySchema,
    response: z.strictObject({ data: monthStatusSchema }),
    summary: text('月份结算（锁定）', 'Close (lock) a month'),
  }),
  therapists: defineEndpoint({
    method: 'POST',
    path: '/sys/achievement/therapist/list',
    access: VIEW,
    body: achievementMonthSchema,
    response: z.strictObject({ data: z.array(achievementTherapistRowSchema) }),
    summary: text('治疗师绩效（月）', "Therapists' achievements of a month"),
  }),
  therapistProjects: defineEndpoint({
    method: 'POST',
    path: '/sys/achievement/therapist/projects',
    access: VIEW,
    body: therapistProjectsSchema,
    response: z.strictObject({ data: z.array(achievementProjectRowSchema) }),
    summary: text('治疗师绩效按项目', "A therapist's month by project"),
  }),
  therapistDetail: defineEndpoint({
    method: 'POST',
    path: '/sys/achievement/therapist/detail',
    access: VIEW,
    body: therapistDetailSchema,
    response: z.strictObject({ data: z.array(achievementSessionRowSchema) }),
    summary: text('治疗师绩效明细（每次治疗）', 'The sessions behind a figure'),
  }),
  adjustments: defineEndpoint({
    method: 'POST',
    path: '/sys/achievement/adjustment/list',
    access: VIEW,
    body: achievementMonthSchema,
    response: z.strictObject({ data: z.array(adjustmentRowSchema) }),
    summary: text('绩效调整列表', 'Adjustments of a month'),
  }),
  adjustmentRequest: defineEndpoint({
    method: 'POST',
    path: '/sys/achievement/adjustment/request',
    access: { permission: AchievementPerm.adjustRequest },
    body: adjustmentRequestSchema,
    response: z.strictObject({ data: adjustmentRowSchema }),
    summary: text('申请绩效调整', 'Ask for an adjustment'),
  }),
  adjustmentApprove: defineEndpoint({
    method: 'POST',
    path: '/sys/achievement/adjustment/approve',
    access: { permission: AchievementPerm.adjustApprove },
    body: adjustmentDecideSchema,
    response: z.strictObject({ data: adjustmentRowSchema }),
    summary: text('批准绩效调整', 'Approve an adjustment'),
  }),
  adjustmentReject: defineEndpoint({
    method: 'POST',
    path: '/sys/achievement/adjustment/reject',
    access: { permission: AchievementPerm.adjustApprove },
    body: adjustmentDecideSchema,
    response: z.strictObject({ data: adjustmentRowSchema }),
    summary: text('驳回绩效调整', 'Reject an adjustment'),
  }),
};
