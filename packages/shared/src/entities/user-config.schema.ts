import { z } from 'zod';

/** The largest setting a user may store, as JSON text. */
export const USER_CONFIG_MAX_BYTES = 16_000;

function build() {
  /** a key of a user setting (`GET /sys/userConfig/info/{a}/{b}`): the screen and the table or panel within it */
  const configKey = z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(64, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_.-]+$/, { error: 'validation.invalid' });
  /** one column of a table column setting (spec section 3, "Table column setting") */
  const column = z.object({
    prop: z.string().min(1).max(64),
    label: z.string().max(100).optional(),
    checked: z.boolean(),
    width: z.number().int().min(20).max(2000).nullable().optional(),
    fixed: z.enum(['left', 'right']).nullable().optional(),
    disabled: z.boolean().optional(),
  });
  return {
    key: z.object({ a: configKey, b: configKey }),
    /** saves one setting of the signed-in user; `value` is any JSON of at most 16,000 characters */
    save: z.object({
      a: configKey,
      b: configKey,
      value: z.json({ error: 'validation.invalid' }).refine((v) => JSON.stringify(v).length <= USER_CONFIG_MAX_BYTES, {
        error: 'validation.tooLarge',
      }),
    }),
    columns: z.array(column).max(100),
  };
}

let built: ReturnType<typeof build> | undefined;
/**
 * Schemas of the per-user settings (`sys/userConfig`) and of the table column setting stored there. Built on first
 * use: module-level zod schemas would land in the login page's bundle through the shared index.
 */
export function userConfigSchemas() {
  return (built ??= build());
}

export type ColumnSetting = {
  prop: string;
  label?: string;
  checked: boolean;
  width?: number | null;
  fixed?: 'left' | 'right' | null;
  disabled?: boolean;
};
export type UserConfigSave = { a: string; b: string; value: unknown };
