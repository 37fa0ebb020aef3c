import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordHistory, workOrderRows } from '../work-orders';
import { schedules } from './scheduling.tables';
import { clockNow } from '../../kernel/clock';
import {
  UNFINISHED,
  conflictsOf,
  isUniqueViolation,
  nameOfConflict,
  ordersById,
  requireEquipment,
  requireTreatingStaff,
  slotsById,
  throwFirstConflict,
  todayOf,
  type Scope,
  type Wanted,
} from './scheduling.service';

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

export async function insertBookings(app: AppContext, scope: Scope, wanted: Wanted[]) {
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

/** The work orders' own columns, to read a booking's order status in the booking's query. */
const orders = workOrderRows('wo');

/** deleteScheduling: cancels bookings of unfinished orders (any id not the organization's: 404, nothing removed). */
export async function deleteScheduling(app: AppContext, scope: Scope, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await app.db
    .select({ id: schedules.id, workOrderId: schedules.workOrderId, status: orders.status })
    .from(schedules)
    .innerJoin(orders, eq(orders.id, schedules.workOrderId))
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
