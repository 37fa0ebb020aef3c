import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  BillingPerm,
  RoleId,
  formatFen,
  payTypeBehaviour,
  PayTypeKey,
  type ShiftCloseInput,
  type ShiftInfo,
  type ShiftListQuery,
  type ShiftReport,
  type ShiftRow,
} from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { forbidden } from '../../http/errors';
import { clinicTimeZone } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { staffWithRoles } from '../roles';
import { userNames } from '../users';
import { invalid, missing, once, refused, sumOf, type Scope, type BillingHost } from './billing.kernel';
import { iso } from './billing.read';
import { payTypeNames } from './billing.settle';
import {
  billAccountEntries,
  billPayments,
  billSettlements,
  billShiftCounts,
  billShiftEvents,
  billShifts,
} from './billing.tables';

type Shift = typeof billShifts.$inferSelect;
const RECEIVER_ROLES = [RoleId.cashier, RoleId.finance, RoleId.orgAdmin];

type Amounts = Map<string, number>;
const add = (m: Amounts, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const list = (m: Amounts) =>
  [...m.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([payType, amountFen]) => ({ payType, amountFen }));

/**
 * What a shift took, per pay type, and what should be in its drawer: the float (cash) plus takings and top-ups less
 * refunds and withdrawals paid out. The prepaid balance is not drawer money: it shows in takings, not in expected.
 * The live X report and the closing Z report are this one computation.
 */
export async function shiftReport(db: TxOrDb, shift: Pick<Shift, 'id' | 'floatFen'>): Promise<ShiftReport> {
  const [settled, entries] = await Promise.all([
    db
      .select({ kind: billSettlements.kind, payType: billPayments.payType, amountFen: billPayments.amountFen })
      .from(billPayments)
      .innerJoin(billSettlements, eq(billSettlements.id, billPayments.settlementId))
      .where(eq(billSettlements.shiftId, shift.id)),
    db
      .select({ kind: billAccountEntries.kind, payType: billPayments.payType, amountFen: billPayments.amountFen })
      .from(billPayments)
      .innerJoin(billAccountEntries, eq(billAccountEntries.id, billPayments.accountEntryId))
      .where(eq(billAccountEntries.shiftId, shift.id)),
  ]);
  const [counts] = await db
    .select({
      settlements: sql<number>`count(*) FILTER (WHERE ${billSettlements.kind} = 'charge')`,
      refunds: sql<number>`count(*) FILTER (WHERE ${billSettlements.kind} = 'reversal')`,
    })
    .from(billSettlements)
    .where(eq(billSettlements.shiftId, shift.id));
  const takings: Amounts = new Map();
  const refunds: Amounts = new Map();
  const topUps: Amounts = new Map();
  const withdrawals: Amounts = new Map();
  const expected: Amounts = new Map([[PayTypeKey.cash, shift.floatFen]]);
  for (const p of settled) {
    const sign = p.kind === 'charge' ? 1 : -1;
    add(sign > 0 ? takings : refunds, p.payType, p.amountFen);
    if (payTypeBehaviour(p.payType) !== 'prepaid') add(expected, p.payType, sign * p.amountFen);
  }
  for (const p of entries) {
    const sign = p.kind === 'topUp' ? 1 : -1;
    add(sign > 0 ? topUps : withdrawals, p.payType, p.amountFen);
    add(expected, p.payType, sign * p.amountFen);
  }
  return {
    expected: list(expected),
    takings: list(takings),
    refunds: list(refunds),
    topUps: list(topUps),
    withdrawals: list(withdrawals),
    settlementCount: Number(counts?.settlements ?? 0),
    refundCount: Number(counts?.refunds ?? 0),
    totalFen: sumOf(list(takings), (x) => x.amountFen) - sumOf(list(refunds), (x) => x.amountFen),
  };
}

async function shiftRows(db: TxOrDb, shifts: Shift[]): Promise<ShiftRow[]> {
  const names = await userNames(
    db,
    shifts.flatMap((s) => [s.cashierId, s.handedTo]),
  );
  return shifts.map((s) => ({
    id: s.id,
    cashierId: s.cashierId,
    cashierName: names.get(s.cashierId) ?? '',
    status: s.status as ShiftRow['status'],
    floatFen: s.floatFen,
    openedAt: s.openedAt.toISOString(),
    closedAt: iso(s.closedAt),
    handedToName: s.handedTo ? (names.get(s.handedTo) ?? null) : null,
    acceptedAt: iso(s.acceptedAt),
    differenceFen: s.differenceFen,
    reopenedCount: s.reopenedCount,
  }));
}

async function shiftInfoOf(db: TxOrDb, s: Shift): Promise<ShiftInfo> {
  const [[row], report, counts] = await Promise.all([
    shiftRows(db, [s]),
    shiftReport(db, s),
    db
      .select()
      .from(billShiftCounts)
      .where(and(eq(billShiftCounts.shiftId, s.id), eq(billShiftCounts.closeNo, s.reopenedCount + 1)))
      .orderBy(billShiftCounts.id),
  ]);
  return {
    ...row!,
    report,
    counts: s.closedAt
      ? counts.map((c) => ({
          payType: c.payType,
          expectedFen: c.expectedFen,
          countedFen: c.countedFen,
          differenceFen: c.countedFen - c.expectedFen,
          reason: c.reason,
        }))
      : [],
    handedToId: s.handedTo,
  };
}

/** A shift of the organization the caller may see: their own, one handed to them, or any with the report permission. */
async function visibleShift(db: TxOrDb, scope: Scope, id: number, lock = false) {
  const where = and(eq(billShifts.id, id), eq(billShifts.organizationId, scope.organizationId));
  const [s] = lock
    ? await db.select().from(billShifts).where(where).for('update')
    : await db.select().from(billShifts).where(where);
  if (!s) throw missing('shiftNotFound');
  if (s.cashierId !== scope.userId && s.handedTo !== scope.userId && !scope.permissions.has(BillingPerm.report))
    throw missing('shiftNotFound');
  return s;
}

export async function currentShift(db: TxOrDb, scope: Scope) {
  const [s] = await db
    .select()
    .from(billShifts)
    .where(
      and(
        eq(billShifts.organizationId, scope.organizationId),
        eq(billShifts.cashierId, scope.userId),
        eq(billShifts.status, 'open'),
      ),
    );
  return s ? shiftInfoOf(db, s) : null;
}

export async function shiftInfo(db: TxOrDb, scope: Scope, id: number) {
  return shiftInfoOf(db, await visibleShift(db, scope, id));
}

/** Opens the caller's shift with a float (one open shift per cashier: the database refuses a second). */
export async function openShift(app: BillingHost, scope: Scope, input: { idempotencyKey: string; float: number }) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const answer = await once(tx, scope, input.idempotencyKey, 'shiftOpen', async () => {
      const [s] = await tx
        .insert(billShifts)
        .values({ organizationId: scope.organizationId, cashierId: scope.userId, floatFen: input.float, openedAt: now })
        .onConflictDoNothing()
        .returning();
      if (!s) throw refused('shiftAlreadyOpen');
      await tx
        .insert(billShiftEvents)
        .values({ shiftId: s.id, kind: 'open', userId: scope.userId, note: formatFen(input.float), createdAt: now });
      return { shift: await shiftInfoOf(tx, s) };
    });
    return answer.shift;
  });
}

/**
 * Closes the caller's open shift with the counted amount per pay type: every pay type with money expected must be
 * counted, and a difference needs its reason. The close and the flip to closed are one transaction; after it, no
 * settlement can be added to the shift (settling locks the open shift against this).
 */
export async function closeShift(app: BillingHost, scope: Scope, input: ShiftCloseInput) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const answer = await once(tx, scope, input.idempotencyKey, 'shiftClose', async () => {
      const [s] = await tx
        .select()
        .from(billShifts)
        .where(and(eq(billShifts.id, input.id), eq(billShifts.organizationId, scope.organizationId)))
        .for('update');
      if (!s) throw missing('shiftNotFound');
      if (s.cashierId !== scope.userId) throw forbidden('billing.shiftNotYours');
      if (s.status !== 'open') throw refused('shiftNotOpen');
      const report = await shiftReport(tx, s);
      const names = await payTypeNames(tx, scope);
      const counted = new Map(input.counts.map((c) => [c.payType, c]));
      const rows = [];
      for (const e of report.expected) {
        const c = counted.get(e.payType);
        const name = names.get(e.payType) ?? e.payType;
        if (!c) {
          if (e.amountFen !== 0) throw invalid('countMissing', { payType: name, expected: formatFen(e.amountFen) });
          continue;
        }
        const diff = c.counted - e.amountFen;
        if (diff !== 0 && !c.reason)
          throw invalid('countReasonRequired', { payType: name, difference: formatFen(diff) });
        rows.push({
          shiftId: s.id,
          payType: e.payType,
          expectedFen: e.amountFen,
          countedFen: c.counted,
          reason: c.reason ?? null,
          closeNo: s.reopenedCount + 1,
        });
        counted.delete(e.payType);
      }
      for (const c of counted.values()) {
        if (!names.has(c.payType)) throw invalid('payTypeUnknown', { payType: c.payType });
        if (c.counted !== 0 && !c.reason)
          throw invalid('countReasonRequired', { payType: names.get(c.payType)!, difference: formatFen(c.counted) });
        rows.push({
          shiftId: s.id,
          payType: c.payType,
          expectedFen: 0,
          countedFen: c.counted,
          reason: c.reason ?? null,
          closeNo: s.reopenedCount + 1,
        });
      }
      if (rows.length) await tx.insert(billShiftCounts).values(rows);
      const difference = sumOf(rows, (r) => r.countedFen - r.expectedFen);
      const [closed] = await tx
        .update(billShifts)
        .set({ status: 'closed', closedAt: now, differenceFen: difference })
        .where(eq(billShifts.id, s.id))
        .returning();
      await tx
        .insert(billShiftEvents)
        .values({ shiftId: s.id, kind: 'close', userId: scope.userId, note: formatFen(difference), createdAt: now });
      return { shift: await shiftInfoOf(tx, closed!) };
    });
    return answer.shift;
  });
}

/** Who may receive a handover: the organization's cashiers, finance and administrators, not the caller. */
export async function receivers(db: TxOrDb, scope: Scope) {
  return (await staffWithRoles(db, scope.organizationId, RECEIVER_ROLES, { order: 'name-id' })).filter(
    (u) => u.id !== scope.userId,
  );
}

/** Hands a closed shift to the next cashier or finance; it is theirs once they accept it. */
export async function handOver(app: BillingHost, scope: Scope, input: { id: number; toUserId: number }) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const s = await visibleShift(tx, scope, input.id, true);
    if (s.cashierId !== scope.userId) throw forbidden('billing.shiftNotYours');
    if (s.status !== 'closed') throw refused('shiftNotClosed');
    if (!(await receivers(tx, scope)).some((u) => u.id === input.toUserId)) throw invalid('receiverInvalid');
    const [row] = await tx
      .update(billShifts)
      .set({ handedTo: input.toUserId })
      .where(eq(billShifts.id, s.id))
      .returning();
    await tx
      .insert(billShiftEvents)
      .values({ shiftId: s.id, kind: 'handover', userId: scope.userId, note: String(input.toUserId), createdAt: now });
    return shiftInfoOf(tx, row!);
  });
}

/** The receiver accepts a handover. */
export async function acceptHandover(app: BillingHost, scope: Scope, id: number) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const s = await visibleShift(tx, scope, id, true);
    // the shift's state first (an open shift has nothing to accept), then whose it is to accept
    if (s.status === 'open') throw refused('shiftNotClosed');
    if (s.status !== 'closed') throw refused('shiftAlreadyAccepted');
    if (s.handedTo !== scope.userId) throw forbidden('billing.shiftNotHandedToYou');
    const [row] = await tx
      .update(billShifts)
      .set({ status: 'handedOver', acceptedAt: now })
      .where(eq(billShifts.id, s.id))
      .returning();
    await tx.insert(billShiftEvents).values({ shiftId: s.id, kind: 'accept', userId: scope.userId, createdAt: now });
    return shiftInfoOf(tx, row!);
  });
}

/** A supervisor (not the cashier) reopens a closed shift, with the reason; the earlier counts stay, superseded. */
export async function reopenShift(app: BillingHost, scope: Scope, input: { id: number; reason: string }) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const s = await visibleShift(tx, scope, input.id, true);
    if (s.cashierId === scope.userId) throw forbidden('billing.shiftReopenSelf');
    if (s.status === 'open') throw refused('shiftNotClosed');
    const [row] = await tx
      .update(billShifts)
      .set({
        status: 'open',
        closedAt: null,
        differenceFen: null,
        handedTo: null,
        acceptedAt: null,
        reopenedCount: s.reopenedCount + 1,
      })
      .where(eq(billShifts.id, s.id))
      .returning()
      .catch(() => {
        throw refused('shiftAlreadyOpen');
      });
    await tx
      .insert(billShiftEvents)
      .values({ shiftId: s.id, kind: 'reopen', userId: scope.userId, note: input.reason, createdAt: now });
    return shiftInfoOf(tx, row!);
  });
}

/** Shifts, newest first: the caller's own (and those handed to them); everyone's with the report permission. */
export async function listShifts(db: TxOrDb, scope: Scope, q: ShiftListQuery) {
  const tz = clinicTimeZone();
  const all = scope.permissions.has(BillingPerm.report);
  const cond = and(
    eq(billShifts.organizationId, scope.organizationId),
    all
      ? q.cashierId
        ? eq(billShifts.cashierId, q.cashierId)
        : undefined
      : sql`(${billShifts.cashierId} = ${scope.userId} OR ${billShifts.handedTo} = ${scope.userId})`,
    q.from ? gte(billShifts.openedAt, sql`(${q.from}::date)::timestamp AT TIME ZONE ${tz}`) : undefined,
    q.to ? lt(billShifts.openedAt, sql`(${q.to}::date + 1)::timestamp AT TIME ZONE ${tz}`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(billShifts)
      .where(cond)
      .orderBy(desc(billShifts.openedAt), desc(billShifts.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(billShifts).where(cond),
  ]);
  return { list: await shiftRows(db, rows), total: Number(total!.n) };
}
