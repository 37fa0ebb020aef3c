import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';

/** Permission codes of the scheduling screens and calls (spec section 7, Scheduling). */
export const SchedulingPerm = {
  /** scheduling management: today's scheduling, the recommendation */
  list: 'sys:scheduling:list',
  /** save, check-update, update and cancel bookings */
  save: 'sys:scheduling:save',
  /** the schedule view (/schedulingView) and the option lists */
  view: 'sys:scheduling:view',
  leaveList: 'sys:therapistLeave:list',
  leaveSave: 'sys:therapistLeave:save',
  /** shift management (/shiftManage): the week grid and saving it */
  shiftList: 'sys:shift:list',
  shiftSave: 'sys:shift:save',
  /** the doctor's schedule (/schedule/doctor) */
  doctorSchedule: 'sys:scheduling:doctor',
} as const;

/** Execution status filter of the schedule view: 2 all, 0 not executed, 1 executed (spec section 2). */
export const ExecuteStatus = { notExecuted: 0, executed: 1, all: 2 } as const;
/** Selector types (spec section 7): 1 projects, 2 patients, 3 equipment, 4 therapists. */
export const SelectorType = { project: 1, patient: 2, equipment: 3, therapist: 4 } as const;
/** Card statuses the schedule view shows as done, in orange (spec section 2). */
export const DONE_CARD_STATUSES: readonly number[] = [3, 5];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.dateFormat' });
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(blank, idSchema.optional());
const bool = z
  .union([
    z.boolean(),
    z.literal(0),
    z.literal(1),
    z.literal('true'),
    z.literal('false'),
    z.literal('0'),
    z.literal('1'),
  ])
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/** A day of scheduling; today (on the clinic's clock) when left out. */
export const schedulingDaySchema = z.object({ date: z.preprocess(blank, isoDate.optional()) });

/** POST getSchedulingSelector: an option list by numeric type. */
export const schedulingSelectorSchema = schedulingDaySchema.extend({
  type: numberFrom(
    z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'validation.invalidOption' }),
  ),
});

/** One booking asked for: a work order into a slot with a therapist and optional equipment. */
export const bookingItemSchema = z.strictObject({
  workOrderId: idSchema,
  slotId: idSchema,
  therapistId: idSchema,
  equipmentId: z.preprocess(blank, idSchema.nullable().optional()),
});

/** POST saveScheduling: bookings of one patient's work orders (a batch must be one patient). */
export const saveSchedulingSchema = z.strictObject({
  list: z.array(bookingItemSchema).min(1, { error: 'validation.required' }).max(50),
});

/** POST checkUpdateScheduling / updateScheduling: a booking moved to another slot, therapist or equipment. */
export const updateSchedulingSchema = z.strictObject({
  id: idSchema,
  slotId: idSchema,
  therapistId: idSchema,
  equipmentId: z.preprocess(blank, idSchema.nullable().optional()),
});

/** POST deleteScheduling: cancel bookings (the work orders go back to unscheduled). */
export const deleteSchedulingSchema = z.strictObject({ ids: z.array(idSchema).min(1).max(200) });

/** POST applyRecommendation: save the recommendation of the day, all of it or one patient's part. */
export const applyRecommendSchema = schedulingDaySchema.extend({ patientId: optionalId });

/**
 * The filter model of the schedule list (spec section 3, Schedule list entry): patientId, projectId, projectName,
 * expired (false), equipmentId, therapistId, executeStatus (default 0), therapistTeamFilter (default 1).
 */
export const scheduleViewSchema = schedulingDaySchema.extend({
  patientId: optionalId,
  projectId: optionalId,
  projectName: z.preprocess(blank, z.string().trim().max(50).optional()),
  expired: z.preprocess(blank, bool.optional()).transform((v) => v ?? false),
  equipmentId: optionalId,
  therapistId: optionalId,
  executeStatus: numberFrom(
    z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'validation.invalidOption' }),
  ).default(0),
  therapistTeamFilter: numberFrom(z.union([z.literal(0), z.literal(1)], { error: 'validation.invalidOption' })).default(
    1,
  ),
});
export type ScheduleViewFilter = z.output<typeof scheduleViewSchema>;

/** A work-order card of the schedule (spec section 3, Work order card fields). */
export type ScheduleCard = {
  id: number;
  scheduleId: number;
  patientId: number;
  patientName: string;
  bedNumber: string | null;
  /** 0 male, otherwise female */
  sex: number;
  projectId: number;
  projectName: string;
  equipmentId: number | null;
  equipmentName: string | null;
  therapistId: number;
  therapistName: string;
  treatmentTeamName: string | null;
  status: number;
};
/** A schedule list entry (spec section 3): one slot with its cards and the slot's status today. */
export type ScheduleEntry = {
  id: number;
  status: 'undo' | 'active' | 'done';
  timeQuantum: string;
  referral: ScheduleCard[];
};

/** Therapist leave: from / to dates (inclusive), a reason and an optional substitute who covers those days. */
export const leaveSaveSchema = z
  .strictObject({
    therapistId: idSchema,
    startDate: isoDate,
    endDate: isoDate,
    reason: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(50),
    substituteId: z.preprocess(blank, idSchema.nullable().optional()),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'scheduling.leaveEndBeforeStart' });
    if (v.substituteId != null && v.substituteId === v.therapistId) {
      ctx.addIssue({ code: 'custom', path: ['substituteId'], message: 'scheduling.substituteSelf' });
    }
  });
export type LeaveSaveInput = z.input<typeof leaveSaveSchema>;

export const leaveListSchema = pageQuerySchema.extend({
  therapistId: optionalId,
  /** only leaves with a substitute */
  withSubstitute: z.preprocess(blank, bool.optional()),
  /** only leaves not over yet (ending today or later) */
  current: z.preprocess(blank, bool.optional()),
});

/** Name or clear the substitute of a leave. */
export const leaveSubstituteSchema = z.strictObject({
  id: idSchema,
  substituteId: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.null().or(idSchema)),
});

/**
 * POST /sys/ssoLogin (spec section 7): the hospital system exchanges a user id for a token. `loginSystem` 1 is the
 * hospital system; `ts` (ms since the epoch) and `sign` (hex HMAC-SHA256 of `${userId}.${ts}` with the shared secret)
 * prove the hospital system sent the user id. A refresh sends the current token instead of a signature.
 */
export const ssoLoginSchema = z.object({
  loginSystem: numberFrom(z.literal(1, { error: 'validation.invalidOption' })),
  userId: idSchema,
  ts: z.preprocess(blank, numberFrom(z.number().int().positive()).optional()),
  sign: z.preprocess(blank, z.string().max(128).optional()),
});

/** Shifts of a therapist's day (排班班次): all day, morning, afternoon, or off (an off day is treated like leave). */
export const SHIFT_TYPES = ['day', 'morning', 'afternoon', 'off'] as const;
export type ShiftType = (typeof SHIFT_TYPES)[number];

/** The first day (Monday) of the week of an ISO date. */
export function weekStartOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

/** The seven ISO dates of the week starting at `weekStart`. */
export function weekDays(weekStart: string): string[] {
  const d = new Date(`${weekStart}T00:00:00Z`);
  return Array.from({ length: 7 }, (_, i) => {
    const x = new Date(d);
    x.setUTCDate(d.getUTCDate() + i);
    return x.toISOString().slice(0, 10);
  });
}

/** A real calendar day (not 2026-02-30). */
const isRealDate = (v: string) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
};
const realDate = isoDate.refine(isRealDate, { error: 'validation.dateFormat' });
const monday = realDate.refine((v) => !isRealDate(v) || weekStartOf(v) === v, {
  error: 'scheduling.weekStartMonday',
});

/** The shifts of a week (Monday first). */
export const shiftWeekSchema = z.strictObject({ weekStart: monday });

/**
 * Saves shifts of one week: each cell is a therapist and a day of that week with a shift, or null to clear the cell
 * (no shift set: the therapist is available as before). The whole batch is refused if one cell is wrong.
 */
export const shiftSaveSchema = z
  .strictObject({
    weekStart: monday,
    list: z
      .array(
        z.strictObject({
          therapistId: idSchema,
          date: realDate,
          shift: z.enum(SHIFT_TYPES, { error: 'scheduling.badShift' }).nullable(),
        }),
      )
      .min(1)
      .max(1000),
  })
  .superRefine((v, ctx) => {
    const days =
      isRealDate(v.weekStart) && weekStartOf(v.weekStart) === v.weekStart ? new Set(weekDays(v.weekStart)) : null;
    const seen = new Set<string>();
    v.list.forEach((c, i) => {
      if (days && !days.has(c.date)) {
        ctx.addIssue({ code: 'custom', path: ['list', i, 'date'], message: 'scheduling.dateOutsideWeek' });
      }
      const key = `${c.therapistId}/${c.date}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['list', i], message: 'scheduling.duplicateShift' });
      seen.add(key);
    });
  });
export type ShiftSaveInput = z.input<typeof shiftSaveSchema>;

/** The doctor's schedule of a day: the signed-in doctor's patients, optionally one of them. */
export const doctorScheduleSchema = z.strictObject({
  date: z.preprocess(blank, realDate.optional()),
  patientId: optionalId,
});
