import { z } from 'zod';
import type { Page } from '../envelope';
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

/** A job as the screen lists it. */
export type JobRow = {
  jobId: number;
  beanName: string;
  params: Record<string, unknown>;
  cronExpression: string;
  remark: string;
  status: JobStatusCode;
  /** next fire time on this server's scheduler (ISO), null when paused or never */
  nextRunAt: string | null;
  /** the same on the clock of the scheduler's time zone, `YYYY-MM-DD HH:mm:ss` */
  nextRunLocal: string | null;
  createdAt: string;
};

/** GET /api/sys/schedule/list answers a page of jobs and the time zone their crons run in. */
export type JobPage = Page<JobRow> & { timezone: string };

/** One run of a job. */
export type JobLogRow = {
  logId: number;
  jobId: number;
  beanName: string;
  params: Record<string, unknown>;
  status: 0 | 1;
  error: string | null;
  /** what the run reports, JSON of named counts (e.g. {"removed": 3}) */
  result: string | null;
  times: number;
  /** 'cron' for a scheduled fire, 'manual' for run once */
  trigger: string;
  /** the server process that ran it */
  runner: string | null;
  /** the fire time of a cron run */
  fireAt: string | null;
  createdAt: string;
};

/** A job kind the server knows (GET /api/sys/schedule/beans). */
export type JobBeanInfo = {
  name: string;
  label: { 'zh-CN': string; en: string };
  description: { 'zh-CN': string; en: string };
  /** parameters with their defaults, as the form pre-fills them */
  defaultParams: Record<string, unknown>;
  /** a sensible cron for a new job of this kind */
  defaultCron: string;
};
