import { z } from 'zod';
import { pageSchema } from '../contracts/endpoint';
import { idSchema, numberFrom, pageQuerySchema } from './common.schema';

/** Permission codes of the scheduled jobs screen (/system/timedTask; spec section 7, Administration: schedule). */
export const JobPerm = {
  list: 'sys:schedule:list',
  info: 'sys:schedule:info',
  save: 'sys:schedule:save',
  update: 'sys:schedule:update',
  delete: 'sys:schedule:delete',
  pause: 'sys:schedule:pause',
  resume: 'sys:schedule:resume',
  run: 'sys:schedule:run',
  log: 'sys:schedule:log',
} as const;

/** Status of a scheduled job: 0 running on its cron, 1 paused. */
export const JobStatus = { normal: 0, paused: 1 } as const;
export type JobStatusCode = (typeof JobStatus)[keyof typeof JobStatus];

/** Outcome of one run in the job log: 0 succeeded, 1 failed. */
export const JobRunStatus = { success: 0, failure: 1 } as const;

/** A cron expression: 5 fields (minute first) or 6 (second first); the server checks it with the scheduler itself. */
export const cronExpressionSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(100)
  .regex(/^[0-9A-Za-z*?/,\-#LW ]+$/, { error: 'jobs.invalidCron' });

/** Parameters of a job: a JSON object, sent as the object or as its JSON text (empty text: no parameters). */
export const jobParamsSchema = z
  .union([z.string().max(2000), z.record(z.string(), z.unknown()), z.null()])
  .optional()
  .transform((v, ctx): Record<string, unknown> => {
    if (v === undefined || v === null) return {};
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return {};
    try {
      const parsed: unknown = JSON.parse(v);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'jobs.paramsNotJson' });
    return z.NEVER;
  });

const jobFields = {
  beanName: z.string({ error: 'validation.required' }).trim().min(1).max(100),
  params: jobParamsSchema,
  cronExpression: cronExpressionSchema,
  remark: z.string().trim().max(100).default(''),
};

/** POST /api/sys/schedule/save (a new job starts running on its cron). */
export const jobSaveSchema = z.strictObject(jobFields);
export type JobSaveInput = z.input<typeof jobSaveSchema>;

/** POST /api/sys/schedule/update */
export const jobUpdateSchema = z.strictObject({ jobId: idSchema, ...jobFields });
export type JobUpdateInput = z.input<typeof jobUpdateSchema>;

/** POST delete, pause, resume, run: the ids of the chosen jobs (a JSON array, as the original screens send it). */
export const jobIdsSchema = z.array(idSchema).min(1, { error: 'validation.required' }).max(100);

/** GET /api/sys/schedule/list */
export const jobListQuerySchema = pageQuerySchema.extend({ beanName: z.string().trim().max(100).optional() });

/** GET /api/sys/scheduleLog/list */
export const jobLogListQuerySchema = pageQuerySchema.extend({
  jobId: idSchema.optional(),
  status: numberFrom(z.union([z.literal(0), z.literal(1)])).optional(),
});

const status01 = z.union([z.literal(0), z.literal(1)]);
const localText = z.strictObject({ 'zh-CN': z.string(), en: z.string() });

/** A job as the screen lists it. */
export const jobRowSchema = z.strictObject({
  jobId: z.number().int(),
  beanName: z.string(),
  params: z.record(z.string(), z.unknown()),
  cronExpression: z.string(),
  remark: z.string(),
  /** JobStatus: 0 running on its cron, 1 paused */
  status: status01,
  /** next fire time on this server's scheduler (ISO), null when paused or never */
  nextRunAt: z.string().nullable(),
  /** the same on the clock of the scheduler's time zone, `YYYY-MM-DD HH:mm:ss` */
  nextRunLocal: z.string().nullable(),
  createdAt: z.string(),
});
export type JobRow = z.output<typeof jobRowSchema>;

/** GET /api/sys/schedule/list answers a page of jobs and the time zone their crons run in. */
export const jobPageSchema = pageSchema(jobRowSchema).extend({ timezone: z.string() });
export type JobPage = z.output<typeof jobPageSchema>;

/** One run of a job. */
export const jobLogRowSchema = z.strictObject({
  logId: z.number().int(),
  jobId: z.number().int(),
  beanName: z.string(),
  params: z.record(z.string(), z.unknown()),
  /** JobRunStatus: 0 succeeded, 1 failed */
  status: status01,
  error: z.string().nullable(),
  /** what the run reports, JSON of named counts (e.g. {"removed": 3}) */
  result: z.string().nullable(),
  times: z.number(),
  /** 'cron' for a scheduled fire, 'manual' for run once */
  trigger: z.string(),
  /** the server process that ran it */
  runner: z.string().nullable(),
  /** the fire time of a cron run */
  fireAt: z.string().nullable(),
  createdAt: z.string(),
});
export type JobLogRow = z.output<typeof jobLogRowSchema>;

/** A job kind the server knows (GET /api/sys/schedule/beans). */
export const jobBeanInfoSchema = z.strictObject({
  name: z.string(),
  label: localText,
  description: localText,
  /** parameters with their defaults, as the form pre-fills them */
  defaultParams: z.record(z.string(), z.unknown()),
  /** a sensible cron for a new job of this kind */
  defaultCron: z.string(),
});
export type JobBeanInfo = z.output<typeof jobBeanInfoSchema>;

/** The outcome of one run once (POST /api/sys/schedule/run), also written to the job log. */
export const jobRunResultSchema = z.strictObject({
  jobId: z.number().int(),
  status: status01,
  error: z.string().nullable(),
  result: z.string().nullable(),
  times: z.number(),
});
export type JobRunResult = z.output<typeof jobRunResultSchema>;
