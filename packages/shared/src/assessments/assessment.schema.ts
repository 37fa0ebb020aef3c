import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';
import { ASSESS_PHASES, type AssessPhase } from '../schemas/method.schema';
import { textWidth } from '../validators/text';
import { ASSESS_STATUSES, type AssessStatusCode } from './assessment-state';

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

/** POST /api/sys/assess/storeTemporarily and submit: answers by item key. */
export const assessAnswersSchema = z.object({
  id: idSchema,
  answers: z
    .record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.null()]), { error: 'validation.invalid' })
    .refine((a) => Object.keys(a).length <= 1000, { error: 'validation.tooMany' }),
});

/** GET /api/sys/assess/patientReport/:patientId */
export const assessPatientParamSchema = z.object({ patientId: idSchema });

export type AssessBand = { min: number; max: number; labelZh: string; labelEn: string };

/** A row of the lists and the project view. */
export type AssessProjectRow = {
  id: number;
  patientId: number;
  patientName: string;
  treatmentId: number;
  methodId: number;
  scaleCode: string;
  abbr: string;
  methodName: string;
  phase: AssessPhase;
  assessorId: number;
  assessorName: string;
  authorizedId: number | null;
  authorizedName: string | null;
  plannedTime: string;
  reportName: string;
  remark: string | null;
  status: AssessStatusCode;
  total: number | null;
  band: AssessBand | null;
  submittedAt: string | null;
  attachmentCount: number;
  createdAt: string;
};

export type AssessAttachment = { id: number; name: string; size: number; mime: string; createdAt: string };

/** GET /api/sys/assess/info/:id: the project, its record (draft or submitted) and attachments. */
export type AssessProjectInfo = AssessProjectRow & {
  patientSex: number;
  patientAge: number | null;
  record: {
    state: 'draft' | 'submitted';
    answers: Record<string, string | number>;
    total: number | null;
    subscores: Record<string, number | null>;
    levels: Record<string, string | number> | null;
    savedAt: string;
    submittedAt: string | null;
    submittedById: number | null;
    submittedByName: string | null;
  } | null;
  attachments: AssessAttachment[];
  /** what the caller may do with it */
  can: { evaluate: boolean; end: boolean; cancel: boolean; authorize: boolean };
};

/** GET /api/sys/assess/patientReport/:patientId: each scale's submitted totals in time order. */
export type AssessPatientReport = {
  patientId: number;
  patientName: string;
  scales: {
    scaleCode: string;
    abbr: string;
    nameZh: string;
    nameEn: string;
    totalRange: { min: number; max: number } | null;
    points: { projectId: number; phase: AssessPhase; submittedAt: string; total: number; band: AssessBand | null }[];
  }[];
};
