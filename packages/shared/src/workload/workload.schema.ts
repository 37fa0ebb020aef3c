import { z } from 'zod';
import { textWidth } from '../validators/text';
import { idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';
import { englishSchema } from '../schemas/admin.schema';

/** Therapist groups (治疗小组) and therapist management (/manageTherapist/therapist). */
export const TeamPerm = {
  /** the therapist management screen: therapists with their groups and today's clock-in, and the group list */
  list: 'sys:treatmentTeam:list',
  info: 'sys:treatmentTeam:info',
  save: 'sys:treatmentTeam:save',
  update: 'sys:treatmentTeam:update',
  delete: 'sys:treatmentTeam:delete',
} as const;

/** The workload screens. */
export const WorkloadPerm = {
  /** /workplace/manage: today's numbers per therapist and group */
  workplace: 'sys:workplace:view',
  /** /dailyWorkload: numbers by day over a date range */
  daily: 'sys:dailyWorkload:view',
  /** /visualWorking/visualWorking: the live board */
  board: 'sys:visualWorking:view',
} as const;

const optionalId = numberFrom(idSchema.optional().nullable()).transform((v) => v ?? null);

export const teamNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(50, { error: 'validation.tooLong', abort: true })
  .refine((v) => textWidth(v) <= 100, { error: 'validation.widthTooLong' });

/** A member of a group; `isDefault` makes this the member's default group (one per user in an organization). */
export const teamMemberSchema = z.object({
  userId: idSchema,
  isDefault: z.boolean().default(false),
});

const teamFields = {
  name: teamNameSchema,
  /** the English name, shown on English screens (the Chinese name when empty); no Chinese characters */
  nameEn: englishSchema(64),
  /** the department the group works in (optional) */
  officeId: optionalId,
  /** the group leader: one of the members */
  leaderId: optionalId,
  status: numberFrom(z.union([z.literal(0), z.literal(1)], { error: 'validation.invalidOption' })).default(1),
  remark: z
    .string()
    .trim()
    .max(20, { error: 'validation.tooLong' })
    .optional()
    .nullable()
    .transform((v) => v || null),
  members: z
    .array(teamMemberSchema, { error: 'validation.invalid' })
    .max(200, { error: 'validation.tooMany' })
    .default([])
    .refine((ms) => new Set(ms.map((m) => m.userId)).size === ms.length, { error: 'team.duplicateMember' }),
};

/** The fields of a group, for the form's rules. */
export const teamFieldSchemas = teamFields;

/** POST /api/sys/treatmentTeam/save */
export const teamSaveSchema = z
  .object(teamFields)
  .refine((v) => v.leaderId === null || v.members.some((m) => m.userId === v.leaderId), {
    error: 'team.leaderNotMember',
    path: ['leaderId'],
  });
export type TeamSaveInput = z.input<typeof teamSaveSchema>;

/** POST /api/sys/treatmentTeam/update: the whole group with its id (members replace the previous ones). */
export const teamUpdateSchema = z
  .object({ id: idSchema, ...teamFields })
  .refine((v) => v.leaderId === null || v.members.some((m) => m.userId === v.leaderId), {
    error: 'team.leaderNotMember',
    path: ['leaderId'],
  });
export type TeamUpdateInput = z.input<typeof teamUpdateSchema>;

/** POST /api/sys/treatmentTeam/list */
export const teamListQuerySchema = pageQuerySchema.extend({
  name: z
    .string()
    .trim()
    .max(50, { error: 'validation.tooLong' })
    .optional()
    .transform((v) => v || undefined),
  status: numberFrom(z.union([z.literal(0), z.literal(1)], { error: 'validation.invalidOption' })).optional(),
  officeId: numberFrom(idSchema.optional()),
});

/** POST /api/sys/treatmentTeam/delete: the ids as a bare array or as `{ ids }` (all or none). */
export const teamDeleteSchema = z
  .union([z.array(idSchema), z.object({ ids: z.array(idSchema) })], { error: 'validation.required' })
  .transform((v) => (Array.isArray(v) ? v : v.ids))
  .pipe(
    z
      .array(z.number())
      .min(1, { error: 'validation.required' })
      .max(100, { error: 'validation.tooMany' })
      .transform((ids) => [...new Set(ids)]),
  );

/** A member of a group as answered: name, whether it is their default group, their roles in the organization. */
export const teamMemberRowSchema = z.strictObject({
  userId: z.number().int(),
  name: z.string(),
  isDefault: z.boolean(),
  roleIds: z.array(z.number().int()),
});
export type TeamMemberRow = z.output<typeof teamMemberRowSchema>;

/** A group with its department, leader and members (times as ISO 8601 strings). */
export const teamRowSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  officeId: z.number().int().nullable(),
  officeName: z.string().nullable(),
  leaderId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
  status: z.number().int(),
  remark: z.string().nullable(),
  members: z.array(teamMemberRowSchema),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeamRow = z.output<typeof teamRowSchema>;

/** PUT /api/sys/checkin/check: the post (group) the user works in today. `name` is the group's name (not read). */
export const clockInSchema = z.object({
  treatmentTeamId: idSchema,
  name: z.string().max(100).optional(),
});

/** Today's clock-in of the signed-in user in the current organization. */
export const clockInRecordSchema = z.strictObject({
  id: z.number().int(),
  teamId: z.number().int().nullable(),
  teamName: z.string(),
  date: z.string(),
  /** the first clock-in of the day (ISO) */
  checkedAt: z.string(),
  /** the last change of the post that day (ISO) */
  updatedAt: z.string(),
});
export type ClockInRecord = z.infer<typeof clockInRecordSchema>;

/** POST /api/sys/checkin/selectTreatmentTeamList */
export const clockInTeamListSchema = z.strictObject({
  defaultTeam: z.strictObject({ id: z.number().int(), name: z.string() }).nullable(),
  teamList: z.array(z.strictObject({ id: z.number().int(), name: z.string(), member: z.boolean() })),
});
export type ClockInTeamList = z.infer<typeof clockInTeamListSchema>;

/** POST /api/sys/user/getDoctor: enabled users of the organization holding a role (doctors, role 11, by default). */
export const getDoctorSchema = z.object({
  roleId: numberFrom(idSchema.optional()),
});
/** POST /api/sys/user/getTherapist: the organization's therapists, optionally of one group or matching a name. */
export const getTherapistSchema = z.object({
  teamId: numberFrom(idSchema.optional()),
  name: z
    .string()
    .trim()
    .max(64, { error: 'validation.tooLong' })
    .optional()
    .transform((v) => v || undefined),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (v: string) => {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
export const dateSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(DATE, { error: 'validation.dateFormat', abort: true })
  .refine(realDate, { error: 'validation.dateFormat' });

/** The longest range of the daily workload, in days. */
export const DAILY_WORKLOAD_MAX_DAYS = 92;

export const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);

/** GET /api/sys/workload/today and /board: optionally one executing department. */
export const workloadTodayQuerySchema = z.object({
  officeId: numberFrom(idSchema.optional()),
});

/** POST /api/sys/workload/daily */
export const dailyWorkloadQuerySchema = z
  .object({
    startDate: dateSchema,
    endDate: dateSchema,
    therapistId: numberFrom(idSchema.optional()),
    teamId: numberFrom(idSchema.optional()),
    officeId: numberFrom(idSchema.optional()),
  })
  .refine((v) => v.startDate <= v.endDate, { error: 'workload.rangeReversed', path: ['endDate'] })
  .refine((v) => daysBetween(v.startDate, v.endDate) < DAILY_WORKLOAD_MAX_DAYS, {
    error: 'workload.rangeTooLong',
    path: ['endDate'],
  });

/** The counts of one therapist, group, day or the whole department. */
const workloadCountsShape = {
  /** all orders of the day(s), every status */
  total: z.number().int(),
  unfinished: z.number().int(),
  completed: z.number().int(),
  expired: z.number().int(),
  invalidated: z.number().int(),
  /** distinct patients with a completed order */
  patients: z.number().int(),
  /** project duration of the completed orders, in minutes */
  minutes: z.number(),
  /** orders whose patient checked in */
  checkedIn: z.number().int(),
};
export const workloadCountsSchema = z.strictObject(workloadCountsShape);
export type WorkloadCounts = z.infer<typeof workloadCountsSchema>;

/** Today's clock-in (post) of a therapist, null when not clocked in. */
const clockInBriefSchema = z
  .strictObject({ teamId: z.number().int().nullable(), teamName: z.string(), checkedAt: z.string() })
  .nullable();

const therapistWorkloadShape = {
  ...workloadCountsShape,
  therapistId: z.number().int(),
  name: z.string(),
  /** today's clock-in (post), null when not clocked in */
  clockIn: clockInBriefSchema,
  teams: z.array(z.strictObject({ id: z.number().int(), name: z.string(), isDefault: z.boolean() })),
};
export const therapistWorkloadSchema = z.strictObject(therapistWorkloadShape);
export type TherapistWorkload = z.infer<typeof therapistWorkloadSchema>;
export const teamWorkloadSchema = z.strictObject({
  ...workloadCountsShape,
  teamId: z.number().int().nullable(),
  name: z.string(),
  clockedIn: z.number().int(),
  members: z.number().int(),
});
export type TeamWorkload = z.infer<typeof teamWorkloadSchema>;

/** GET /api/sys/workload/today */
export const workplaceTodaySchema = z.strictObject({
  date: z.string(),
  totals: workloadCountsSchema,
  therapists: z.array(therapistWorkloadSchema),
  teams: z.array(teamWorkloadSchema),
  /** orders without a therapist (nobody responsible yet) */
  unassigned: z.number().int(),
  /** treating staff clocked in today / therapists of the organization */
  clockedIn: z.number().int(),
  therapistCount: z.number().int(),
});
export type WorkplaceToday = z.infer<typeof workplaceTodaySchema>;

/** POST /api/sys/workload/daily */
export const dailyWorkloadSchema = z.strictObject({
  startDate: z.string(),
  endDate: z.string(),
  totals: workloadCountsSchema,
  days: z.array(z.strictObject({ ...workloadCountsShape, date: z.string(), therapists: z.number().int() })),
  /**
   * per therapist the orders count for, then (so that the rows add up to the totals) a row of the orders a group
   * owns with no therapist yet (`group`) and one of the orders nobody owns (`unassigned`), each only when it has any
   */
  therapists: z.array(
    z.strictObject({
      ...workloadCountsShape,
      kind: z.enum(['therapist', 'group', 'unassigned']),
      therapistId: z.number().int().nullable(),
      name: z.string(),
      days: z.number().int(),
    }),
  ),
});
export type DailyWorkload = z.infer<typeof dailyWorkloadSchema>;

/** A card of the visual working board. */
export const boardCardSchema = z.strictObject({
  ...therapistWorkloadShape,
  /** the next unfinished orders of today (at most 5), in order */
  queue: z.array(
    z.strictObject({
      id: z.number().int(),
      patientName: z.string(),
      projectName: z.string(),
      bedNumber: z.string().nullable(),
      checkedIn: z.boolean(),
    }),
  ),
  /** the completed order most recently finished today */
  last: z.strictObject({ patientName: z.string(), projectName: z.string(), completedAt: z.string() }).nullable(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;
export const visualBoardSchema = z.strictObject({
  date: z.string(),
  refreshedAt: z.string(),
  totals: workloadCountsSchema,
  cards: z.array(boardCardSchema),
});
export type VisualBoard = z.infer<typeof visualBoardSchema>;

/** The therapist management list: therapists of the organization with their groups and today. */
export const therapistRowSchema = z.strictObject({
  userId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  roleIds: z.array(z.number().int()),
  offices: z.array(z.string()),
  teams: z.array(
    z.strictObject({ id: z.number().int(), name: z.string(), isDefault: z.boolean(), leader: z.boolean() }),
  ),
  clockIn: clockInBriefSchema,
  today: z.strictObject({ unfinished: z.number().int(), completed: z.number().int() }),
});
export type TherapistRow = z.infer<typeof therapistRowSchema>;

/** The filters of the therapist roster (a group, a name or mobile number), on the screen and in its export. */
export const therapistFilterSchema = z.object({
  teamId: numberFrom(idSchema.optional()),
  keyword: z.string().trim().max(64, { error: 'validation.tooLong' }).optional(),
});
export type TherapistFilter = z.output<typeof therapistFilterSchema>;

/** The roster rows the filters keep: members of the group, and names or numbers containing the keyword. */
export function filterTherapistRows<R extends Pick<TherapistRow, 'name' | 'phone' | 'teams'>>(
  rows: readonly R[],
  f: TherapistFilter,
): R[] {
  return rows
    .filter((r) => (f.teamId ? r.teams.some((x) => x.id === f.teamId) : true))
    .filter((r) => (f.keyword ? r.name.includes(f.keyword) || r.phone.includes(f.keyword) : true));
}

/** POST /api/sys/user/getDoctor: staff holding a role (`id` and `userId` are the same). */
export const roleStaffSchema = z.strictObject({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  roleId: z.number().int(),
});
export type RoleStaff = z.infer<typeof roleStaffSchema>;

/** POST /api/sys/user/getTherapist: therapists with their groups. */
export const therapistPickSchema = z.strictObject({
  ...roleStaffSchema.shape,
  teams: z.array(z.strictObject({ id: z.number().int(), name: z.string(), isDefault: z.boolean() })),
});
export type TherapistPick = z.infer<typeof therapistPickSchema>;
