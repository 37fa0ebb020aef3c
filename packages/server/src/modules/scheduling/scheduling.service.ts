import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import {
  RoleId,
  clockToMinutes,
  findConflicts,
  minutesOfDay,
  slotInShift,
  type HalfDayShift,
  slotStatuses,
  type Booking,
  type Conflict,
  type Locale,
  type SlotStatusValue,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { equipmentOfOrganization, rowNames } from '../master-data';
import { userNames } from '../users';
import { AppError, conflict, notFound } from '../../http/errors';
import { patientDemographics } from '../patients';
import { slotsOfOrganization, type SlotFact } from '../time-slots';
import { ordersOfOrganization } from '../work-orders';
import { staffWithRoles } from '../roles';
import { schedules, therapistLeaves, therapistShifts } from './scheduling.tables';
import { ResultCode } from '@rehab/shared';
import { clockNow } from '../../kernel/clock';

/** Who asks: the organization always comes from the session. */
export type Scope = { organizationId: number; userId: number; locale: Locale };

export const UNFINISHED = 1;
export const EXPIRED = 4;
export const TREATING_ROLES = [RoleId.therapist, RoleId.doctor, RoleId.nurse];

/** Today on the clinic's clock (the scheduler's time zone, Asia/Shanghai by default). */
export const todayOf = (app: AppContext) => app.calendar.today();

type Slot = SlotFact;

/** The organization's time slots, by start time then id (the time-slots module's). */
export function slotsOf(db: TxOrDb, organizationId: number): Promise<Slot[]> {
  return slotsOfOrganization(db, organizationId);
}

/** The status of each slot of `date`: today by the shared rule, a past day all done, a later day all undo. */
export function statusesOn(
  app: AppContext,
  date: string,
  slots: { startTime: string; endTime: string }[],
): SlotStatusValue[] {
  const today = todayOf(app);
  if (date < today) return slots.map(() => 'done');
  if (date > today) return slots.map(() => 'undo');
  const now = minutesOfDay(clockNow(), app.config.scheduler.timezone);
  return slotStatuses(
    slots.map((s) => ({ start: s.startTime, end: s.endTime })),
    now,
  );
}

/** The bookings of some days, as the shared rules see them (a slot is its start minute, so a day is one key space). */
export async function bookingsOn(db: TxOrDb, organizationId: number, dates: string[]) {
  if (dates.length === 0) return [];
  return db
    .select({
      id: schedules.id,
      workOrderId: schedules.workOrderId,
      treatDate: schedules.treatDate,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      therapistId: schedules.therapistId,
      equipmentId: schedules.equipmentId,
      patientId: schedules.patientId,
    })
    .from(schedules)
    .where(and(eq(schedules.organizationId, organizationId), inArray(schedules.treatDate, dates)));
}

export const asBooking = (b: {
  workOrderId: number;
  startTime: string;
  therapistId: number;
  equipmentId: number | null;
  patientId: number;
}): Booking => ({
  workOrderId: b.workOrderId,
  slotId: clockToMinutes(b.startTime),
  therapistId: b.therapistId,
  equipmentId: b.equipmentId,
  patientId: b.patientId,
});

/**
 * Leaves of the organization covering a day, and the therapists whose shift that day is 'off' (shift management):
 * an off day counts as leave without a substitute, so the recommendation and the booking rules treat both alike.
 */
export async function leavesOn(db: TxOrDb, organizationId: number, date: string) {
  const [leaves, offs] = await Promise.all([
    db
      .select()
      .from(therapistLeaves)
      .where(
        and(
          eq(therapistLeaves.organizationId, organizationId),
          lte(therapistLeaves.startDate, date),
          gte(therapistLeaves.endDate, date),
        ),
      ),
    db
      .select()
      .from(therapistShifts)
      .where(
        and(
          eq(therapistShifts.organizationId, organizationId),
          eq(therapistShifts.shiftDate, date),
          eq(therapistShifts.shift, 'off'),
        ),
      ),
  ]);
  const onLeave = new Set(leaves.map((l) => l.therapistId));
  const offDays: (typeof therapistLeaves.$inferSelect)[] = offs
    .filter((o) => !onLeave.has(o.therapistId))
    .map((o) => ({
      id: 0,
      organizationId,
      therapistId: o.therapistId,
      startDate: date,
      endDate: date,
      reason: OFF_SHIFT_REASON,
      substituteId: null,
      createdBy: o.createdBy,
      updatedBy: o.updatedBy,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
    }));
  return [...leaves, ...offDays];
}

/** Therapists working only the morning or only the afternoon of a day (shift management). */
export async function halfDaysOn(db: TxOrDb, organizationId: number, date: string) {
  const rows = await db
    .select({ therapistId: therapistShifts.therapistId, shift: therapistShifts.shift })
    .from(therapistShifts)
    .where(
      and(
        eq(therapistShifts.organizationId, organizationId),
        eq(therapistShifts.shiftDate, date),
        inArray(therapistShifts.shift, ['morning', 'afternoon']),
      ),
    );
  return new Map(rows.map((r) => [r.therapistId, r.shift as HalfDayShift]));
}

/** The reason shown for a therapist whose shift is 'off' that day (both languages: the rows carry no locale). */
export const OFF_SHIFT_REASON = '休息 / Off';

/** Users' names by id, batched in one query (the users module's). */
export function namesOf(db: TxOrDb, ids: number[]) {
  return userNames(db, ids);
}

/** Treating staff (therapist, doctor, nurse) of the organization among `ids`; any other id answers 404. */
export async function requireTreatingStaff(db: TxOrDb, organizationId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await staffWithRoles(db, organizationId, TREATING_ROLES, { ids: unique });
  if (rows.length !== unique.length) throw notFound();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function requireEquipment(db: TxOrDb, organizationId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, string>();
  const rows = await equipmentOfOrganization(db, organizationId, unique);
  if (rows.length !== unique.length) throw notFound();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The 409 naming the first conflict: which therapist, equipment or patient, and which slot. */
async function conflictError(db: TxOrDb, conflicts: Conflict[], slotLabel: (key: number) => string) {
  const first = conflicts[0]!;
  const name = await nameOfConflict(db, first);
  const key =
    first.kind === 'therapist'
      ? 'scheduling.conflictTherapist'
      : first.kind === 'equipment'
        ? 'scheduling.conflictEquipment'
        : 'scheduling.conflictPatient';
  return new AppError(
    ResultCode.conflict,
    key,
    { name, slot: slotLabel(first.slotId) },
    {
      conflict: {
        kind: first.kind,
        id: first.id,
        workOrderId: first.workOrderId,
        withWorkOrderId: first.withWorkOrderId,
      },
    },
  );
}

export async function nameOfConflict(db: TxOrDb, c: { kind: Conflict['kind']; id: number }) {
  if (c.kind === 'therapist') return (await namesOf(db, [c.id])).get(c.id) ?? String(c.id);
  if (c.kind === 'equipment') {
    const [row] = await rowNames(db, 'equipment', [c.id]);
    return row?.name ?? String(c.id);
  }
  return (await patientDemographics(db, c.id))?.name ?? String(c.id);
}

export const isUniqueViolation = (err: unknown) => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (e.code === '23505') return true;
  }
  return false;
};

export type Wanted = {
  workOrderId: number;
  treatDate: string;
  slot: Slot;
  therapistId: number;
  equipmentId: number | null;
  patientId: number;
  /** an existing schedule row being moved */
  scheduleId?: number;
};

/**
 * Checks bookings against the rules (leave, conflicts on their days) and answers the conflicts found, or throws the
 * refusals that are not conflicts. Reads the current bookings; the unique indexes catch what changes after.
 */
export async function conflictsOf(
  db: TxOrDb,
  scope: Scope,
  wanted: Wanted[],
): Promise<{ conflicts: Conflict[]; label: (k: number) => string; date: string }[]> {
  const byDate = new Map<string, Wanted[]>();
  for (const w of wanted) byDate.set(w.treatDate, [...(byDate.get(w.treatDate) ?? []), w]);
  const result = [];
  for (const [date, list] of byDate) {
    const leaves = await leavesOn(db, scope.organizationId, date);
    const halfDays = await halfDaysOn(db, scope.organizationId, date);
    for (const w of list) {
      if (leaves.some((l) => l.therapistId === w.therapistId)) {
        const name = (await namesOf(db, [w.therapistId])).get(w.therapistId) ?? '';
        throw conflict('scheduling.onLeave', { name, date });
      }
      const half = halfDays.get(w.therapistId);
      if (half && !slotInShift(half, clockToMinutes(w.slot.startTime))) {
        const name = (await namesOf(db, [w.therapistId])).get(w.therapistId) ?? '';
        throw conflict(half === 'morning' ? 'scheduling.outsideMorning' : 'scheduling.outsideAfternoon', {
          name,
          date,
          time: `${w.slot.startTime}-${w.slot.endTime}`,
        });
      }
    }
    const existing = await bookingsOn(db, scope.organizationId, [date]);
    const labels = new Map<number, string>();
    for (const b of existing) labels.set(clockToMinutes(b.startTime), `${b.startTime}-${b.endTime}`);
    for (const w of list) labels.set(clockToMinutes(w.slot.startTime), `${w.slot.startTime}-${w.slot.endTime}`);
    const conflicts = findConflicts(
      list.map((w) => asBooking({ ...w, startTime: w.slot.startTime })),
      existing.map(asBooking),
    );
    result.push({ conflicts, label: (k: number) => labels.get(k) ?? String(k), date });
  }
  return result;
}

export async function throwFirstConflict(db: TxOrDb, scope: Scope, wanted: Wanted[]) {
  for (const day of await conflictsOf(db, scope, wanted)) {
    if (day.conflicts.length) throw await conflictError(db, day.conflicts, day.label);
  }
}

/** Work orders of the organization by id (404 for an id that is not one of its orders). */
export async function ordersById(db: TxOrDb, organizationId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await ordersOfOrganization(db, organizationId, unique);
  if (rows.length !== unique.length) throw notFound();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function slotsById(db: TxOrDb, organizationId: number, ids: number[]) {
  const all = await slotsOf(db, organizationId);
  const byId = new Map(all.map((s) => [s.id, s]));
  for (const id of ids) if (!byId.has(id)) throw notFound();
  return byId;
}
