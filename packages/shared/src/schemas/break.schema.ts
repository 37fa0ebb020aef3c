import { z } from 'zod';
import { pageSchema } from '../contracts/endpoint';
import { idSchema, pageQuerySchema } from './common.schema';

/**
 * Maintenance windows (/system/break): the time the system is down for maintenance, announced ahead on the login
 * page and in the signed-in shell, optionally refusing sign-in (except the super administrator's) while it lasts.
 * Times are written and shown on the clinic's clock (SCHEDULER_TIMEZONE), `YYYY-MM-DD HH:mm`.
 */

/** Where a window is relative to now. */
export const BREAK_STATES = ['upcoming', 'active', 'past'] as const;
export type BreakState = (typeof BREAK_STATES)[number];

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A wall-clock time on the clinic's clock, `YYYY-MM-DD HH:mm`, that exists on the calendar. */
export const breakTimeSchema = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, { error: 'break.timeFormat' })
  .refine(
    (v) => {
      const [y, mo, d, h, mi] = v.split(/[- :]/).map(Number) as [number, number, number, number, number];
      return y >= 2000 && y <= 2100 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo) && h <= 23 && mi <= 59;
    },
    { error: 'break.timeFormat' },
  );

const messageSchema = z.string().trim().min(1, { error: 'validation.required' }).max(500);

const breakFields = {
  startTime: breakTimeSchema,
  endTime: breakTimeSchema,
  messageZh: messageSchema,
  messageEn: messageSchema,
  /** while the window is active, sign-in is refused to everyone but the super administrator */
  blockSignIn: z.boolean({ error: 'validation.invalid' }).default(true),
};

/** The end after the start (both on the same clock, so the text compares as the time). */
const endAfterStart = (v: { startTime: string; endTime: string }, ctx: z.RefinementCtx) => {
  if (v.endTime <= v.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'break.endBeforeStart' });
};

/** POST /api/sys/break/save */
export const breakSaveSchema = z.strictObject(breakFields).superRefine(endAfterStart);
export type BreakSaveInput = z.input<typeof breakSaveSchema>;

/** POST /api/sys/break/update */
export const breakUpdateSchema = z.strictObject({ id: idSchema, ...breakFields }).superRefine(endAfterStart);
export type BreakUpdateInput = z.input<typeof breakUpdateSchema>;

/** POST /api/sys/break/delete: the ids of the chosen windows (a JSON array, as the other delete calls). */
export const breakIdsSchema = z.array(idSchema).min(1, { error: 'validation.required' }).max(100);

/** POST /api/sys/break/end: ends an active window now. */
export const breakEndSchema = z.strictObject({ id: idSchema });

/**
 * POST /api/sys/config/stopList (spec section 7, config stopList: time): the windows that stop the system at or after
 * `time` (the clinic's clock; now when left out), the earliest first.
 */
export const stopListSchema = z.strictObject({ time: breakTimeSchema.optional() });

/** What stopJob does with window `id`: `end` it now, or make it end at `time` instead (`endAt`). */
export const STOP_JOB_TYPES = ['end', 'endAt'] as const;

/**
 * POST /api/sys/config/stopJob (spec section 7, config stopJob: time, type, id): ends a window under way now, or
 * moves the end of an upcoming or active window to `time` (maintenance running late or done early).
 */
export const stopJobSchema = z
  .strictObject({
    id: idSchema,
    type: z.enum(STOP_JOB_TYPES, { error: 'validation.invalid' }),
    time: breakTimeSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'endAt' && !v.time) ctx.addIssue({ code: 'custom', path: ['time'], message: 'validation.required' });
  });

/** GET /api/sys/break/list */
export const breakListQuerySchema = pageQuerySchema.extend({ state: z.enum(BREAK_STATES).optional() });

/** A window as the screen lists it. */
export const breakRowSchema = z.strictObject({
  id: z.number().int(),
  /** ISO instants */
  startsAt: z.string(),
  endsAt: z.string(),
  /** the same on the clinic's clock, `YYYY-MM-DD HH:mm` */
  startTime: z.string(),
  endTime: z.string(),
  messageZh: z.string(),
  messageEn: z.string(),
  blockSignIn: z.boolean(),
  state: z.enum(BREAK_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BreakRow = z.output<typeof breakRowSchema>;

/** GET /api/sys/break/list: a page of windows and the clinic's time zone their times are on. */
export const breakPageSchema = pageSchema(breakRowSchema).extend({ timezone: z.string() });
export type BreakPage = z.output<typeof breakPageSchema>;

/**
 * GET /api/sys/break/current (public): the active window, else the next one starting within the notice period,
 * with its message in the caller's language; null when there is none.
 */
export const currentBreakSchema = z.strictObject({
  id: z.number().int(),
  state: z.enum(['upcoming', 'active']),
  startsAt: z.string(),
  endsAt: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  message: z.string(),
  blockSignIn: z.boolean(),
  timezone: z.string(),
});
export type CurrentBreak = z.output<typeof currentBreakSchema>;
