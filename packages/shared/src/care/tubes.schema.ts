import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../schemas/common.schema';

/**
 * Tube and catheter care (管路管理, /pipeline): per patient, the tubes placed (urinary catheter, gastric or feeding
 * tube, tracheostomy, drainage, ...), their care records and the risk of unplanned removal, states placed ->
 * maintained -> removed (with a reason), and the alert when a planned change is due.
 */
export const TubePerm = {
  /** the tube list and a tube's detail with its care records */
  list: 'sys:pipeline:list',
  /** record a new tube */
  save: 'sys:pipeline:save',
  /** record care and remove a tube */
  care: 'sys:pipeline:care',
} as const;

export const TUBE_KINDS = ['urinary', 'gastric', 'feeding', 'tracheostomy', 'drainage', 'venous', 'other'] as const;
export type TubeKind = (typeof TUBE_KINDS)[number];
export const TUBE_STATUSES = ['placed', 'maintained', 'removed'] as const;
export type TubeStatus = (typeof TUBE_STATUSES)[number];
/** planned: removed as planned or no longer needed; changed: replaced by a new tube; unplanned: pulled out or slipped */
export const REMOVAL_REASONS = ['planned', 'changed', 'unplanned', 'other'] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];
export const CARE_ACTIONS = ['inspect', 'clean', 'dressing', 'flush', 'fixation', 'other'] as const;
export type CareAction = (typeof CARE_ACTIONS)[number];

/**
 * Risk of unplanned removal (非计划拔管风险), a short score modelled on the UEX risk forms of Chinese nursing: the
 * tube's own class (high-risk tubes: tracheostomy and drainage 3; venous, gastric and feeding 2; urinary and others
 * 1) plus five observed items. Total below 6 low, 6 to 9 medium, 10 and above high.
 */
export const TUBE_CLASS_POINTS: Record<TubeKind, number> = {
  tracheostomy: 3,
  drainage: 3,
  venous: 2,
  gastric: 2,
  feeding: 2,
  urinary: 1,
  other: 1,
};
/** item -> the highest points it can take (0 is always the best answer) */
export const RISK_ITEMS = {
  /** 0 clear, 1 drowsy, 2 confused, 3 agitated or delirious */
  consciousness: 3,
  /** 0 cooperates, 1 partly, 2 does not */
  cooperation: 2,
  /** 0 none, 1 tolerable, 2 severe pain or discomfort at the tube */
  discomfort: 2,
  /** 0 bedridden, 1 moves with help, 2 moves freely (pulls on the line) */
  mobility: 2,
  /** 0 never, 3 an unplanned removal before */
  history: 3,
} as const;
export type RiskItem = keyof typeof RISK_ITEMS;
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

const itemSchema = (max: number) =>
  z
    .number({ error: 'validation.invalidOption' })
    .int({ error: 'validation.invalidOption' })
    .min(0, { error: 'validation.invalidOption' })
    .max(max, { error: 'validation.invalidOption' });
export const riskItemsSchema = z.strictObject({
  consciousness: itemSchema(RISK_ITEMS.consciousness),
  cooperation: itemSchema(RISK_ITEMS.cooperation),
  discomfort: itemSchema(RISK_ITEMS.discomfort),
  mobility: itemSchema(RISK_ITEMS.mobility),
  history: z.union([z.literal(0), z.literal(3)], { error: 'validation.invalidOption' }),
});
export type RiskItems = z.infer<typeof riskItemsSchema>;

export function riskOf(kind: TubeKind, items: RiskItems): { score: number; level: RiskLevel } {
  const score = TUBE_CLASS_POINTS[kind] + Object.values(items).reduce((a, b) => a + b, 0);
  return { score, level: score >= 10 ? 'high' : score >= 6 ? 'medium' : 'low' };
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** A calendar date `YYYY-MM-DD` that exists. */
export const calendarDateSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date', abort: true })
  .refine(
    (v) => {
      const [y, m, d] = v.split('-').map(Number) as [number, number, number];
      return y >= 2000 && y <= 2100 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
    },
    { error: 'validation.date' },
  );

/** Required short text of at most `max` characters. */
export const shortText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(max, { error: 'validation.tooLong' });
const optionalText = (max: number) =>
  z.string().trim().max(max, { error: 'validation.tooLong' }).nullable().default(null);

export const tubeSaveSchema = z
  .strictObject({
    patientId: idSchema,
    /** the treatment course it belongs to, if any */
    treatmentId: idSchema.nullable().default(null),
    kind: z.enum(TUBE_KINDS, { error: 'validation.invalidOption' }),
    site: shortText(50),
    /** e.g. 16Fr, 7.5 mm */
    size: optionalText(20),
    placedOn: calendarDateSchema,
    /** who placed it: a name (it may have been placed in another hospital) */
    placedBy: shortText(30),
    plannedChangeOn: calendarDateSchema.nullable().default(null),
    remark: optionalText(200),
  })
  .refine((v) => !v.plannedChangeOn || v.plannedChangeOn >= v.placedOn, {
    error: 'tube.changeBeforePlaced',
    path: ['plannedChangeOn'],
  });

export const tubeCareSchema = z.strictObject({
  tubeId: idSchema,
  action: z.enum(CARE_ACTIONS, { error: 'validation.invalidOption' }),
  risk: riskItemsSchema,
  /** the next planned change, moved on after a change of dressing or tube; unchanged when absent */
  plannedChangeOn: calendarDateSchema.nullable().optional(),
  note: optionalText(200),
});

export const tubeRemoveSchema = z.strictObject({
  tubeId: idSchema,
  reason: z.enum(REMOVAL_REASONS, { error: 'validation.invalidOption' }),
  removedOn: calendarDateSchema,
  note: optionalText(200),
});

export const tubePageQuerySchema = pageQuerySchema.extend({
  patientId: idSchema.optional(),
  patientName: z.string().trim().max(30).optional(),
  kind: z.enum(TUBE_KINDS, { error: 'validation.invalidOption' }).optional(),
  status: z.enum(TUBE_STATUSES, { error: 'validation.invalidOption' }).optional(),
  /** only tubes in place whose planned change is today or past */
  changeDue: z.boolean().optional(),
});

export const tubeRowSchema = z.strictObject({
  id: z.number().int(),
  patientId: z.number().int(),
  patientName: z.string(),
  treatmentId: z.number().int().nullable(),
  kind: z.enum(TUBE_KINDS),
  site: z.string(),
  size: z.string().nullable(),
  placedOn: z.string(),
  placedBy: z.string(),
  plannedChangeOn: z.string().nullable(),
  status: z.enum(TUBE_STATUSES),
  /** in place and its planned change is today or past */
  changeDue: z.boolean(),
  /** days in place, up to removal or today */
  days: z.number().int(),
  riskScore: z.number().int().nullable(),
  riskLevel: z.enum(RISK_LEVELS).nullable(),
  removedOn: z.string().nullable(),
  removalReason: z.enum(REMOVAL_REASONS).nullable(),
  remark: z.string().nullable(),
  lastCareAt: z.string().nullable(),
});
export type TubeRow = z.infer<typeof tubeRowSchema>;

export const careRowSchema = z.strictObject({
  id: z.number().int(),
  caredAt: z.string(),
  caredByName: z.string().nullable(),
  action: z.enum(CARE_ACTIONS),
  risk: riskItemsSchema,
  riskScore: z.number().int(),
  riskLevel: z.enum(RISK_LEVELS),
  note: z.string().nullable(),
});
export type CareRow = z.infer<typeof careRowSchema>;

export const tubeDetailSchema = z.strictObject({ tube: tubeRowSchema, cares: z.array(careRowSchema) });
export type TubeDetail = z.infer<typeof tubeDetailSchema>;
