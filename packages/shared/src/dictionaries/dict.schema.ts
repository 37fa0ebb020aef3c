import { z } from 'zod';
import { idSchema, numberFrom } from '../schemas/common.schema';
import { chineseCount, textWidth } from '../validators/text';
import { dictionaryOf } from './app-dictionaries';

/** Permission codes of the dictionary maintenance screen (/dict). Reading a dictionary is open to every member. */
export const DictPerm = {
  list: 'sys:dict:list',
  save: 'sys:dict:save',
  update: 'sys:dict:update',
  delete: 'sys:dict:delete',
} as const;

/** Most entries one dictionary call answers (spec section 9: dictionary list 10000). */
export const DICT_PAGE_MAX = 10_000;

const dictType = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .refine((v) => dictionaryOf(v) !== undefined, { error: 'validation.invalidOption' });

/** POST /api/sys/dict/list: one dictionary in the caller's language, `num` entries a page (all by default). */
export const dictListSchema = z.object({
  type: dictType,
  page: numberFrom(z.number().int().min(1).max(100000)).default(1),
  num: numberFrom(z.number().int().min(1).max(DICT_PAGE_MAX)).default(DICT_PAGE_MAX),
});
export type DictListInput = z.input<typeof dictListSchema>;

/** GET /api/sys/dict/entries/:type (the maintenance screen: both languages, built-in or the organization's). */
export const dictTypeParamSchema = z.object({ type: dictType });

/**
 * GET /api/sys/dict/org/:type query: `postSmallType` narrows the therapist list to holders of that post small type
 * (blank: all); other lists ignore it.
 */
export const orgDictQuerySchema = z.object({
  postSmallType: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
});
export type OrgDictQuery = z.output<typeof orgDictQuerySchema>;

const extensibleType = dictType.refine((v) => dictionaryOf(v)?.extensible === true, {
  error: 'dict.notExtensible',
});

const itemFields = {
  /** the code the program stores: letters, digits, `-` and `_` */
  k: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(20, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.alphanumeric' }),
  /** the Chinese text: a name (50 characters, display width 64) */
  valZh: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(50, { error: 'validation.tooLong' })
    .refine((v) => textWidth(v) <= 64, { error: 'validation.nameTooLong' }),
  /** the English text, without Chinese characters; empty shows the Chinese one */
  valEn: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(64, { error: 'validation.tooLong' })
    .refine((v) => chineseCount(v) === 0, { error: 'validation.noChinese' })
    .default(''),
  // empty (undefined, null or '') means no sort number
  sort: numberFrom(z.number({ error: 'validation.invalid' }).int().min(1).max(9999).optional()),
};

/** POST /api/sys/dict/save: an entry of the organization's own in an extensible dictionary. */
export const dictItemSaveSchema = z.strictObject({ type: extensibleType, ...itemFields });
export type DictItemSaveInput = z.input<typeof dictItemSaveSchema>;

/** POST /api/sys/dict/update: the organization's entry (its type does not change). */
export const dictItemUpdateSchema = z.strictObject({
  id: numberFrom(z.number().int().min(1).max(2_147_483_647)),
  ...itemFields,
});
export type DictItemUpdateInput = z.input<typeof dictItemUpdateSchema>;

/** POST /api/sys/dict/delete: `{ ids }`. */
export const dictItemDeleteSchema = z.strictObject({
  ids: z
    .array(numberFrom(z.number().int().min(1).max(2_147_483_647)))
    .min(1, { error: 'validation.required' })
    .max(1000, { error: 'validation.tooMany' }),
});

/** One entry as the maintenance screen shows it. */
export const dictItemRowSchema = z.strictObject({
  /** null for a built-in entry */
  id: z.number().int().nullable(),
  k: z.string(),
  valZh: z.string(),
  valEn: z.string(),
  sort: z.number().int().nullable(),
  builtin: z.boolean(),
});
export type DictItemRow = z.output<typeof dictItemRowSchema>;

/** An entry of an application dictionary in the caller's language (POST /api/sys/dict/list). */
export const dictOptionSchema = z.strictObject({ k: z.string(), val: z.string() });
export type DictOption = z.output<typeof dictOptionSchema>;

/**
 * An entry of an organization dictionary list (GET /api/sys/dict/org/:type): always `id` and `name` (in the caller's
 * language); staff lists add `userId` and `roleId`, the therapists their post small type, the real doctors their
 * post type, the assessment methods their scale code.
 */
export const orgDictOptionSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  userId: z.number().int().optional(),
  roleId: z.number().int().optional(),
  postSmallType: z.number().int().nullable().optional(),
  postSmallTypeName: z.string().nullable().optional(),
  postTypeId: z.number().int().nullable().optional(),
  scaleCode: z.string().optional(),
});
export type OrgDictOption = z.output<typeof orgDictOptionSchema>;

/** `{ type }` of GET /api/sys/dict/org/:type: any name; an unknown one is refused by the server (dict.unknownType). */
export const orgDictTypeParamSchema = z.object({ type: z.string().max(64) });
