import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  DONE_CARD_STATUSES,
  RoleId,
  SelectorType,
  clockToMinutes,
  findConflicts,
  minutesOfDay,
  recommendSchedule,
  slotInShift,
  type HalfDayShift,
  slotStatuses,
  toPage,
  type Booking,
  type Conflict,
  type Locale,
  type ScheduleCard,
  type ScheduleViewFilter,
  type SlotStatusValue,
  type UnplacedReason,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { cacheOf, dataVersionOf } from '../../db/data-version';
import { okEnvelopeBytes } from '../../http/json-bytes';
import { sysEquipment } from '../master-data/master-data.tables';
import { users } from '../users/users.tables';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { patients, treatmentProjects } from '../patients/patients.tables';
import { treatmentTeams } from '../teams/teams.tables';
import { timeSlots } from '../time-slots/time-slots.tables';
import { workOrders } from '../work-orders/work-orders.tables';
import { cardColumns as card, recordHistory, workOrderCards } from '../work-orders';
import { staffWithRoles } from '../roles';
import { schedules, therapistLeaves, therapistShifts } from './scheduling.tables';
import { ResultCode } from '@rehab/shared';
import { clockNow } from '../../kernel/clock';

/** Who asks: the organization always comes from the session. */
export type Scope = { organizationId: number; userId: number; locale: Locale };

const UNFINISHED = 1;
const EXPIRED = 4;
const TREATING_ROLES = [RoleId.therapist, RoleId.doctor, RoleId.nurse];

/** Today on the clinic's clock (the scheduler's time zone, Asia/Shanghai by default). */
export const todayOf = (app: AppContext) => app.calendar.today();

type Slot = { id: number; startTime: string; endTime: string };

async function slotsOf(db: TxOrDb, organizationId: number): Promise<Slot[]> {
  return db
    .select({ id: timeSlots.id, startTime: timeSlots.startTime, endTime: timeSlots.endTime })
    .from(timeSlots)
    .where(eq(timeSlots.organizationId, organizationId))
    .orderBy(asc(timeSlots.startTime), asc(timeSlots.id));
}

/** The status of each slot of `date`: today by the shared rule, a past day all done, a later day all undo. */
function statusesOn(app: AppContext, date: string, slots: { startTime: string; endTime: string }[]): SlotStatusValue[] {
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
async function bookingsOn(db: TxOrDb, organizationId: number, dates: string[]) {
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

const asBooking = (b: {
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
async function leavesOn(db: TxOrDb, organizationId: number, date: string) {
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
async function halfDaysOn(db: TxOrDb, organizationId: number, date: string) {
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

async function namesOf(db: TxOrDb, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, string>();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Treating staff (therapist, doctor, nurse) of the organization among `ids`; any other id answers 404. */
export async function requireTreatingStaff(db: TxOrDb, organizationId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await staffWithRoles(db, organizationId, TREATING_ROLES, { ids: unique });
  if (rows.length !== unique.length) throw notFound();
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function requireEquipment(db: TxOrDb, organizationId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, string>();
  const rows: { id: number; name: string }[] = await db
    .select({ id: sysEquipment.id, name: sysEquipment.name })
    .from(sysEquipment)
    .where(and(inArray(sysEquipment.id, unique), eq(sysEquipment.organizationId, organizationId)));
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

async function nameOfConflict(db: TxOrDb, c: { kind: Conflict['kind']; id: number }) {
  if (c.kind === 'therapist') return (await namesOf(db, [c.id])).get(c.id) ?? String(c.id);
  if (c.kind === 'equipment') {
    const [row] = await db.select({ name: sysEquipment.name }).from(sysEquipment).where(eq(sysEquipment.id, c.id));
    return (row?.name as string | undefined) ?? String(c.id);
  }
  const [row] = await db.select({ name: patients.name }).from(patients).where(eq(patients.id, c.id));
  return row?.name ?? String(c.id);
}

const isUniqueViolation = (err: unknown) => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (e.code === '23505') return true;
  }
  return false;
};

type Wanted = {
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
async function conflictsOf(
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

async function throwFirstConflict(db: TxOrDb, scope: Scope, wanted: Wanted[]) {
  for (const day of await conflictsOf(db, scope, wanted)) {
    if (day.conflicts.length) throw await conflictError(db, day.conflicts, day.label);
  }
}

/** Work orders of the organization by id (404 for an id that is not one of its orders). */
async function ordersById(db: TxOrDb, organizationId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(workOrders)
    .where(and(inArray(workOrders.id, unique), eq(workOrders.organizationId, organizationId)));
  if (rows.length !== unique.length) throw notFound();
  return new Map(rows.map((r) => [r.id, r]));
}

async function slotsById(db: TxOrDb, organizationId: number, ids: number[]) {
  const all = await slotsOf(db, organizationId);
  const byId = new Map(all.map((s) => [s.id, s]));
  for (const id of ids) if (!byId.has(id)) throw notFound();
  return byId;
}

export type BookingInput = { workOrderId: number; slotId: number; therapistId: number; equipmentId?: number | null };

/**
 * Books work orders into slots (saveScheduling). A batch is the work orders of one patient (else 400); each order
 * must be the organization's, unfinished, not yet booked and not of a past day; slot, therapist and equipment must
 * be the organization's; the therapist must not be on leave; no therapist, equipment or patient may be taken twice
 * in a slot (409 naming it). One transaction; a save that races another is refused by the unique indexes and
 * answered with the same 409.
 */
export async function saveScheduling(app: AppContext, scope: Scope, list: BookingInput[]) {
  const db = app.db;
  const orders = await ordersById(
    db,
    scope.organizationId,
    list.map((l) => l.workOrderId),
  );
  if (new Set([...orders.values()].map((o) => o.patientId)).size > 1) throw badRequest('scheduling.onePatient');
  if (new Set(list.map((l) => l.workOrderId)).size !== list.length)
    throw badRequest('validation.invalid', { field: 'list' });
  const slots = await slotsById(
    db,
    scope.organizationId,
    list.map((l) => l.slotId),
  );
  await requireTreatingStaff(
    db,
    scope.organizationId,
    list.map((l) => l.therapistId),
  );
  await requireEquipment(
    db,
    scope.organizationId,
    list.flatMap((l) => (l.equipmentId ? [l.equipmentId] : [])),
  );
  const today = todayOf(app);
  for (const l of list) {
    const o = orders.get(l.workOrderId)!;
    if (o.status !== UNFINISHED) throw conflict('scheduling.notUnfinished', { id: o.id });
    if (o.treatDate < today) throw conflict('scheduling.pastDay');
  }
  const booked = await db
    .select({ workOrderId: schedules.workOrderId })
    .from(schedules)
    .where(
      inArray(
        schedules.workOrderId,
        list.map((l) => l.workOrderId),
      ),
    );
  if (booked.length) throw conflict('scheduling.alreadyScheduled', { id: booked[0]!.workOrderId });
  const wanted: Wanted[] = list.map((l) => {
    const o = orders.get(l.workOrderId)!;
    return {
      workOrderId: o.id,
      treatDate: o.treatDate,
      slot: slots.get(l.slotId)!,
      therapistId: l.therapistId,
      equipmentId: l.equipmentId ?? null,
      patientId: o.patientId,
    };
  });
  await throwFirstConflict(db, scope, wanted);
  return insertBookings(app, scope, wanted);
}

async function insertBookings(app: AppContext, scope: Scope, wanted: Wanted[]) {
  try {
    const booked = await app.db.transaction(async (tx) => {
      const rows = await tx
        .insert(schedules)
        .values(
          wanted.map((w) => ({
            organizationId: scope.organizationId,
            workOrderId: w.workOrderId,
            treatDate: w.treatDate,
            slotId: w.slot.id,
            startTime: w.slot.startTime,
            endTime: w.slot.endTime,
            therapistId: w.therapistId,
            equipmentId: w.equipmentId,
            patientId: w.patientId,
            createdBy: scope.userId,
            updatedBy: scope.userId,
          })),
        )
        .returning({ id: schedules.id, workOrderId: schedules.workOrderId });
      await recordHistory(
        tx,
        wanted.map((w) => ({
          organizationId: scope.organizationId,
          workOrderId: w.workOrderId,
          action: 'schedule',
          fromStatus: UNFINISHED,
          toStatus: UNFINISHED,
          reason: `${w.treatDate} ${w.slot.startTime}-${w.slot.endTime}`,
          actorId: scope.userId,
        })),
      );
      return rows;
    });
    app.live.scheduleChanged(scope.organizationId);
    return booked;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // another save won the slot a moment ago: name what it took
    await throwFirstConflict(app.db, scope, wanted);
    throw conflict('scheduling.alreadyScheduled', { id: wanted[0]!.workOrderId });
  }
}

export type UpdateInput = { id: number; slotId: number; therapistId: number; equipmentId?: number | null };

async function prepareUpdate(app: AppContext, scope: Scope, input: UpdateInput): Promise<Wanted> {
  const db = app.db;
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.id, input.id), eq(schedules.organizationId, scope.organizationId)));
  if (!row) throw notFound();
  const orders = await ordersById(db, scope.organizationId, [row.workOrderId]);
  const order = orders.get(row.workOrderId)!;
  const slots = await slotsById(db, scope.organizationId, [input.slotId]);
  await requireTreatingStaff(db, scope.organizationId, [input.therapistId]);
  await requireEquipment(db, scope.organizationId, input.equipmentId ? [input.equipmentId] : []);
  if (order.status !== UNFINISHED) throw conflict('scheduling.notUnfinished', { id: order.id });
  if (order.treatDate < todayOf(app)) throw conflict('scheduling.pastDay');
  return {
    workOrderId: order.id,
    treatDate: order.treatDate,
    slot: slots.get(input.slotId)!,
    therapistId: input.therapistId,
    equipmentId: input.equipmentId ?? null,
    patientId: order.patientId,
    scheduleId: row.id,
  };
}

/** checkUpdateScheduling: what an update would clash with, without writing (an empty list: it can be saved). */
export async function checkUpdateScheduling(
  app: AppContext,
  scope: Scope,
  input: UpdateInput,
  t: (k: string, p?: Record<string, string | number>) => string,
) {
  const wanted = await prepareUpdate(app, scope, input);
  const out: { kind: string; id: number; name: string; slot: string; msg: string }[] = [];
  for (const day of await conflictsOf(app.db, scope, [wanted])) {
    for (const c of day.conflicts) {
      const name = await nameOfConflict(app.db, c);
      const slot = day.label(c.slotId);
      const key = `scheduling.conflict${c.kind[0]!.toUpperCase()}${c.kind.slice(1)}`;
      out.push({ kind: c.kind, id: c.id, name, slot, msg: t(key, { name, slot }) });
    }
  }
  return { ok: out.length === 0, conflicts: out };
}

/** updateScheduling: moves a booking to another slot, therapist or equipment (409 on a conflict, as save). */
export async function updateScheduling(app: AppContext, scope: Scope, input: UpdateInput) {
  const wanted = await prepareUpdate(app, scope, input);
  await throwFirstConflict(app.db, scope, [wanted]);
  try {
    await app.db.transaction(async (tx) => {
      await tx
        .update(schedules)
        .set({
          slotId: wanted.slot.id,
          startTime: wanted.slot.startTime,
          endTime: wanted.slot.endTime,
          therapistId: wanted.therapistId,
          equipmentId: wanted.equipmentId,
          updatedBy: scope.userId,
          updatedAt: clockNow(),
        })
        .where(and(eq(schedules.id, wanted.scheduleId!), eq(schedules.organizationId, scope.organizationId)));
      await recordHistory(tx, {
        organizationId: scope.organizationId,
        workOrderId: wanted.workOrderId,
        action: 'schedule',
        fromStatus: UNFINISHED,
        toStatus: UNFINISHED,
        reason: `${wanted.treatDate} ${wanted.slot.startTime}-${wanted.slot.endTime}`,
        actorId: scope.userId,
      });
    });
    app.live.scheduleChanged(scope.organizationId);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await throwFirstConflict(app.db, scope, [wanted]);
    throw conflict();
  }
  return { id: wanted.scheduleId };
}

/** deleteScheduling: cancels bookings of unfinished orders (any id not the organization's: 404, nothing removed). */
export async function deleteScheduling(app: AppContext, scope: Scope, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await app.db
    .select({ id: schedules.id, workOrderId: schedules.workOrderId, status: workOrders.status })
    .from(schedules)
    .innerJoin(workOrders, eq(workOrders.id, schedules.workOrderId))
    .where(and(inArray(schedules.id, unique), eq(schedules.organizationId, scope.organizationId)));
  if (rows.length !== unique.length) throw notFound();
  const done = rows.find((r) => r.status !== UNFINISHED);
  if (done) throw conflict('scheduling.notUnfinished', { id: done.workOrderId });
  await app.db.transaction(async (tx) => {
    await tx
      .delete(schedules)
      .where(and(inArray(schedules.id, unique), eq(schedules.organizationId, scope.organizationId)));
    await recordHistory(
      tx,
      rows.map((r) => ({
        organizationId: scope.organizationId,
        workOrderId: r.workOrderId,
        action: 'unschedule',
        fromStatus: UNFINISHED,
        toStatus: UNFINISHED,
        actorId: scope.userId,
      })),
    );
  });
  app.live.scheduleChanged(scope.organizationId);
  return { removed: rows.length };
}

// ---- reading -------------------------------------------------------------------------------------------------------

const cardColumns = {
  id: card.id,
  scheduleId: schedules.id,
  slotId: schedules.slotId,
  startTime: schedules.startTime,
  endTime: schedules.endTime,
  patientId: card.patientId,
  patientName: card.patientName,
  patientSex: card.patientSex,
  bedNumber: card.bedNo,
  projectId: card.projectId,
  projectName: card.projectName,
  equipmentId: schedules.equipmentId,
  equipmentName: sysEquipment.name,
  therapistId: schedules.therapistId,
  therapistName: users.name,
  treatmentTeamName: treatmentTeams.name,
  status: card.status,
};

type CardRow = {
  id: number;
  scheduleId: number;
  slotId: number | null;
  startTime: string;
  endTime: string;
  patientId: number;
  patientName: string;
  patientSex: number;
  bedNumber: string | null;
  projectId: number;
  projectName: string;
  equipmentId: number | null;
  equipmentName: string | null;
  therapistId: number;
  therapistName: string;
  treatmentTeamName: string | null;
  status: number;
};

async function scheduledCards(db: TxOrDb, organizationId: number, date: string, where: SQL[] = []): Promise<CardRow[]> {
  return (await workOrderCards(db, cardColumns)
    .innerJoin(schedules, eq(schedules.workOrderId, card.id))
    .innerJoin(users, eq(users.id, schedules.therapistId))
    .leftJoin(sysEquipment, eq(sysEquipment.id, schedules.equipmentId))
    .leftJoin(treatmentTeams, eq(treatmentTeams.id, sql`coalesce(${card.authorizedTeamId}, ${card.teamId})`))
    .where(and(eq(schedules.organizationId, organizationId), eq(schedules.treatDate, date), ...where))
    .orderBy(asc(schedules.startTime), asc(card.patientName), asc(card.id))) as CardRow[];
}

const toCard = (r: CardRow, withTeam = true): ScheduleCard => ({
  id: r.id,
  scheduleId: r.scheduleId,
  patientId: r.patientId,
  patientName: r.patientName,
  bedNumber: r.bedNumber,
  sex: r.patientSex === 1 ? 0 : 1,
  projectId: r.projectId,
  projectName: r.projectName,
  equipmentId: r.equipmentId,
  equipmentName: r.equipmentName,
  therapistId: r.therapistId,
  therapistName: r.therapistName,
  treatmentTeamName: withTeam ? r.treatmentTeamName : null,
  status: r.status,
});

/** Unfinished work orders of a day with no booking, in the order the recommendation takes them. */
async function openOrders(db: TxOrDb, organizationId: number, date: string, where: SQL[] = []) {
  const therapist = sql<number | null>`coalesce(${card.authorizedTherapistId}, ${card.therapistId})`;
  return workOrderCards(db, {
    workOrderId: card.id,
    patientId: card.patientId,
    patientName: card.patientName,
    patientSex: card.patientSex,
    bedNumber: card.bedNo,
    projectId: card.projectId,
    projectName: card.projectName,
    therapistId: therapist,
    equipmentId: card.equipmentId,
    equipmentName: sysEquipment.name,
  })
    .leftJoin(sysEquipment, eq(sysEquipment.id, card.equipmentId))
    .leftJoin(schedules, eq(schedules.workOrderId, card.id))
    .where(
      and(
        eq(card.organizationId, organizationId),
        eq(card.treatDate, date),
        eq(card.status, UNFINISHED),
        isNull(schedules.id),
        ...where,
      ),
    )
    .orderBy(asc(card.patientId), asc(card.id));
}

async function therapistsOf(db: TxOrDb, organizationId: number) {
  return staffWithRoles(db, organizationId, [RoleId.therapist], { order: 'name-id' });
}

/**
 * getTodayAllScheduling: a day's scheduling board. The slots with their status, the therapists (columns; those on
 * leave are marked, with their substitute), the bookings, the unfinished orders not yet booked, and whether the day
 * is sufficient (nothing left unscheduled).
 */
export async function dayScheduling(app: AppContext, scope: Scope, date: string) {
  const db = app.db;
  const [slots, cards, open, staff, leaves] = await Promise.all([
    slotsOf(db, scope.organizationId),
    scheduledCards(db, scope.organizationId, date),
    openOrders(db, scope.organizationId, date),
    therapistsOf(db, scope.organizationId),
    leavesOn(db, scope.organizationId, date),
  ]);
  const statuses = statusesOn(app, date, slots);
  const names = await namesOf(db, [
    ...leaves.flatMap((l) => [l.therapistId, l.substituteId ?? 0]),
    ...open.flatMap((o) => (o.therapistId ? [o.therapistId] : [])),
  ]);
  const therapists = new Map(staff.map((s) => [s.id, s.name]));
  for (const c of cards) if (!therapists.has(c.therapistId)) therapists.set(c.therapistId, c.therapistName);
  return {
    date,
    today: todayOf(app),
    slots: slots.map((s, i) => ({ ...s, status: statuses[i] })),
    therapists: [...therapists].map(([id, name]) => {
      const leave = leaves.find((l) => l.therapistId === id);
      return {
        therapistId: id,
        therapistName: name,
        onLeave: Boolean(leave),
        leaveReason: leave?.reason ?? null,
        substituteId: leave?.substituteId ?? null,
        substituteName: leave?.substituteId ? (names.get(leave.substituteId) ?? null) : null,
      };
    }),
    list: cards.map((c) => ({ ...toCard(c), slotId: c.slotId, startTime: c.startTime, endTime: c.endTime })),
    unscheduled: open.map((o) => ({
      ...o,
      sex: o.patientSex === 1 ? 0 : 1,
      therapistName: o.therapistId ? (names.get(o.therapistId) ?? null) : null,
    })),
    unscheduledCount: open.length,
    sufficient: open.length === 0,
  };
}

const REASONS: UnplacedReason[] = ['noTherapist', 'onLeave', 'noFreeSlot'];

/**
 * The recommendation of a day (getTodayAllSchedulingRecommend): the shared `recommendSchedule` over the slots not
 * yet over, the bookings, the leaves and the open orders (optionally only some), with names for the screen.
 * Nothing is written.
 */
export async function recommendDay(app: AppContext, scope: Scope, date: string, where: SQL[] = []) {
  const db = app.db;
  if (date < todayOf(app)) throw conflict('scheduling.pastDay');
  const [slots, booked, open, leaves, halfDays] = await Promise.all([
    slotsOf(db, scope.organizationId),
    bookingsOn(db, scope.organizationId, [date]),
    openOrders(db, scope.organizationId, date, where),
    leavesOn(db, scope.organizationId, date),
    halfDaysOn(db, scope.organizationId, date),
  ]);
  const statuses = statusesOn(app, date, slots);
  const usable = slots.filter((_, i) => statuses[i] !== 'done');
  const byKey = new Map(usable.map((s) => [clockToMinutes(s.startTime), s]));
  const result = recommendSchedule({
    halfDays,
    slotIds: usable.map((s) => clockToMinutes(s.startTime)),
    orders: open.map((o) => ({
      workOrderId: o.workOrderId,
      patientId: o.patientId,
      therapistId: o.therapistId,
      equipmentId: o.equipmentId,
    })),
    booked: booked.map(asBooking),
    leaves: leaves.map((l) => ({ therapistId: l.therapistId, substituteId: l.substituteId })),
  });
  const names = await namesOf(
    db,
    result.placed.map((p) => p.therapistId),
  );
  const orderOf = new Map(open.map((o) => [o.workOrderId, o]));
  return {
    date,
    list: result.placed.map((p) => {
      const o = orderOf.get(p.workOrderId)!;
      const slot = byKey.get(p.slotId)!;
      return {
        workOrderId: p.workOrderId,
        slotId: slot.id,
        startTime: slot.startTime,
        endTime: slot.endTime,
        therapistId: p.therapistId,
        therapistName: names.get(p.therapistId) ?? '',
        equipmentId: p.equipmentId,
        equipmentName: o.equipmentName,
        patientId: o.patientId,
        patientName: o.patientName,
        projectName: o.projectName,
      };
    }),
    unplaced: result.unplaced.map((u) => {
      const o = orderOf.get(u.workOrderId)!;
      return {
        workOrderId: u.workOrderId,
        reason: REASONS.includes(u.reason) ? u.reason : 'noFreeSlot',
        patientName: o.patientName,
        projectName: o.projectName,
      };
    }),
    sufficient: result.unplaced.length === 0,
  };
}

/**
 * Saves the recommendation of a day (all patients, or one): what the recommendation places is booked in one
 * transaction; a race with another save answers 409 and writes nothing.
 */
export async function applyRecommendation(
  app: AppContext,
  scope: Scope,
  date: string,
  patientId?: number,
  extra: SQL[] = [],
) {
  const where = [...extra, ...(patientId ? [eq(workOrders.patientId, patientId)] : [])];
  if (patientId) {
    const [p] = await app.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.id, patientId), eq(patients.organizationId, scope.organizationId)));
    if (!p) throw notFound();
  }
  const proposal = await recommendDay(app, scope, date, where);
  if (proposal.list.length === 0) return { booked: 0, unplaced: proposal.unplaced.length };
  const slots = await slotsOf(app.db, scope.organizationId);
  const byId = new Map(slots.map((s) => [s.id, s]));
  const wanted: Wanted[] = proposal.list.map((p) => ({
    workOrderId: p.workOrderId,
    treatDate: date,
    slot: byId.get(p.slotId)!,
    therapistId: p.therapistId,
    equipmentId: p.equipmentId,
    patientId: p.patientId,
  }));
  await insertBookings(app, scope, wanted);
  return { booked: wanted.length, unplaced: proposal.unplaced.length };
}

/** getSchedulingSelector: option lists by type (1 projects, 2 patients of the day; 3 equipment, 4 therapists). */
export async function selectorOptions(app: AppContext, scope: Scope, type: number, date: string) {
  const db = app.db;
  if (type === SelectorType.equipment) {
    const rows: { id: number; name: string }[] = await db
      .select({ id: sysEquipment.id, name: sysEquipment.name })
      .from(sysEquipment)
      .where(and(eq(sysEquipment.organizationId, scope.organizationId), eq(sysEquipment.status, 1)))
      .orderBy(asc(sysEquipment.name));
    return { list: rows.map((r) => ({ equipmentId: r.id, equipmentName: r.name })) };
  }
  if (type === SelectorType.therapist) {
    const rows = await staffWithRoles(db, scope.organizationId, TREATING_ROLES, { order: 'name' });
    return { list: rows.map((r) => ({ therapistId: r.id, therapistName: r.name })) };
  }
  const dayOrders = and(
    eq(workOrders.organizationId, scope.organizationId),
    eq(workOrders.treatDate, date),
    ne(workOrders.status, 2),
  );
  if (type === SelectorType.project) {
    const rows = await db
      .selectDistinct({ id: treatmentProjects.id, name: treatmentProjects.name })
      .from(workOrders)
      .innerJoin(treatmentProjects, eq(treatmentProjects.id, workOrders.projectId))
      .where(dayOrders)
      .orderBy(asc(treatmentProjects.name));
    return { list: rows.map((r) => ({ projectId: r.id, projectName: r.name })) };
  }
  const rows = await db
    .selectDistinct({ id: patients.id, name: patients.name })
    .from(workOrders)
    .innerJoin(patients, eq(patients.id, workOrders.patientId))
    .where(dayOrders)
    .orderBy(asc(patients.name));
  return { list: rows.map((r) => ({ patientId: r.id, patientName: r.name })) };
}

/**
 * The schedule view's list (project mode and master mode): one entry per slot of the day with its status today and
 * the cards of the booked work orders that match the filter model of spec section 3. Only booked orders are listed.
 * Project mode filters by patient and project; master mode by patient, equipment and therapist (both accept all).
 *
 * Answered as JSON text in the API envelope (`{ code, msg, data: { date, list } }`): the day's cards are kept as JSON per organization, data version, day, mode and filter (an answer of
 * 600 cards is about 150 KB; computing it costs about 20 ms of CPU, serializing it alone 1-2 ms), and only the
 * slots' statuses, which move with the clock, are worked out per request; the body's bytes are reused while they
 * stay the same (a cached answer costs about 0.5 ms of CPU instead of 4 ms to rewrite and encode 170 KB).
 */
export async function scheduleViewJson(
  app: AppContext,
  scope: Scope,
  f: ScheduleViewFilter,
  mode: 'project' | 'master',
  msg: string,
): Promise<Buffer> {
  const date = f.date ?? todayOf(app);
  const answer = await scheduleViewEntries(app, scope, f, mode, date);
  const st = statusesOn(app, date, answer.entries);
  // the whole body changes only when a slot's status does (a few times a day) or the language's message
  const bodyKey = `${msg}|${st.join(',')}`;
  if (answer.body?.key === bodyKey) return answer.body.bytes;
  const parts = answer.entries.map(
    (e, i) =>
      `{"id":${e.id},"status":${JSON.stringify(st[i])},"timeQuantum":${JSON.stringify(`${e.startTime}-${e.endTime}`)},"referral":${e.cardsJson}}`,
  );
  const bytes = okEnvelopeBytes(msg, `{"date":${JSON.stringify(date)},"list":[${parts.join(',')}]}`);
  answer.body = { key: bodyKey, bytes };
  return bytes;
}

type ViewEntry = { id: number; startTime: string; endTime: string; cardsJson: string };
/** A kept answer: its slots' cards as JSON, and the last whole body written from them (with its statuses). */
type ViewAnswer = { entries: ViewEntry[]; body?: { key: string; bytes: Buffer } };

const VIEW_CACHE = { entries: 200, chars: 40_000_000 };

/** The slots of a day with their cards (ordered for the mode), kept per organization and data version. */
async function scheduleViewEntries(
  app: AppContext,
  scope: Scope,
  f: ScheduleViewFilter,
  mode: 'project' | 'master',
  date: string,
): Promise<ViewAnswer> {
  const version = await dataVersionOf(app.db, scope.organizationId);
  const key = `${scope.organizationId}|${version}|${mode}|${date}|${scope.locale}|${JSON.stringify({ ...f, date })}`;
  const cache = cacheOf<ViewAnswer>(app.db, 'schedule-view', VIEW_CACHE.entries, VIEW_CACHE.chars);
  return cache.through(
    key,
    () => computeViewEntries(app, scope, f, mode, date),
    // the cards' JSON and, once answered, the body's bytes (about three times the JSON's length in all)
    (answer) => key.length + 3 * answer.entries.reduce((n, e) => n + e.cardsJson.length, 0),
  );
}

async function computeViewEntries(
  app: AppContext,
  scope: Scope,
  f: ScheduleViewFilter,
  mode: 'project' | 'master',
  date: string,
): Promise<ViewAnswer> {
  const where: SQL[] = [];
  if (f.patientId) where.push(eq(workOrders.patientId, f.patientId));
  if (f.projectId) where.push(eq(workOrders.projectId, f.projectId));
  if (f.projectName)
    where.push(sql`${treatmentProjects.name} ilike ${'%' + f.projectName.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`);
  if (f.equipmentId) where.push(eq(schedules.equipmentId, f.equipmentId));
  if (f.therapistId) where.push(eq(schedules.therapistId, f.therapistId));
  // 0 not executed, 1 executed, 2 all; expired orders only when asked for (invalidated ones never)
  const statuses =
    f.executeStatus === 0
      ? [UNFINISHED]
      : f.executeStatus === 1
        ? [...DONE_CARD_STATUSES]
        : [UNFINISHED, ...DONE_CARD_STATUSES];
  if (f.expired) statuses.push(EXPIRED);
  where.push(inArray(workOrders.status, statuses));
  const [slots, cards] = await Promise.all([
    slotsOf(app.db, scope.organizationId),
    scheduledCards(app.db, scope.organizationId, date, where),
  ]);
  const withTeam = f.therapistTeamFilter === 1;
  // a booking whose slot was removed since keeps its own clock times as a slot of its own
  const byStart = new Map<string, { id: number; startTime: string; endTime: string; cards: ScheduleCard[] }>();
  for (const s of slots) byStart.set(s.startTime, { id: s.id, startTime: s.startTime, endTime: s.endTime, cards: [] });
  for (const c of cards) {
    let e = byStart.get(c.startTime);
    if (!e) {
      e = { id: -c.scheduleId, startTime: c.startTime, endTime: c.endTime, cards: [] };
      byStart.set(c.startTime, e);
    }
    e.cards.push(toCard(c, withTeam));
  }
  const ordered = [...byStart.values()].sort((a, b) => a.startTime.localeCompare(b.startTime));
  if (mode === 'master') {
    for (const e of ordered) {
      e.cards.sort(
        (a, b) =>
          (a.equipmentName ?? '\uffff').localeCompare(b.equipmentName ?? '\uffff') ||
          a.therapistName.localeCompare(b.therapistName) ||
          a.id - b.id,
      );
    }
  }
  const entries = ordered.map(({ cards: list, ...e }) => ({ ...e, cardsJson: JSON.stringify(list) }));
  return { entries };
}

// ---- leave and substitutes ----------------------------------------------------------------------------------------

export async function listLeaves(
  app: AppContext,
  scope: Scope,
  q: { page: number; limit: number; therapistId?: number; withSubstitute?: boolean; current?: boolean },
) {
  const today = todayOf(app);
  const where = and(
    q.current ? gte(therapistLeaves.endDate, today) : undefined,
    eq(therapistLeaves.organizationId, scope.organizationId),
    q.therapistId ? eq(therapistLeaves.therapistId, q.therapistId) : undefined,
    q.withSubstitute ? sql`${therapistLeaves.substituteId} IS NOT NULL` : undefined,
  );
  const [rows, [{ n }]] = (await Promise.all([
    app.db
      .select()
      .from(therapistLeaves)
      .where(where)
      .orderBy(desc(therapistLeaves.startDate), desc(therapistLeaves.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    app.db.select({ n: count() }).from(therapistLeaves).where(where),
  ])) as [(typeof therapistLeaves.$inferSelect)[], [{ n: number }]];
  const names = await namesOf(
    app.db,
    rows.flatMap((r) => [r.therapistId, r.substituteId ?? 0]),
  );
  return toPage(
    rows.map((r) => ({
      id: r.id,
      therapistId: r.therapistId,
      therapistName: names.get(r.therapistId) ?? '',
      startDate: r.startDate,
      endDate: r.endDate,
      reason: r.reason,
      substituteId: r.substituteId,
      substituteName: r.substituteId ? (names.get(r.substituteId) ?? '') : null,
      current: r.endDate >= today,
    })),
    Number(n),
    q.page,
    q.limit,
  );
}

/** Days from `start` to `end` (inclusive) not before `from`. */
function daysBetween(start: string, end: string, from: string): string[] {
  const days: string[] = [];
  const first = start < from ? from : start;
  for (let d = new Date(`${first}T00:00:00Z`); d.toISOString().slice(0, 10) <= end; d.setUTCDate(d.getUTCDate() + 1)) {
    days.push(d.toISOString().slice(0, 10));
    if (days.length > 366) break;
  }
  return days;
}

/** What the substitute could take of a therapist's open orders on the leave's days (the recommendation, per day). */
async function substituteProposal(
  app: AppContext,
  scope: Scope,
  leave: { therapistId: number; substituteId: number | null; startDate: string; endDate: string },
) {
  const days = daysBetween(leave.startDate, leave.endDate, todayOf(app));
  const therapistOf = sql`coalesce(${workOrders.authorizedTherapistId}, ${workOrders.therapistId})`;
  const proposals = [];
  let unplaced = 0;
  for (const date of days) {
    const day = await recommendDay(app, scope, date, [sql`${therapistOf} = ${leave.therapistId}`]);
    proposals.push(...day.list.map((p) => ({ ...p, date })));
    unplaced += day.unplaced.length;
  }
  return { substituteId: leave.substituteId, proposals, unplaced };
}

async function checkLeaveOverlap(
  db: TxOrDb,
  scope: Scope,
  v: { therapistId: number; startDate: string; endDate: string },
  exceptId = 0,
) {
  const [other] = await db
    .select()
    .from(therapistLeaves)
    .where(
      and(
        eq(therapistLeaves.organizationId, scope.organizationId),
        eq(therapistLeaves.therapistId, v.therapistId),
        lte(therapistLeaves.startDate, v.endDate),
        gte(therapistLeaves.endDate, v.startDate),
        ne(therapistLeaves.id, exceptId),
      ),
    )
    .limit(1);
  if (other) {
    const name = (await namesOf(db, [v.therapistId])).get(v.therapistId) ?? '';
    throw conflict('scheduling.leaveOverlap', { name, start: other.startDate, end: other.endDate });
  }
}

/**
 * Saves a leave. The therapist's bookings of unfinished orders on those days (from today) are removed in the same
 * transaction; the answer counts them and proposes the substitute's slots for the orders (nothing booked yet: the
 * screen applies the proposal with applySubstitute).
 */
export async function saveLeave(
  app: AppContext,
  scope: Scope,
  v: { therapistId: number; startDate: string; endDate: string; reason: string; substituteId?: number | null },
) {
  await requireTreatingStaff(app.db, scope.organizationId, [
    v.therapistId,
    ...(v.substituteId ? [v.substituteId] : []),
  ]);
  await checkLeaveOverlap(app.db, scope, v);
  const today = todayOf(app);
  const { id, removed } = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(therapistLeaves)
      .values({
        organizationId: scope.organizationId,
        therapistId: v.therapistId,
        startDate: v.startDate,
        endDate: v.endDate,
        reason: v.reason,
        substituteId: v.substituteId ?? null,
        createdBy: scope.userId,
        updatedBy: scope.userId,
      })
      .returning({ id: therapistLeaves.id });
    const gone = await tx
      .delete(schedules)
      .where(
        and(
          eq(schedules.organizationId, scope.organizationId),
          eq(schedules.therapistId, v.therapistId),
          gte(schedules.treatDate, v.startDate < today ? today : v.startDate),
          lte(schedules.treatDate, v.endDate),
          inArray(
            schedules.workOrderId,
            tx
              .select({ id: workOrders.id })
              .from(workOrders)
              .where(and(eq(workOrders.organizationId, scope.organizationId), eq(workOrders.status, UNFINISHED))),
          ),
        ),
      )
      .returning({ workOrderId: schedules.workOrderId });
    if (gone.length) {
      await recordHistory(
        tx,
        gone.map((g) => ({
          organizationId: scope.organizationId,
          workOrderId: g.workOrderId,
          action: 'unschedule',
          fromStatus: UNFINISHED,
          toStatus: UNFINISHED,
          reason: v.reason,
          actorId: scope.userId,
        })),
      );
    }
    return { id: row!.id, removed: gone.length };
  });
  app.live.scheduleChanged(scope.organizationId);
  const proposal = v.substituteId ? await substituteProposal(app, scope, { ...v, substituteId: v.substituteId }) : null;
  return { id, removed, proposal };
}

async function leaveOf(db: TxOrDb, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(therapistLeaves)
    .where(and(eq(therapistLeaves.id, id), eq(therapistLeaves.organizationId, scope.organizationId)));
  if (!row) throw notFound();
  return row;
}

/** Names (or clears) the substitute of a leave; answers the substitute's proposal. */
export async function setSubstitute(app: AppContext, scope: Scope, id: number, substituteId: number | null) {
  const leave = await leaveOf(app.db, scope, id);
  if (substituteId != null) {
    await requireTreatingStaff(app.db, scope.organizationId, [substituteId]);
    if (substituteId === leave.therapistId) throw badRequest('scheduling.substituteSelf');
  }
  await app.db
    .update(therapistLeaves)
    .set({ substituteId, updatedBy: scope.userId, updatedAt: clockNow() })
    .where(and(eq(therapistLeaves.id, id), eq(therapistLeaves.organizationId, scope.organizationId)));
  app.live.scheduleChanged(scope.organizationId);
  return { id, proposal: substituteId ? await substituteProposal(app, scope, { ...leave, substituteId }) : null };
}

/** Books the substitute's proposal for every day of the leave from today. */
export async function applySubstitute(app: AppContext, scope: Scope, id: number) {
  const leave = await leaveOf(app.db, scope, id);
  if (!leave.substituteId) throw badRequest('validation.required', { field: 'substituteId' });
  const therapistOf = sql`coalesce(${workOrders.authorizedTherapistId}, ${workOrders.therapistId})`;
  let booked = 0;
  let unplaced = 0;
  for (const date of daysBetween(leave.startDate, leave.endDate, todayOf(app))) {
    const r = await applyRecommendation(app, scope, date, undefined, [sql`${therapistOf} = ${leave.therapistId}`]);
    booked += r.booked;
    unplaced += r.unplaced;
  }
  return { booked, unplaced };
}

export async function deleteLeaves(app: AppContext, scope: Scope, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await app.db
    .select({ id: therapistLeaves.id })
    .from(therapistLeaves)
    .where(and(inArray(therapistLeaves.id, unique), eq(therapistLeaves.organizationId, scope.organizationId)));
  if (rows.length !== unique.length) throw notFound();
  await app.db
    .delete(therapistLeaves)
    .where(and(inArray(therapistLeaves.id, unique), eq(therapistLeaves.organizationId, scope.organizationId)));
  app.live.scheduleChanged(scope.organizationId);
  return { removed: rows.length };
}
