import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { ChargeSource, PayStatus, type EntitlementRow, type EntitlementUseInput } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { on } from '../../kernel/events';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { rowNames } from '../master-data';
import { projectFact, projectsOfPatient, type ProjectFact } from '../patients';
import { workOrderFact, workOrderFactsByIds } from '../work-orders';
import {
  liveChargesOfProject,
  lockProject,
  missing,
  once,
  refused,
  type BillingHost,
  type Scope,
} from './billing.kernel';
import { billCharges, billEntitlementUses, billEntitlements } from './billing.tables';

/**
 * Packages and course cards (疗程卡): a package sold on the bill entitles the patient to its sessions; the cashier
 * pays completed work orders with them instead of money (划卡), one session each; the unused part refunds
 * prorated (billing.refunds). A work order is paid once: by money (a work-order or per-course charge of its
 * project) or by a package session, never both; the project's advisory lock serializes the two.
 */

/** The day a package sold now stops being valid (after `validDays` days), or null when it never expires. */
export const packageValidUntil = (now: Date, validDays: number | null) =>
  validDays === null ? null : new Date(now.getTime() + validDays * 86_400_000);

/** A use that still holds its session (not returned by a withdrawn execution). */
const liveUse = isNull(billEntitlementUses.returnedAt);

/** Sessions used per entitlement (returned ones not counted). */
export async function sessionsUsed(db: TxOrDb, entitlementIds: readonly number[]) {
  if (!entitlementIds.length) return new Map<number, number>();
  const rows = await db
    .select({ id: billEntitlementUses.entitlementId, n: count() })
    .from(billEntitlementUses)
    .where(and(inArray(billEntitlementUses.entitlementId, [...entitlementIds]), liveUse))
    .groupBy(billEntitlementUses.entitlementId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The entitlement a package charge line created, with its sessions used, or null (not a package line). */
export async function entitlementOfCharge(db: TxOrDb, chargeId: number) {
  const [e] = await db.select().from(billEntitlements).where(eq(billEntitlements.chargeId, chargeId));
  if (!e) return null;
  return { ...e, used: (await sessionsUsed(db, [e.id])).get(e.id) ?? 0 };
}

/** Sessions used of the packages that package charge lines (of `chargeIds`) sold, by charge. */
export async function sessionsUsedByCharge(db: TxOrDb, chargeIds: readonly number[]) {
  if (!chargeIds.length) return new Map<number, number>();
  const rows = await db
    .select({ chargeId: billEntitlements.chargeId, n: count(billEntitlementUses.id) })
    .from(billEntitlements)
    .innerJoin(billEntitlementUses, and(eq(billEntitlementUses.entitlementId, billEntitlements.id), liveUse))
    .where(inArray(billEntitlements.chargeId, [...chargeIds]))
    .groupBy(billEntitlements.chargeId);
  return new Map(rows.map((r) => [r.chargeId, Number(r.n)]));
}

/** Work orders (of `ids`) and projects paid by package sessions: not to be charged again. */
export async function packagePaid(db: TxOrDb, by: { workOrderIds?: number[]; projectIds?: number[] }) {
  const w = by.workOrderIds ?? [];
  const p = by.projectIds ?? [];
  const [orders, projects] = await Promise.all([
    w.length
      ? db
          .select({ id: billEntitlementUses.workOrderId })
          .from(billEntitlementUses)
          .where(and(inArray(billEntitlementUses.workOrderId, w), liveUse))
      : [],
    p.length
      ? db
          .selectDistinct({ id: billEntitlementUses.projectId })
          .from(billEntitlementUses)
          .where(and(inArray(billEntitlementUses.projectId, p), liveUse))
      : [],
  ]);
  return { workOrders: new Set(orders.map((r) => r.id)), projects: new Set(projects.map((r) => r.id!)) };
}

/**
 * A project's name in the reader's language: on English screens its template's English name where one is filled in
 * (the prescription keeps the Chinese name it was written with).
 */
export async function projectNamer(db: TxOrDb, scope: Scope, projects: readonly ProjectFact[]) {
  const english =
    scope.locale === 'en'
      ? new Map(
          (
            await rowNames(
              db,
              'projectTemplate',
              projects.flatMap((p) => (p.templateId === null ? [] : [p.templateId])),
              'en',
            )
          ).map((r) => [r.id, r.name]),
        )
      : null;
  return (p: ProjectFact) => (p.templateId !== null && english?.get(p.templateId)) || p.name;
}

function stateOf(
  e: typeof billEntitlements.$inferSelect,
  payStatus: number,
  used: number,
  now: Date,
): EntitlementRow['state'] {
  if (payStatus === PayStatus.refunded || payStatus === PayStatus.partlyRefunded) return 'refunded';
  if (payStatus !== PayStatus.paid && payStatus !== PayStatus.refundPending) return 'unpaid';
  if (used >= e.sessionsTotal) return 'usedUp';
  if (e.validUntil && e.validUntil < now) return 'expired';
  return 'active';
}

/** The packages a patient bought (not voided), newest first, with the sessions used. */
export async function entitlementRows(
  db: TxOrDb,
  scope: Scope,
  patientId: number,
  now: Date,
  ids?: number[],
): Promise<EntitlementRow[]> {
  const rows = await db
    .select({ e: billEntitlements, payStatus: billCharges.payStatus, nameEn: billCharges.nameEn })
    .from(billEntitlements)
    .innerJoin(billCharges, eq(billCharges.id, billEntitlements.chargeId))
    .where(
      and(
        eq(billEntitlements.organizationId, scope.organizationId),
        eq(billEntitlements.patientId, patientId),
        ids ? inArray(billEntitlements.id, ids) : undefined,
      ),
    )
    .orderBy(desc(billEntitlements.id));
  const live = rows.filter((r) => r.payStatus !== PayStatus.voided);
  if (!live.length) return [];
  const uses = await db
    .select()
    .from(billEntitlementUses)
    .where(
      inArray(
        billEntitlementUses.entitlementId,
        live.map((r) => r.e.id),
      ),
    )
    .orderBy(billEntitlementUses.id);
  const [orders, projects] = await Promise.all([
    workOrderFactsByIds(
      db,
      scope.organizationId,
      uses.map((u) => u.workOrderId),
    ),
    projectsOfPatient(db, scope.organizationId, patientId),
  ]);
  const nameOf = await projectNamer(db, scope, projects);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const projectById = new Map(projects.map((p) => [p.id, p]));
  return live.map(({ e, payStatus, nameEn }) => {
    const all = uses.filter((u) => u.entitlementId === e.id);
    const mine = all.filter((u) => u.returnedAt === null);
    return {
      id: e.id,
      chargeId: e.chargeId,
      name: (scope.locale === 'en' && nameEn) || e.name,
      sessionsTotal: e.sessionsTotal,
      sessionsUsed: mine.length,
      sessionsLeft: Math.max(e.sessionsTotal - mine.length, 0),
      pricePerSessionFen: e.pricePerSessionFen,
      validUntil: e.validUntil?.toISOString() ?? null,
      state: stateOf(e, payStatus, mine.length, now),
      uses: all.map((u) => {
        const o = orderById.get(u.workOrderId);
        const p = o ? projectById.get(o.projectId) : undefined;
        return {
          workOrderId: u.workOrderId,
          name: p ? nameOf(p) : `#${u.workOrderId}`,
          treatDate: o?.treatDate ?? null,
          usedAt: u.createdAt.toISOString(),
          returnedAt: u.returnedAt?.toISOString() ?? null,
        };
      }),
    };
  });
}

/**
 * Pays completed work orders with sessions of a package (划卡), all or none. Refused: a package not paid (or with a
 * refund asked), used up or expired; fewer sessions left than work orders; a work order not completed, of another
 * patient, already charged (per session or its project per course) or already paid by a package.
 */
export async function useEntitlement(app: BillingHost, scope: Scope, input: EntitlementUseInput) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const answer = await once(tx, scope, input.idempotencyKey, 'entitlementUse', async () => {
      const [e] = await tx
        .select({ e: billEntitlements, payStatus: billCharges.payStatus })
        .from(billEntitlements)
        .innerJoin(billCharges, eq(billCharges.id, billEntitlements.chargeId))
        .where(
          and(eq(billEntitlements.id, input.entitlementId), eq(billEntitlements.organizationId, scope.organizationId)),
        )
        .for('update', { of: billEntitlements });
      if (!e || e.payStatus === PayStatus.voided) throw missing('packageNotFound');
      const used = (await sessionsUsed(tx, [e.e.id])).get(e.e.id) ?? 0;
      const state = stateOf(e.e, e.payStatus, used, now);
      if (e.payStatus === PayStatus.refundPending) throw refused('packageRefundPending', { name: e.e.name });
      if (state !== 'active') throw refused(`package_${state}`, { name: e.e.name });
      const ids = [...new Set(input.workOrderIds)];
      if (ids.length > e.e.sessionsTotal - used)
        throw refused('packageSessionsShort', { name: e.e.name, left: e.e.sessionsTotal - used, wanted: ids.length });
      for (const id of ids) {
        const o = await workOrderFact(tx, scope.organizationId, id);
        if (!o || o.patientId !== e.e.patientId) throw missing('workOrderNotFound');
        if (o.status !== 3) throw refused('workOrderNotCompleted');
        const p = (await projectFact(tx, scope.organizationId, o.projectId))!;
        await lockProject(tx, p.id);
        const charged = await liveChargesOfProject(tx, scope, p.id);
        const live = charged.filter(
          (c) =>
            c.sourceType === ChargeSource.project || (c.sourceType === ChargeSource.workOrder && c.sourceId === id),
        );
        if (live.length) throw refused('alreadyCharged', { name: `${p.name}（${o.treatDate}）` });
        const [row] = await tx
          .insert(billEntitlementUses)
          .values({ entitlementId: e.e.id, workOrderId: id, projectId: p.id, operatorId: scope.userId, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: billEntitlementUses.id });
        if (!row) throw refused('packageSessionUsed', { name: `${p.name}（${o.treatDate}）` });
      }
      const [row] = await entitlementRows(tx, scope, e.e.patientId, now, [e.e.id]);
      return { entitlement: row! };
    });
    return answer.entitlement;
  });
}

/**
 * A withdrawn execution (撤回) gives its package session back: the use is stamped returned, in the withdrawal's
 * transaction, and the sessions left count it again. The order, executed again, is paid anew (by the package or by
 * money).
 */
export const packageSubscriptions = [
  on('workOrders.executionWithdrawn', async ({ tx, now }, { scope, workOrderIds }) => {
    if (!workOrderIds.length) return;
    await tx
      .update(billEntitlementUses)
      .set({ returnedAt: now, returnedBy: scope.userId })
      .where(and(inArray(billEntitlementUses.workOrderId, workOrderIds), liveUse));
  }),
];
