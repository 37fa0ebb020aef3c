import { z } from 'zod';
import { getScale } from '../scales/registry';
import { textWidth } from '../validators/text';
import { idSchema, numberFrom, pageQuerySchema } from './common.schema';

/** Permission codes of the assessment methods screen (/maintainSystem/assessTable), spec section 7 `method`. */
export const MethodPerm = {
  list: 'sys:method:list',
  info: 'sys:method:info',
  save: 'sys:method:save',
  update: 'sys:method:update',
  delete: 'sys:method:delete',
  updateProjects: 'sys:method:updateProjects',
} as const;

/**
 * The assessment phases a method applies to, with the codes of the `assessType` dictionary: 1 outpatient,
 * 2 admission, 3 mid-term, 4 discharge.
 */
export const ASSESS_PHASES = [1, 2, 3, 4] as const;
export type AssessPhase = (typeof ASSESS_PHASES)[number];

const NO_CHINESE = /^[^\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]*$/;

/** The code of a scale definition of the catalogue (`bbs`, `fugl-meyer`); an unknown code is refused. */
export const methodScaleCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(64, { error: 'validation.invalidOption', abort: true })
  .refine((code) => getScale(code) !== undefined, { error: 'method.unknownScale' });

const optionalName = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .refine((v) => textWidth(v) <= max * 2, { error: 'validation.widthTooLong' })
    .optional()
    .nullable()
    .transform((v) => v || null);

const methodFields = {
  scaleCode: methodScaleCodeSchema,
  /** the Chinese display name; blank takes the definition's */
  name: optionalName(50),
  /** the English display name; blank takes the definition's */
  nameEn: z
    .string()
    .trim()
    .max(100, { error: 'validation.tooLong' })
    .regex(NO_CHINESE, { error: 'validation.noChinese' })
    .optional()
    .nullable()
    .transform((v) => v || null),
  /** a set of phases, at least one */
  phases: z
    .array(
      numberFrom(
        z.union(
          ASSESS_PHASES.map((p) => z.literal(p)),
          { error: 'validation.invalidOption' },
        ),
      ),
      {
        error: 'validation.required',
      },
    )
    .min(1, { error: 'validation.required' })
    .max(ASSESS_PHASES.length * 2, { error: 'validation.tooMany' })
    .transform((ps) => [...new Set(ps as AssessPhase[])].sort((a, b) => a - b)),
  /** blank: after the others */
  sort: numberFrom(
    z.number({ error: 'validation.invalid' }).int({ error: 'validation.notInteger' }).min(1).max(9999).optional(),
  ).transform((v) => v ?? null),
  status: numberFrom(z.union([z.literal(0), z.literal(1)], { error: 'validation.invalidOption' })).default(1),
  remark: z
    .string()
    .trim()
    .max(20, { error: 'validation.tooLong' })
    .optional()
    .nullable()
    .transform((v) => v || null),
};

/** POST /api/sys/method/save */
export const methodSaveSchema = z.object(methodFields);
export type MethodSaveInput = z.input<typeof methodSaveSchema>;
/** POST /api/sys/method/update: the scale of a row is fixed once added (assessments refer to it); the rest changes. */
export const methodUpdateSchema = z.object({ id: idSchema, ...methodFields });
export type MethodUpdateInput = z.input<typeof methodUpdateSchema>;

/** POST /api/sys/method/list: `keyword` matches a part of the names, the abbreviation or the scale code. */
export const methodListQuerySchema = pageQuerySchema.extend({
  keyword: z
    .string()
    .trim()
    .max(50, { error: 'validation.tooLong' })
    .optional()
    .transform((v) => v || undefined),
  status: numberFrom(z.union([z.literal(0), z.literal(1)], { error: 'validation.invalidOption' })).optional(),
  phase: numberFrom(
    z.union(
      ASSESS_PHASES.map((p) => z.literal(p)),
      { error: 'validation.invalidOption' },
    ),
  ).optional(),
});

/** GET /api/sys/method/getScaleByOrganizationId: the enabled methods, optionally those of one phase. */
export const methodScaleQuerySchema = z.object({
  phase: numberFrom(
    z.union(
      ASSESS_PHASES.map((p) => z.literal(p)),
      { error: 'validation.invalidOption' },
    ),
  ).optional(),
});

/**
 * POST /api/sys/method/updateProjects: the enabled methods in their order. Every listed id is enabled and sorted
 * 1, 2, 3 ... in the order given; every other method of the organization is disabled (its order is kept). One
 * transaction; an id of another organization refuses the whole request.
 */
export const methodUpdateProjectsSchema = z.object({
  ids: z
    .array(idSchema, { error: 'validation.invalid' })
    .max(500, { error: 'validation.tooMany' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'method.duplicateIds' }),
});

const phaseSchema = z.union(ASSESS_PHASES.map((p) => z.literal(p)));

/** A method as the list and the info answer it. */
export const methodRowSchema = z.strictObject({
  id: z.number().int(),
  scaleCode: z.string(),
  abbr: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** the definition's names, shown when the row's own differ */
  scaleNameZh: z.string(),
  scaleNameEn: z.string(),
  category: z.string(),
  phases: z.array(phaseSchema),
  sort: z.number().int(),
  status: z.number().int(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MethodRow = z.output<typeof methodRowSchema>;

/** An entry of getScaleByOrganizationId: what the assessment screens offer. */
export const methodScaleEntrySchema = z.strictObject({
  id: z.number().int(),
  scaleCode: z.string(),
  abbr: z.string(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  phases: z.array(phaseSchema),
  sort: z.number().int(),
});
export type MethodScaleEntry = z.output<typeof methodScaleEntrySchema>;
