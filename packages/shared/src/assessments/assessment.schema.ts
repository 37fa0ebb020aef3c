import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';
import { ASSESS_PHASES } from '../schemas/method.schema';
import { textWidth } from '../validators/text';
import { ASSESS_STATUSES } from './assessment-state';

/**
 * Permission codes of the assessment screens and calls (/recovery, /gauge, /patient/assess-project). Evaluation
 * authority (spec section 5: 'This account does not have evaluation authority!') is `sys:assess:evaluate`: only
 * holders may be named assessor or authorized evaluator, and store or submit answers.
 */
export const AssessPerm = {
  list: 'sys:assess:list',
  info: 'sys:assess:info',
  save: 'sys:assess:save',
  end: 'sys:assess:end',
  cancel: 'sys:assess:cancel',
  authorize: 'sys:assess:authorize',
  evaluate: 'sys:assess:evaluate',
  report: 'sys:assess:report',
  upload: 'sys:assess:upload',
} as const;

/** Lists of /recovery/list/:type?: every project of the organization, mine (I am the assessor), authorized to me. */
export const ASSESS_LIST_TYPES = ['all', 'mine', 'authorized'] as const;
export type AssessListType = (typeof ASSESS_LIST_TYPES)[number];

/** Report attachments (spec sections 5 and 9): one format per assessment, 100 MB in total, checked by content. */
export const ASSESS_ATTACHMENT_LIMITS = { totalBytes: 100 * 1024 * 1024 } as const;
export const ASSESS_ATTACHMENT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'] as const;

/** A planned time may lie at most this far in the past (the picker's minute and the network). */
export const PLANNED_TIME_TOLERANCE_MS = 120_000;

const phaseSchema = numberFrom(
  z.union(
    ASSESS_PHASES.map((p) => z.literal(p)),
    { error: 'validation.invalidOption' },
  ),
);

/** `YYYY-MM-DD HH:mm[:ss]` (read as China time, the product's time zone) or an ISO 8601 time with its offset. */
export function parseAssessTime(v: string): Date | null {
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  const d = local
    ? new Date(`${local[1]}-${local[2]}-${local[3]}T${local[4]}:${local[5]}:${local[6] ?? '00'}+08:00`)
    : /^\d{4}-\d{2}-\d{2}T/.test(v)
      ? new Date(v)
      : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(max, { error: 'validation.tooLong' })
    .refine((v) => textWidth(v) <= max * 2, { error: 'validation.widthTooLong' });

/**
 * POST /api/sys/assess/save: one project per method for a patient's course and phase. Method, evaluator, report name
 * and time are required; the time cannot be earlier than now (spec section 5).
 */
export const assessSaveSchema = z.object({
  treatmentId: idSchema,
  phase: phaseSchema,
  methodIds: z
    .array(idSchema, { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(20, { error: 'validation.tooMany' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'assess.duplicateMethods' }),
  assessorId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema),
  plannedTime: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .refine((v) => parseAssessTime(v) !== null, { error: 'validation.invalid', abort: true })
    .refine((v) => parseAssessTime(v)!.getTime() >= Date.now() - PLANNED_TIME_TOLERANCE_MS, {
      error: 'assess.timeBeforeNow',
    }),
  reportName: requiredText(50),
  remark: z
    .string()
    .trim()
    .max(100, { error: 'validation.tooLong' })
    .optional()
    .nullable()
    .transform((v) => v || null),
});
export type AssessSaveInput = z.input<typeof assessSaveSchema>;

/** POST /api/sys/assess/list */
export const assessListSchema = pageQuerySchema.extend({
  type: z.enum(ASSESS_LIST_TYPES, { error: 'validation.invalidOption' }).default('all'),
  keyword: z
    .string()
    .trim()
    .max(50, { error: 'validation.tooLong' })
    .optional()
    .transform((v) => v || undefined),
  /** a status; without one cancelled projects are left out ("not cancelled") */
  status: numberFrom(
    z.union(
      ASSESS_STATUSES.map((s) => z.literal(s)),
      { error: 'validation.invalidOption' },
    ),
  ).optional(),
  /** only projects still to be evaluated (not started and in progress) */
  unfinished: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).optional(),
  phase: phaseSchema.optional(),
  patientId: idSchema.optional(),
  treatmentId: idSchema.optional(),
});

export const assessIdSchema = z.object({ id: idSchema });

/** POST /api/sys/assess/authorize: hand the project to another evaluator (who needs evaluation authority). */
export const assessAuthorizeSchema = z.object({ id: idSchema, evaluatorId: idSchema });

/** How far ahead of the server's clock an assessment time may lie (the picker's minute and the network). */
export const ASSESSED_AT_TOLERANCE_MS = 120_000;

/**
 * POST /api/sys/assess/storeTemporarily and submit: answers by item key, and on submission the time the assessment
 * was done (`assessedAt`, default now; not in the future nor before the course was registered, checked by the server
 * against its clock).
 */
export const assessAnswersSchema = z.object({
  id: idSchema,
  assessedAt: z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((v) => v || null)
    .refine((v) => v === null || parseAssessTime(v) !== null, { error: 'validation.invalid' }),
  answers: z
    .record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.null()]), { error: 'validation.invalid' })
    .refine((a) => Object.keys(a).length <= 1000, { error: 'validation.tooMany' }),
});

/** GET /api/sys/assess/patientReport/:patientId */
export const assessPatientParamSchema = z.object({ patientId: idSchema });

const int = z.number().int();
const phaseOut = z.union(ASSESS_PHASES.map((p) => z.literal(p)));
const statusSchema = z.union(ASSESS_STATUSES.map((s) => z.literal(s)));

export const assessBandSchema = z.strictObject({
  min: z.number(),
  max: z.number(),
  labelZh: z.string(),
  labelEn: z.string(),
});
export type AssessBand = z.output<typeof assessBandSchema>;

const projectRowFields = {
  id: int,
  patientId: int,
  patientName: z.string(),
  treatmentId: int,
  methodId: int,
  scaleCode: z.string(),
  abbr: z.string(),
  methodName: z.string(),
  phase: phaseOut,
  assessorId: int,
  assessorName: z.string(),
  authorizedId: int.nullable(),
  authorizedName: z.string().nullable(),
  plannedTime: z.string(),
  reportName: z.string(),
  remark: z.string().nullable(),
  status: statusSchema,
  total: z.number().nullable(),
  band: assessBandSchema.nullable(),
  submittedAt: z.string().nullable(),
  attachmentCount: int,
  createdAt: z.string(),
};

/** A row of the lists and the project view. */
export const assessProjectRowSchema = z.strictObject(projectRowFields);
export type AssessProjectRow = z.output<typeof assessProjectRowSchema>;

export const assessAttachmentSchema = z.strictObject({
  id: int,
  name: z.string(),
  size: int,
  mime: z.string(),
  createdAt: z.string(),
});
export type AssessAttachment = z.output<typeof assessAttachmentSchema>;

const answerValue = z.union([z.string(), z.number()]);

/** GET /api/sys/assess/info/:id: the project, its record (draft or submitted) and attachments. */
export const assessProjectInfoSchema = z.strictObject({
  ...projectRowFields,
  patientSex: int,
  patientAge: int.nullable(),
  record: z
    .strictObject({
      state: z.enum(['draft', 'submitted']),
      answers: z.record(z.string(), answerValue),
      total: z.number().nullable(),
      subscores: z.record(z.string(), z.number().nullable()),
      levels: z.record(z.string(), answerValue).nullable(),
      savedAt: z.string(),
      submittedAt: z.string().nullable(),
      /** when the assessment was done (the submission time for records from before it was entered) */
      assessedAt: z.string().nullable(),
      submittedById: int.nullable(),
      submittedByName: z.string().nullable(),
    })
    .nullable(),
  attachments: z.array(assessAttachmentSchema),
  /** what the caller may do with it */
  can: z.strictObject({ evaluate: z.boolean(), end: z.boolean(), cancel: z.boolean(), authorize: z.boolean() }),
});
export type AssessProjectInfo = z.output<typeof assessProjectInfoSchema>;

/** GET /api/sys/assess/patientReport/:patientId: each scale's submitted totals in time order. */
export const assessPatientReportSchema = z.strictObject({
  patientId: int,
  patientName: z.string(),
  scales: z.array(
    z.strictObject({
      scaleCode: z.string(),
      abbr: z.string(),
      nameZh: z.string(),
      nameEn: z.string(),
      totalRange: z.strictObject({ min: z.number(), max: z.number() }).nullable(),
      points: z.array(
        z.strictObject({
          projectId: int,
          phase: phaseOut,
          submittedAt: z.string(),
          total: z.number(),
          band: assessBandSchema.nullable(),
        }),
      ),
    }),
  ),
});
export type AssessPatientReport = z.output<typeof assessPatientReportSchema>;

/** GET /api/sys/assess/course/:id: the course (and patient) of an assessment project screen. */
export const assessCourseSchema = z.strictObject({
  treatmentId: int,
  status: int,
  patientType: int,
  patientId: int,
  patientName: z.string(),
  sex: int,
  age: int.nullable(),
});
export type AssessCourse = z.output<typeof assessCourseSchema>;

/** A member with evaluation authority (assessor and authorize pickers). */
export const assessEvaluatorSchema = z.strictObject({ id: int, name: z.string() });

/** What storing or submitting answers gives back: the new status and, on submit, the server's score. */
export const assessRecordResultSchema = z.strictObject({
  id: int,
  status: statusSchema,
  total: z.number().nullable(),
  subscores: z.record(z.string(), z.number().nullable()),
  band: assessBandSchema.nullable(),
  levels: z.record(z.string(), answerValue).nullable(),
});
export type AssessRecordResult = z.output<typeof assessRecordResultSchema>;
