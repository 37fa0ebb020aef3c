import { z } from 'zod';

/** Paging of every list call: `page` from 1, `limit` default 10 (spec section 9), at most 1000 rows a page. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** 0/1 flags as the original API sends them, accepting booleans too. */
export const flag01 = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.literal('0'), z.literal('1')])
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));
