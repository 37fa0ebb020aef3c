import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';
import { orderRowSchema } from '../work-orders/referral.schema';

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

const int = z.number().int();
const text = z.string();
const nullableText = z.string().nullable();
const nullableInt = z.number().int().nullable();

/**
 * A work-order card of the schedule (spec section 3, Work order card fields): the work order's own fields as its
 * lists answer them, with the booking and the therapist it is booked with (always named on a booking).
 */
export const scheduleCardSchema = orderRowSchema
  .pick({
    id: true,
    patientId: true,
    patientName: true,
    bedNumber: true,
    sex: true,
    projectId: true,
    projectName: true,
    equipmentId: true,
    equipmentName: true,
    treatmentTeamName: true,
    status: true,
  })
  .extend({ scheduleId: int, therapistId: int, therapistName: text });
export type ScheduleCard = z.infer<typeof scheduleCardSchema>;
const slotStatusSchema = z.enum(['undo', 'active', 'done']);
/** A schedule list entry (spec section 3): one slot with its cards and the slot's status today. */
export const scheduleEntrySchema = z.strictObject({
  id: int,
  status: slotStatusSchema,
  timeQuantum: text,
  referral: z.array(scheduleCardSchema),
});
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;
/** The schedule view's list (viewList, viewMasterList). */
export const scheduleViewAnswerSchema = z.strictObject({ date: text, list: z.array(scheduleEntrySchema) });

/** The scheduling board of a day (getTodayAllScheduling). */
export const boardSlotSchema = z.strictObject({ id: int, startTime: text, endTime: text, status: slotStatusSchema });
export const boardTherapistSchema = z.strictObject({
  therapistId: int,
  therapistName: text,
  onLeave: z.boolean(),
  leaveReason: nullableText,
  substituteId: nullableInt,
  substituteName: nullableText,
});
export const boardBookingSchema = z.strictObject({
  ...scheduleCardSchema.shape,
  slotId: nullableInt,
  startTime: text,
  endTime: text,
});
/** An unfinished work order of the day not booked yet. */
export const openOrderSchema = z.strictObject({
  workOrderId: int,
  patientId: int,
  patientName: text,
  /** the patient's sex as recorded (1 male) */
  patientSex: int,
  /** 0 male, otherwise female (as the cards) */
  sex: int,
  bedNumber: nullableText,
  projectId: int,
  projectName: text,
  therapistId: nullableInt,
  therapistName: nullableText,
  equipmentId: nullableInt,
  equipmentName: nullableText,
});
export const boardSchema = z.strictObject({
  date: text,
  today: text,
  slots: z.array(boardSlotSchema),
  therapists: z.array(boardTherapistSchema),
  list: z.array(boardBookingSchema),
  unscheduled: z.array(openOrderSchema),
  unscheduledCount: int,
  sufficient: z.boolean(),
});
export type Board = z.infer<typeof boardSchema>;

/** A booking the recommendation (or a substitute) proposes. */
export const proposalSchema = z.strictObject({
  workOrderId: int,
  slotId: int,
  startTime: text,
  endTime: text,
  therapistId: int,
  therapistName: text,
  equipmentId: nullableInt,
  equipmentName: nullableText,
  patientId: int,
  patientName: text,
  projectName: text,
  /** the day, in a substitute's proposals over several days */
  date: text.optional(),
});
export type Proposal = z.infer<typeof proposalSchema>;
export const recommendationSchema = z.strictObject({
  date: text,
  list: z.array(proposalSchema),
  unplaced: z.array(
    z.strictObject({
      workOrderId: int,
      reason: z.enum(['noTherapist', 'onLeave', 'noFreeSlot']),
      patientName: text,
      projectName: text,
    }),
  ),
  sufficient: z.boolean(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;
/** What applying a recommendation or a substitute's proposal booked, and what it could not place. */
export const bookedSchema = z.strictObject({ booked: int, unplaced: int });
/** checkUpdateScheduling: whether the move is free, else what it collides with. */
export const checkUpdateAnswerSchema = z.strictObject({
  ok: z.boolean(),
  conflicts: z.array(z.strictObject({ kind: text, id: int, name: text, slot: text, msg: text })),
});
export type CheckResult = z.infer<typeof checkUpdateAnswerSchema>;
/** getSchedulingSelector: an option list, its fields named after the type asked for. */
export const selectorOptionSchema = z.union([
  z.strictObject({ projectId: int, projectName: text }),
  z.strictObject({ patientId: int, patientName: text }),
  z.strictObject({ equipmentId: int, equipmentName: text }),
  z.strictObject({ therapistId: int, therapistName: text }),
]);
export type SelectorOption = Partial<
  Record<'patientId' | 'projectId' | 'equipmentId' | 'therapistId', number> &
    Record<'patientName' | 'projectName' | 'equipmentName' | 'therapistName', string>
>;

/** A therapist's leave as the leave list shows it. */
export const leaveRowSchema = z.strictObject({
  id: int,
  therapistId: int,
  therapistName: text,
  startDate: text,
  endDate: text,
  reason: text,
  substituteId: nullableInt,
  substituteName: nullableText,
  current: z.boolean(),
});
export type Leave = z.infer<typeof leaveRowSchema>;
/** The bookings a substitute could take over (null: no substitute, or nothing to move). */
export const substituteProposalSchema = z
  .strictObject({ substituteId: nullableInt, proposals: z.array(proposalSchema), unplaced: int })
  .nullable();
export type SubstituteProposal = z.infer<typeof substituteProposalSchema>;

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

/** The shift grid of a week: each therapist's shifts by date. */
export const shiftWeekAnswerSchema = z.strictObject({
  weekStart: text,
  days: z.array(text),
  list: z.array(
    z.strictObject({ therapistId: int, therapistName: text, shifts: z.record(z.string(), z.enum(SHIFT_TYPES)) }),
  ),
});
export type ShiftWeek = z.infer<typeof shiftWeekAnswerSchema>;

const doctorScheduleOrderShape = {
  workOrderId: int,
  status: int,
  patientId: int,
  patientName: text,
  bedNo: nullableText,
  projectName: text,
};
export const doctorScheduleRowSchema = z.strictObject({
  ...doctorScheduleOrderShape,
  startTime: nullableText,
  endTime: nullableText,
  therapistId: nullableInt,
  therapistName: nullableText,
  equipmentName: nullableText,
});
export type DoctorScheduleRow = z.infer<typeof doctorScheduleRowSchema>;
/** The doctor's schedule of a day: the doctor's patients, their booked and their unbooked orders. */
export const doctorScheduleAnswerSchema = z.strictObject({
  date: text,
  patients: z.array(z.strictObject({ patientId: int, patientName: text })),
  scheduled: z.array(doctorScheduleRowSchema),
  unscheduled: z.array(z.strictObject(doctorScheduleOrderShape)),
});
export type DoctorSchedule = z.infer<typeof doctorScheduleAnswerSchema>;

/** The office of a hospital-system sign-in, with its names by language. */
const ssoOfficeSchema = z.strictObject({ id: int, name: text, nameLang: z.record(z.string(), z.string()) });
/** POST /sys/ssoLogin: the token (at the top, as the hospital system reads it), the organization and the user. */
export const ssoLoginAnswerSchema = z.strictObject({
  token: text,
  data: z.strictObject({
    token: text,
    organization: z.strictObject({
      id: int,
      name: text,
      nameLang: z.strictObject({ 'zh-CN': text.optional(), en: text.optional() }),
      config: z.strictObject({ caIntegration: z.boolean() }),
    }),
    office: ssoOfficeSchema,
  }),
  user: z.strictObject({ id: int, name: text, roleIdList: z.array(int), office: ssoOfficeSchema }),
});
export type SsoLoginAnswer = z.infer<typeof ssoLoginAnswerSchema>;
