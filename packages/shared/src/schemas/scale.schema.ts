import { z } from 'zod';
import type { IsncsciResult } from '../scales/isncsci';
import type { ScaleSummary } from '../scales/registry';
import type { ScaleDefinition } from '../scales/types';

/** The code of a scale in a path: the /gauge page name without `table-`. */
export const scaleCodeParamSchema = z.object({
  code: z
    .string()
    .min(1, 'validation.required')
    .max(64, 'validation.invalid')
    .regex(/^[a-z0-9-]+$/, 'validation.invalid'),
});

/**
 * Answers to score: item key → value (a number, or a string for non-numeric grades such as "1+", "NT", "A"). The
 * items themselves are checked against the scale's definition by the handler, which names the item it refuses.
 */
export const scaleScoreBodySchema = z.object({
  answers: z
    .record(z.string().max(64), z.union([z.number(), z.string().max(1000)]))
    .refine((a) => Object.keys(a).length <= 500, 'validation.tooMany'),
});
export type ScaleScoreBody = z.infer<typeof scaleScoreBodySchema>;

// ---- answers (as JSON carries them) ----

const biSchema = z.strictObject({ zh: z.string(), en: z.string() });
const rangeSchema = z.strictObject({ min: z.number(), max: z.number() });
const bandSchema = z.strictObject({ min: z.number(), max: z.number(), labelZh: z.string(), labelEn: z.string() });
const scaleCategorySchema = z.enum(['adl', 'motor', 'balance', 'neuro', 'cognition', 'pain', 'swallowSpeech', 'other']);
const scaleShapeSchema = z.enum([
  'sum',
  'percentAnswered',
  'dimensionMean',
  'domainMean',
  'stages',
  'measure',
  'kubota',
  'asia',
]);
const scaleLicenceSchema = z.enum(['PD', 'FREE', 'COPYRIGHT', 'NA']);

/** One line of the catalogue (GET /api/scales). */
export const scaleSummarySchema: z.ZodType<ScaleSummary> = z.strictObject({
  code: z.string(),
  abbr: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  category: scaleCategorySchema,
  shape: scaleShapeSchema,
  licence: scaleLicenceSchema,
  itemCount: z.number().int(),
  totalRange: rangeSchema.nullable(),
  hasBands: z.boolean(),
});

const itemBase = {
  key: z.string(),
  label: biSchema,
  group: z.string().optional(),
  optional: z.boolean().optional(),
  hint: biSchema.optional(),
};
const scaleItemSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...itemBase,
    kind: z.literal('choice'),
    options: z.array(
      z.strictObject({
        value: z.union([z.string(), z.number()]),
        score: z.number().nullable(),
        label: biSchema,
        untestable: z.boolean().optional(),
      }),
    ),
  }),
  z.strictObject({
    ...itemBase,
    kind: z.literal('number'),
    min: z.number(),
    max: z.number(),
    step: z.number(),
    unit: biSchema.optional(),
  }),
  z.strictObject({ ...itemBase, kind: z.literal('text'), maxLength: z.number().int() }),
]);

/** A scale's definition with its items in published order (GET /api/scales/:code). */
export const scaleDefinitionSchema: z.ZodType<ScaleDefinition> = z.strictObject({
  code: z.string(),
  name: biSchema,
  abbr: z.string(),
  category: scaleCategorySchema,
  shape: scaleShapeSchema,
  licence: scaleLicenceSchema,
  description: biSchema,
  source: z.string(),
  items: z.array(scaleItemSchema),
  groups: z
    .array(
      z.strictObject({
        key: z.string(),
        label: biSchema,
        max: z.number().optional(),
        aggregate: z.enum(['sum', 'mean']).optional(),
      }),
    )
    .optional(),
  totalRange: rangeSchema.optional(),
  bands: z.array(bandSchema).optional(),
  totalUnit: biSchema.optional(),
  totalGroups: z.array(z.string()).optional(),
  factor: z.strictObject({ by: z.number(), rounding: z.enum(['floor', 'round2']) }).optional(),
  cap: z.number().optional(),
  untestable: z.enum(['zero', 'exclude', 'voidTotal']).optional(),
  primary: z.string().optional(),
  licenceNote: biSchema.optional(),
  notes: z.array(biSchema).optional(),
});

const isncsciValue = z.string();
/** The ISNCSCI classification of an `asia` worksheet. */
export const isncsciResultSchema: z.ZodType<IsncsciResult> = z.strictObject({
  sensoryLevelR: isncsciValue,
  sensoryLevelL: isncsciValue,
  motorLevelR: isncsciValue,
  motorLevelL: isncsciValue,
  nli: isncsciValue,
  ais: z.enum(['A', 'B', 'C', 'D', 'E', 'ND']),
  zppSensoryR: isncsciValue,
  zppSensoryL: isncsciValue,
  zppMotorR: isncsciValue,
  zppMotorL: isncsciValue,
  range: z
    .partialRecord(
      z.enum([
        'sensoryLevelR',
        'sensoryLevelL',
        'motorLevelR',
        'motorLevelL',
        'nli',
        'ais',
        'zppSensoryR',
        'zppSensoryL',
        'zppMotorR',
        'zppMotorL',
      ]),
      z.tuple([z.string(), z.string()]),
    )
    .optional(),
});

/** The server's score of a set of answers (POST /api/scales/:code/score). */
export const scaleScoreResultSchema = z.strictObject({
  code: z.string(),
  total: z.number().nullable(),
  subscores: z.record(z.string(), z.number().nullable()),
  band: bandSchema.nullable(),
  levels: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  isncsci: isncsciResultSchema.nullable().optional(),
});
export type ScaleScoreResult = z.output<typeof scaleScoreResultSchema>;
