import { z } from 'zod';

/**
 * Performance and achievements (绩效, issue 16; docs/decisions.md "Performance (issue 16)"). Every figure is an
 * integer: a rule's coefficient in hundredths (1.25 -> 125), values in hundredths of a point
 * (points x coefficient: 3 points x 1.25 = 375).
 */
export const AchievementPerm = {
  /** one's own statement (every session behind each figure) */
  view: 'sys:achievement:view',
  /** everyone's statements, the month's table */
  all: 'sys:achievement:all',
  /** record a rule version (coefficient and points of a project template from a day on) */
  rules: 'sys:achievement:rules',
  /** recompute the facts of an open day or month */
  recompute: 'sys:achievement:recompute',
  /** close (lock) a month */
  close: 'sys:achievement:close',
  /** ask for an adjustment of someone's points */
  adjustRequest: 'sys:achievement:adjustRequest',
  /** approve or reject an adjustment somebody else asked for */
  adjustApprove: 'sys:achievement:adjustApprove',
  /** ask for a closed month to be reopened (with a reason) */
  reopenRequest: 'sys:achievement:reopenRequest',
  /** approve or reject a reopening somebody else asked for */
  reopenApprove: 'sys:achievement:reopenApprove',
  /** record a staff member's quality coefficient (考核系数) of an open month */
  quality: 'sys:achievement:quality',
  /** publish a closed month's statements to staff */
  publish: 'sys:achievement:publish',
  /** file an appeal on one's own published statement */
  appeal: 'sys:achievement:appeal',
  /** accept or reject somebody else's appeal */
  appealAnswer: 'sys:achievement:appealAnswer',
} as const;

/** How a staff member got a session: their own order, an authorized one, or as a substitute. */
export const FactKind = { own: 1, authorized: 2, substitute: 3 } as const;

export const AdjustmentStatus = { pending: 0, approved: 1, rejected: 2 } as const;

export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month YYYY-MM');
export const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'day YYYY-MM-DD');

/** 1.25 -> 125; at most two decimals, 0.00-100.00. */
export const coefficientSchema = z
  .union([z.number(), z.string().trim()])
  .transform((v) => Number(v))
  .pipe(z.number().min(0).max(100))
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'at most two decimals')
  .transform((v) => Math.round(v * 100));

export const ruleSaveSchema = z.strictObject({
  projectTemplateId: z.number().int().positive(),
  coefficient: coefficientSchema,
  points: z.number().int().min(0).max(9999),
  effectiveFrom: daySchema,
});

export const ruleAdoptSchema = z.strictObject({ effectiveFrom: daySchema });

export const ruleVersionRowSchema = z.strictObject({
  id: z.number().int(),
  projectTemplateId: z.number().int(),
  templateName: z.string().nullable(),
  coefficientX100: z.number().int(),
  points: z.number().int(),
  effectiveFrom: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});

export const recomputeSchema = z.strictObject({ day: daySchema.optional(), month: monthSchema.optional() });
export const recomputeAnswerSchema = z.strictObject({
  days: z.number().int(),
  inserted: z.number().int(),
  reversed: z.number().int(),
});

export const monthBodySchema = z.strictObject({ month: monthSchema });

export const monthStatusSchema = z.strictObject({
  month: z.string(),
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
  /** the close in force was published to staff (appeals may be filed) */
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  publishedByName: z.string().nullable(),
});

export const achievementTherapistRowSchema = z.strictObject({
  staffId: z.number().int(),
  staffName: z.string(),
  sessions: z.number().int(),
  points: z.number().int(),
  /** hundredths of a point */
  value: z.number().int(),
  /** the quality coefficient (考核系数) of the month in hundredths, 100 when none was recorded */
  qualityX100: z.number().int(),
  /** value x quality coefficient, hundredths of a point */
  qualified: z.number().int(),
  /** approved adjustments, hundredths of a point */
  adjustments: z.number().int(),
  /** qualified + adjustments (qualityTotal) */
  total: z.number().int(),
  authorized: z.number().int(),
  substitute: z.number().int(),
});

export const achievementMonthSchema = z.strictObject({
  month: monthSchema,
  staffId: z.number().int().optional(),
});

export const achievementProjectRowSchema = z.strictObject({
  templateId: z.number().int(),
  templateName: z.string(),
  comboName: z.string(),
  sessions: z.number().int(),
  points: z.number().int(),
  value: z.number().int(),
});

export const therapistProjectsSchema = z.strictObject({ staffId: z.number().int(), month: monthSchema });

export const therapistDetailSchema = z.strictObject({
  staffId: z.number().int(),
  month: monthSchema,
  templateId: z.number().int(),
  /** the combo name; '' for projects prescribed alone, undefined for every session of the template */
  combo: z.string().max(50).optional(),
});

export const achievementSessionRowSchema = z.strictObject({
  factId: z.number().int(),
  workOrderId: z.number().int(),
  treatDate: z.string(),
  completedAt: z.string().nullable(),
  patientName: z.string(),
  projectName: z.string(),
  kind: z.number().int(),
  ruleVersionId: z.number().int().nullable(),
  ruleEffectiveFrom: z.string().nullable(),
  coefficientX100: z.number().int(),
  points: z.number().int(),
  value: z.number().int(),
});

export const adjustmentRequestSchema = z.strictObject({
  key: z.string().trim().min(8).max(64),
  staffId: z.number().int().positive(),
  month: monthSchema,
  /** hundredths of a point, positive or negative, never 0 */
  delta: z
    .number()
    .int()
    .min(-10_000_000)
    .max(10_000_000)
    .refine((v) => v !== 0, 'not 0'),
  reason: z.string().trim().min(1).max(200),
});

export const adjustmentDecideSchema = z.strictObject({
  id: z.number().int().positive(),
  remark: z.string().trim().max(200).optional(),
});

/** A request decided by somebody else (adjustments, reopenings): status as AdjustmentStatus, who asked and decided. */
const decisionFields = {
  status: z.number().int(),
  requestedBy: z.number().int(),
  requestedByName: z.string(),
  requestedAt: z.string(),
  decidedBy: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  remark: z.string().nullable(),
  replayed: z.boolean().optional(),
};

export const adjustmentRowSchema = z.strictObject({
  id: z.number().int(),
  staffId: z.number().int(),
  staffName: z.string(),
  month: z.string(),
  delta: z.number().int(),
  reason: z.string(),
  ...decisionFields,
});

/** Asking for a closed month to be reopened; the key makes a repeated request write once. */
export const reopenRequestSchema = z.strictObject({
  key: z.string().trim().min(8).max(64),
  month: monthSchema,
  reason: z.string().trim().min(1).max(200),
});

/** A request to reopen a closed month (status as AdjustmentStatus). */
export const reopenRowSchema = z.strictObject({
  id: z.number().int(),
  month: z.string(),
  closeId: z.number().int(),
  reason: z.string(),
  ...decisionFields,
});

export type ReopenRow = z.infer<typeof reopenRowSchema>;

/** A staff member's appeal on their published statement of a month; the key makes a repeated filing write once. */
export const appealFileSchema = z.strictObject({
  key: z.string().trim().min(8).max(64),
  month: monthSchema,
  reason: z.string().trim().min(1).max(200),
});

/** The answer to an appeal: a rejection needs its reason (`remark`). */
export const appealAnswerSchema = adjustmentDecideSchema;

/** An appeal (the requester is the appellant; status as AdjustmentStatus: approved = accepted). */
export const appealRowSchema = z.strictObject({
  id: z.number().int(),
  month: z.string(),
  publicationId: z.number().int(),
  reason: z.string(),
  ...decisionFields,
});
export type AppealRow = z.infer<typeof appealRowSchema>;
export type AchievementTherapistRow = z.infer<typeof achievementTherapistRowSchema>;
export type AchievementProjectRow = z.infer<typeof achievementProjectRowSchema>;
export type AchievementSessionRow = z.infer<typeof achievementSessionRowSchema>;
export type AdjustmentRow = z.infer<typeof adjustmentRowSchema>;
export type RuleVersionRow = z.infer<typeof ruleVersionRowSchema>;

/** Recording a quality coefficient (考核系数) of a staff member's month: 0.95 -> 95, at most 2.00. */
export const qualitySaveSchema = z.strictObject({
  staffId: z.number().int().positive(),
  month: monthSchema,
  coefficient: coefficientSchema.refine((v) => v <= 200, 'at most 2.00'),
  reason: z.string().trim().max(200).optional(),
});

export const qualityRowSchema = z.strictObject({
  id: z.number().int(),
  staffId: z.number().int(),
  staffName: z.string(),
  month: z.string(),
  coefficientX100: z.number().int(),
  reason: z.string().nullable(),
  createdBy: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
  /** the coefficient was already the one in force: nothing written, the version in force answered */
  unchanged: z.boolean().optional(),
});
export type QualityRow = z.infer<typeof qualityRowSchema>;

/**
 * The quality coefficient applied to a month's value (hundredths of a point x hundredths), rounded half away from
 * zero: 1001 x 0.95 = 950.95 -> 951.
 */
export const applyQuality = (value: number, qualityX100: number) =>
  Math.sign(value) * Math.round((Math.abs(value) * qualityX100) / 100);

/**
 * A statement's total (docs/decisions.md "Performance (issue 16)", quality coefficients): the facts' value times the
 * quality coefficient, plus the approved adjustments, which the coefficient does not touch (an adjustment's approved
 * figure is what lands in the total).
 */
export const qualityTotal = (value: number, adjustments: number, qualityX100: number) =>
  applyQuality(value, qualityX100) + adjustments;

/** Hundredths as a figure: 375 -> "3.75". */
export const hundredths = (v: number) => {
  const sign = v < 0 ? '-' : '';
  const a = Math.abs(v);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};

/** A doctor's month (doctorPerformance/doctorList): prescriptions, sessions prescribed, assessments, courses opened. */
export const doctorRowSchema = z.strictObject({
  doctorId: z.number().int(),
  doctorName: z.string(),
  prescriptions: z.number().int(),
  sessions: z.number().int(),
  assessments: z.number().int(),
  courses: z.number().int(),
});

export const doctorProjectsSchema = z.strictObject({ doctorId: z.number().int(), month: monthSchema });

export const doctorProjectRowSchema = z.strictObject({
  templateId: z.number().int(),
  templateName: z.string(),
  prescriptions: z.number().int(),
  sessions: z.number().int(),
});

export const doctorDetailSchema = z.strictObject({
  doctorId: z.number().int(),
  month: monthSchema,
  templateId: z.number().int(),
});

export const doctorPrescriptionRowSchema = z.strictObject({
  id: z.number().int(),
  patientName: z.string(),
  projectName: z.string(),
  comboName: z.string().nullable(),
  totalTimes: z.number().int(),
  treatedTimes: z.number().int(),
  status: z.number().int(),
  createdAt: z.string(),
});

export type DoctorRow = z.infer<typeof doctorRowSchema>;
export type DoctorProjectRow = z.infer<typeof doctorProjectRowSchema>;
export type DoctorPrescriptionRow = z.infer<typeof doctorPrescriptionRowSchema>;

/** A user's workload by day (user-wordload-detail): a therapist's sessions, or a doctor's prescriptions. */
export const workloadDailySchema = z.strictObject({
  type: z.enum(['therapist', 'doctor']),
  staffId: z.number().int(),
  month: monthSchema,
});

export const workloadDayRowSchema = z.strictObject({
  day: z.string(),
  sessions: z.number().int(),
  points: z.number().int(),
  /** hundredths of a point */
  value: z.number().int(),
  prescriptions: z.number().int(),
  prescribedSessions: z.number().int(),
  assessments: z.number().int(),
  courses: z.number().int(),
});

export type WorkloadDayRow = z.infer<typeof workloadDayRowSchema>;
