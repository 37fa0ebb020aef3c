import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';
import { daysBetween } from '../workload/workload.schema';
import { calendarDateSchema } from '../care/tubes.schema';
import { appletItemSchema } from '../content/content.schema';

/**
 * Home-training tasks (居家训练任务, /taskManagement/taskManagement and /patient/task/detail/:id/:type): what a
 * therapist gives a patient to do at home (an exercise, or a published education or knowledge item of the content
 * module), how often (times per day or per week) and for which period; the patient reports what was done through the
 * mini-program with the task's link, the therapist follows the completion rate. States active -> completed or
 * stopped (with a reason); overdue is derived: still active after the period's last day.
 */
export const TaskPerm = {
  list: 'sys:task:list',
  /** assign a task, edit an active one, mark it completed, give the patient a new link */
  save: 'sys:task:save',
  stop: 'sys:task:stop',
} as const;

/** The task's kind, also the `:type` of its detail route. */
export const TASK_KINDS = ['exercise', 'education'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const TASK_STATUSES = ['active', 'completed', 'stopped'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** What the screens show: the stored status, with `overdue` for an active task whose period has ended. */
export const TASK_STATES = ['active', 'overdue', 'completed', 'stopped'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const FREQUENCY_UNITS = ['day', 'week'] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];

const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' });
const timesSchema = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.notInteger' })
  .min(1, { error: 'task.timesRange' })
  .max(20, { error: 'task.timesRange' });
const frequencyUnitSchema = z.enum(FREQUENCY_UNITS, { error: 'validation.invalidOption' });

export const taskSaveSchema = z
  .strictObject({
    patientId: idSchema,
    kind: z.enum(TASK_KINDS, { error: 'validation.invalidOption' }),
    /** the exercise's name (an education task takes the item's title) */
    title: text(60).default(''),
    /** the published article or education item (education tasks) */
    contentId: idSchema.nullable().default(null),
    instructions: text(500).default(''),
    timesPerUnit: timesSchema,
    frequencyUnit: frequencyUnitSchema,
    startOn: calendarDateSchema,
    endOn: calendarDateSchema,
  })
  .refine((v) => v.endOn >= v.startOn, { error: 'task.endBeforeStart', path: ['endOn'] })
  .refine((v) => daysBetween(v.startOn, v.endOn) <= 366, { error: 'task.periodTooLong', path: ['endOn'] })
  .refine((v) => v.kind !== 'exercise' || v.title.length > 0, { error: 'task.titleRequired', path: ['title'] })
  .refine((v) => v.kind !== 'education' || v.contentId !== null, {
    error: 'task.contentRequired',
    path: ['contentId'],
  });

export const taskIdSchema = z.strictObject({ id: idSchema });

/**
 * An edit of an active task: its frequency, its last day and its instructions, the whole of them as the dialog
 * shows them (the kind, the item, the first day and the patient's link stay). The server checks the last day
 * against the task's first day and, when it moves, against today.
 */
export const taskEditSchema = z.strictObject({
  id: idSchema,
  timesPerUnit: timesSchema,
  frequencyUnit: frequencyUnitSchema,
  endOn: calendarDateSchema,
  instructions: text(500).default(''),
});
export const taskStopSchema = z.strictObject({
  id: idSchema,
  reason: z
    .string({ error: 'task.reasonRequired' })
    .trim()
    .min(1, { error: 'task.reasonRequired' })
    .max(200, { error: 'validation.tooLong' }),
});

export const taskPageQuerySchema = pageQuerySchema.extend({
  patientId: numberFrom(idSchema.optional()),
  patientName: z.string().trim().max(30).optional(),
  therapistId: numberFrom(idSchema.optional()),
  state: z.enum(TASK_STATES, { error: 'validation.invalidOption' }).optional(),
  /** tasks whose period overlaps from..to */
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
});

export const taskRowSchema = z.strictObject({
  id: z.number().int(),
  patientId: z.number().int(),
  patientName: z.string(),
  kind: z.enum(TASK_KINDS),
  /** in the reader's language (an exercise's name as the therapist wrote it) */
  title: z.string(),
  contentId: z.number().int().nullable(),
  instructions: z.string(),
  timesPerUnit: z.number().int(),
  frequencyUnit: z.enum(FREQUENCY_UNITS),
  startOn: z.string(),
  endOn: z.string(),
  status: z.enum(TASK_STATUSES),
  state: z.enum(TASK_STATES),
  stopReason: z.string().nullable(),
  therapistId: z.number().int().nullable(),
  therapistName: z.string(),
  /** times reported done */
  doneTimes: z.number().int(),
  /** times due from the start to today (or the period's end, or the day it was closed) */
  expectedTimes: z.number().int(),
  /** doneTimes / expectedTimes in percent, at most 100; null before anything is due */
  rate: z.number().int().nullable(),
  lastDoneOn: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TaskRow = z.infer<typeof taskRowSchema>;

export const taskReportRowSchema = z.strictObject({
  id: z.number().int(),
  doneOn: z.string(),
  times: z.number().int(),
  note: z.string(),
  reportedAt: z.string(),
});

/** The fields an edit can change, each with its value before and after (the frequency as its count and unit). */
const taskFrequencySchema = z.strictObject({ timesPerUnit: z.number().int(), frequencyUnit: z.enum(FREQUENCY_UNITS) });
export const taskFieldChangeSchema = z.discriminatedUnion('field', [
  z.strictObject({ field: z.literal('frequency'), before: taskFrequencySchema, after: taskFrequencySchema }),
  z.strictObject({ field: z.literal('endOn'), before: z.string(), after: z.string() }),
  z.strictObject({ field: z.literal('instructions'), before: z.string(), after: z.string() }),
]);
export type TaskFieldChange = z.infer<typeof taskFieldChangeSchema>;
/** One edit of a task: who, when, what changed from what to what. */
export const taskChangeRowSchema = z.strictObject({
  id: z.number().int(),
  changedAt: z.string(),
  changedBy: z.number().int().nullable(),
  changedByName: z.string(),
  changes: z.array(taskFieldChangeSchema),
});
export type TaskChangeRow = z.infer<typeof taskChangeRowSchema>;
export const taskDetailSchema = taskRowSchema.extend({
  reports: z.array(taskReportRowSchema),
  /** the edits, newest first */
  changes: z.array(taskChangeRowSchema),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

/** The patient's link: shown once when made (only its hash is kept). */
export const taskLinkSchema = z.strictObject({ id: z.number().int(), token: z.string() });

/** A published article or education item a task can give. */
export const taskContentOptionSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(['article', 'education']),
  title: z.string(),
});

// ---- the mini-program (public, the task's link) ------------------------------------------------------------------
export const taskTokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
export const appletTaskReportSchema = z.strictObject({
  /** the day it was done: today by default; within the period, never in the future */
  doneOn: calendarDateSchema.optional(),
  times: timesSchema.default(1),
  note: text(200).default(''),
});
export const appletTaskSchema = z.strictObject({
  kind: z.enum(TASK_KINDS),
  title: z.string(),
  instructions: z.string(),
  timesPerUnit: z.number().int(),
  frequencyUnit: z.enum(FREQUENCY_UNITS),
  startOn: z.string(),
  endOn: z.string(),
  state: z.enum(TASK_STATES),
  doneTimes: z.number().int(),
  expectedTimes: z.number().int(),
  rate: z.number().int().nullable(),
  /** the education or knowledge item's published version (education tasks), null once unpublished */
  content: appletItemSchema.nullable(),
  reports: z.array(taskReportRowSchema.omit({ id: true, reportedAt: true })),
});

/**
 * The completion of a task up to `until` (today, or the period's end, or the day it was closed, whichever is
 * first): the times due over the days (a day unit) or started weeks (a week unit) elapsed since the start.
 */
export function taskCompletion(
  t: { startOn: string; endOn: string; timesPerUnit: number; frequencyUnit: FrequencyUnit },
  doneTimes: number,
  until: string,
) {
  const last = [until, t.endOn].sort()[0]!;
  const days = last < t.startOn ? 0 : daysBetween(t.startOn, last) + 1;
  const units = t.frequencyUnit === 'day' ? days : Math.ceil(days / 7);
  const expectedTimes = units * t.timesPerUnit;
  const rate = expectedTimes > 0 ? Math.min(100, Math.round((doneTimes * 100) / expectedTimes)) : null;
  return { expectedTimes, rate };
}

/** The state a task shows on `today`. */
export const taskState = (status: TaskStatus, endOn: string, today: string): TaskState =>
  status === 'active' && endOn < today ? 'overdue' : status;
