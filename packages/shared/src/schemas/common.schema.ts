import { z } from 'zod';

/**
 * A number that may arrive as a string (query strings, form fields). Unlike `z.coerce.number()`, a missing or
 * empty value stays missing, so it is reported as required rather than as "not a number".
 */
export function numberFrom<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v);
    return v;
  }, schema);
}

/** Paging of every list call: `page` from 1, `limit` default 10 (spec section 9), at most 1000 rows a page. */
export const pageQuerySchema = z.object({
  page: numberFrom(z.number().int().min(1)).default(1),
  limit: numberFrom(z.number().int().min(1).max(1000)).default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A database id: a positive 32-bit integer (larger values cannot name a row). */
export const idSchema = numberFrom(z.number().int().positive().max(2_147_483_647));

export const idParamSchema = z.object({ id: idSchema });

/** 0/1 flags as the original API sends them, accepting booleans too. */
export const flag01 = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.literal('0'), z.literal('1')])
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));

/** A picker entry as the server answers it: an id and a name in the caller's language. */
export const idNameSchema = z.strictObject({ id: z.number().int(), name: z.string() });

/** The audit columns of a row as an answer carries them (times as ISO 8601 strings). */
export const auditAnswerFields = {
  createdBy: z.number().int().nullable(),
  updatedBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
