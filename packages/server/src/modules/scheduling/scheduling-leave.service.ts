import { and, count, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { toPage } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { cardColumns as card, orderIdsWithStatus, recordHistory } from '../work-orders';
import { schedules, therapistLeaves } from './scheduling.tables';
import { clockNow } from '../../kernel/clock';
import { UNFINISHED, namesOf, requireTreatingStaff, todayOf, type Scope } from './scheduling.service';
import { applyRecommendation, recommendDay } from './scheduling-board.service';

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
  const therapistOf = sql`coalesce(${card.authorizedTherapistId}, ${card.therapistId})`;
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
          inArray(schedules.workOrderId, orderIdsWithStatus(scope.organizationId, UNFINISHED)),
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
  const therapistOf = sql`coalesce(${card.authorizedTherapistId}, ${card.therapistId})`;
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
