import { z } from 'zod';

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
