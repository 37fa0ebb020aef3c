import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  PayStatus,
  RoleId,
  formatFen,
  nextPayStatus,
  payTypeBehaviour,
  PayTypeKey,
  type RefundExecuteInput,
  type RefundListQuery,
  type RefundRequestInput,
  type WithdrawRequestInput,
} from '@rehab/shared';
import type { Tx, TxOrDb } from '../../db/client';
import { forbidden, AppError } from '../../http/errors';
import { clinicTimeZone } from '../../kernel/clock';
import { localName, localNameSql } from '../../kernel/local-name';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { projectFact } from '../patients';
import { roleNames, staffWithRoles } from '../roles';
import { recordSignature, signRecord } from '../signatures';
import { userNames } from '../users';
import { appendEntry, lockAccount } from './billing.account';
import { patientOrMissing } from './billing.charges';
import {
  Account,
  invalid,
  missing,
  nextReceiptNo,
  settlementIdAndNumber,
  once,
  openShiftOf,
  post,
  refused,
  sumOf,
  yearOf,
  type Scope,
  type BillingHost,
  tell,
} from './billing.kernel';
import { executedUnits, mayDecide, refundFacts, refundRequestRows } from './billing.read';
import { checkPayments, settlementJournal } from './billing.settle';
import { entitlementOfCharge } from './billing.packages';
import { shiftReport } from './billing.shifts';
import {
  billCharges,
  billPayments,
  billReceipts,
  billRefundRequestLines,
  billRefundRequests,
  billRefundRules,
  billSettlementLines,
  billSettlements,
} from './billing.tables';

/** The approval rules of an organization, lowest amount first; the default when it has none. */
export async function refundRules(db: TxOrDb, organizationId: number) {
  const rows = await db
    .select({ minAmountFen: billRefundRules.minAmountFen, roleId: billRefundRules.roleId })
    .from(billRefundRules)
    .where(eq(billRefundRules.organizationId, organizationId))
    .orderBy(asc(billRefundRules.minAmountFen));
  // by default finance decides, and from 2,000 yuan the organization administrator (科主任/财务科负责人)
  return rows.length
    ? rows
    : [
        { minAmountFen: 0, roleId: RoleId.finance },
        { minAmountFen: 200_000, roleId: RoleId.orgAdmin },
      ];
}

export async function refundRuleRows(db: TxOrDb, scope: Scope) {
  const rules = await refundRules(db, scope.organizationId);
  const names = await roleNames(
    db,
    rules.map((r) => r.roleId),
    scope.locale,
  );
  return rules.map((r) => ({ ...r, roleName: names.get(r.roleId) ?? String(r.roleId) }));
}

export async function saveRefundRules(app: BillingHost, scope: Scope, rules: { minAmount: number; roleId: number }[]) {
  const sorted = [...rules].sort((a, b) => a.minAmount - b.minAmount);
  if (sorted[0]!.minAmount !== 0) throw invalid('ruleFromZero');
  const names = await roleNames(
    app.db,
    sorted.map((r) => r.roleId),
  );
  for (const r of sorted) if (!names.has(r.roleId)) throw invalid('ruleRoleUnknown', { roleId: r.roleId });
  await runUnitOfWork(app, async ({ tx }) => {
    await tx.delete(billRefundRules).where(eq(billRefundRules.organizationId, scope.organizationId));
    const unique = [...new Map(sorted.map((r) => [r.minAmount, r])).values()];
    await tx
      .insert(billRefundRules)
      .values(
        unique.map((r) => ({ organizationId: scope.organizationId, minAmountFen: r.minAmount, roleId: r.roleId })),
      );
  });
}

const approverFor = (rules: { minAmountFen: number; roleId: number }[], amountFen: number) =>
  [...rules].reverse().find((r) => r.minAmountFen <= amountFen)!.roleId;

async function requestRow(tx: TxOrDb, scope: Scope, id: number) {
  const [r] = await tx.select().from(billRefundRequests).where(eq(billRefundRequests.id, id));
  return (await refundRequestRows(tx, scope, [r!]))[0]!;
}

/**
 * What refunding `quantity` of a line of a settlement gives back: its share of the settlement's total (discounts
 * and round-off spread over the lines by amount), the last refund of a settlement taking exactly what is left.
 */
function refundShare(
  line: { amountFen: number },
  quantity: number,
  lineQuantity: number,
  gross: number,
  total: number,
) {
  if (gross <= 0) return 0;
  return Math.round((((line.amountFen * quantity) / lineQuantity) * total) / gross);
}

/**
 * Refuses to pay out more cash than the cashier's drawer holds now (the float plus the shift's cash takings and
 * top-ups less what it has paid out): the cash would have to come from somewhere the shift cannot account for.
 */
async function checkDrawer(
  tx: Tx,
  shift: { id: number; floatFen: number },
  payments: readonly { payType: string; amountFen: number }[],
) {
  const cash = sumOf(
    payments.filter((p) => payTypeBehaviour(p.payType) === 'cash'),
    (p) => p.amountFen,
  );
  if (cash <= 0) return;
  const { expected } = await shiftReport(tx, shift);
  const drawer = expected.find((e) => e.payType === PayTypeKey.cash)?.amountFen ?? 0;
  if (cash > drawer) throw refused('refundCashShort', { drawer: formatFen(drawer), amount: formatFen(cash) });
}

/**
 * Asks for a refund of lines and quantities of a charge settlement. Refused: more than is left to refund, a
 * session already executed (completed or signed work orders), a settlement that already has a request in
 * progress. The lines go to refund pending (4); the approvers hear of it.
 */
export async function requestRefund(app: BillingHost, scope: Scope, input: RefundRequestInput) {
  return runUnitOfWork(app, async ({ tx, now, afterCommit }) => {
    const answer = await once(tx, scope, input.idempotencyKey, 'refundRequest', async () => {
      const [s] = await tx
        .select()
        .from(billSettlements)
        .where(
          and(eq(billSettlements.id, input.settlementId), eq(billSettlements.organizationId, scope.organizationId)),
        )
        .for('update');
      if (!s) throw missing('settlementNotFound');
      if (s.kind !== 'charge') throw refused('refundNotReversible');
      const open = await tx
        .select({ id: billRefundRequests.id })
        .from(billRefundRequests)
        .where(
          and(eq(billRefundRequests.settlementId, s.id), inArray(billRefundRequests.status, ['pending', 'approved'])),
        );
      if (open.length) throw refused('refundPendingExists');
      const settled = await tx
        .select({ line: billSettlementLines, charge: billCharges })
        .from(billSettlementLines)
        .innerJoin(billCharges, eq(billCharges.id, billSettlementLines.chargeId))
        .where(eq(billSettlementLines.settlementId, s.id))
        .for('update', { of: billCharges });
      const gross = sumOf(
        settled.filter((x) => x.line.amountFen > 0),
        (x) => x.line.amountFen,
      );
      const facts = await refundFacts(
        tx,
        settled.map((x) => x.charge.id),
      );
      const executed = await executedUnits(
        tx,
        settled.map((x) => x.charge),
      );
      const refundedBefore = sumOf([...facts.refunded.values()], (f) => f.fen);
      const wanted = new Map<number, number>();
      for (const l of input.lines) wanted.set(l.chargeId, (wanted.get(l.chargeId) ?? 0) + l.quantity);
      const lines: { chargeId: number; quantity: number; amountFen: number; prevStatus: number }[] = [];
      let leftAfter = 0;
      for (const { line, charge } of settled) {
        if (line.amountFen <= 0) continue;
        const refunded = facts.refunded.get(charge.id)?.q ?? 0;
        const remaining = line.quantity - refunded;
        const q = wanted.get(charge.id);
        wanted.delete(charge.id);
        leftAfter += remaining - (q ?? 0);
        if (q === undefined) continue;
        if (q > remaining)
          throw refused('refundTooMuch', {
            name: localName(scope.locale, charge.name, charge.nameEn),
            remaining: Math.max(remaining, 0),
          });
        // executed sessions stay paid: a project line keeps (dosage a session x executed sessions) units
        const sessions = charge.sourceType === 'project' ? (executed.get(charge.projectId!) ?? 0) : 0;
        const perSession =
          charge.sourceType === 'project'
            ? ((await projectFact(tx, scope.organizationId, charge.projectId!))?.quantity ?? 1)
            : 0;
        const done = charge.sourceType === 'workOrder' ? line.quantity : Math.min(line.quantity, sessions * perSession);
        if (q > line.quantity - refunded - done)
          throw refused('refundExecuted', {
            name: localName(scope.locale, charge.name, charge.nameEn),
            executed: charge.sourceType === 'workOrder' ? 1 : sessions,
          });
        const next = nextPayStatus(charge.payStatus, 'requestRefund');
        if (next === null)
          throw refused('chargeNotPayable', { name: localName(scope.locale, charge.name, charge.nameEn) });
        let amountFen = refundShare(line, q, line.quantity, gross, s.totalFen);
        // a package gives back the unused sessions' part of what was paid for it; the used ones stay paid
        const pkg = charge.sourceType === 'package' ? await entitlementOfCharge(tx, charge.id) : null;
        if (pkg && pkg.used > 0) {
          if (pkg.used >= pkg.sessionsTotal)
            throw refused('refundExecuted', {
              name: localName(scope.locale, charge.name, charge.nameEn),
              executed: pkg.used,
            });
          amountFen = Math.round((amountFen * (pkg.sessionsTotal - pkg.used)) / pkg.sessionsTotal);
          leftAfter += 1;
        }
        lines.push({ chargeId: charge.id, quantity: q, amountFen, prevStatus: charge.payStatus });
      }
      if (wanted.size) {
        const [unknown] = await tx
          .select({ name: localNameSql<string>(scope.locale, billCharges.name, billCharges.nameEn) })
          .from(billCharges)
          .where(eq(billCharges.id, [...wanted.keys()][0]!));
        throw invalid('refundLineUnknown', { name: unknown?.name ?? String([...wanted.keys()][0]) });
      }
      // the refund that empties the settlement gives back exactly what is left of it
      let amountFen = sumOf(lines, (l) => l.amountFen);
      if (leftAfter === 0) {
        const exact = s.totalFen - refundedBefore;
        lines[lines.length - 1]!.amountFen += exact - amountFen;
        amountFen = exact;
      }
      if (amountFen <= 0) throw refused('refundTooMuch', { name: settled[0]?.charge.name ?? '', remaining: 0 });
      const rules = await refundRules(tx, scope.organizationId);
      const [req] = await tx
        .insert(billRefundRequests)
        .values({
          organizationId: scope.organizationId,
          kind: 'refund',
          patientId: s.patientId,
          settlementId: s.id,
          amountFen,
          reasonCode: input.reasonCode as number,
          reason: input.reason,
          requesterId: scope.userId,
          approverRoleId: approverFor(rules, amountFen),
          createdAt: now,
        })
        .returning();
      await tx.insert(billRefundRequestLines).values(lines.map((l) => ({ ...l, requestId: req!.id })));
      for (const l of lines)
        await tx
          .update(billCharges)
          .set({ payStatus: PayStatus.refundPending, updatedAt: now })
          .where(eq(billCharges.id, l.chargeId));
      return { request: await requestRow(tx, scope, req!.id) };
    });
    if (!answer.replayed) afterCommit(() => tellApprovers(app, scope, answer.request));
    return answer.request;
  });
}

/** Asks to withdraw prepaid balance (退预交金): a request of its own, approved like a refund. */
export async function requestWithdraw(app: BillingHost, scope: Scope, input: WithdrawRequestInput) {
  return runUnitOfWork(app, async ({ tx, now, afterCommit }) => {
    const answer = await once(tx, scope, input.idempotencyKey, 'withdrawRequest', async () => {
      await patientOrMissing(tx, scope, input.patientId);
      const account = await lockAccount(tx, scope.organizationId, input.patientId);
      const pending = await tx
        .select({ amount: billRefundRequests.amountFen })
        .from(billRefundRequests)
        .where(
          and(
            eq(billRefundRequests.patientId, input.patientId),
            eq(billRefundRequests.kind, 'withdraw'),
            inArray(billRefundRequests.status, ['pending', 'approved']),
          ),
        );
      const available = account.balanceFen - sumOf(pending, (p) => p.amount);
      if (input.amount > available) throw refused('withdrawTooMuch', { balance: formatFen(Math.max(available, 0)) });
      const rules = await refundRules(tx, scope.organizationId);
      const [req] = await tx
        .insert(billRefundRequests)
        .values({
          organizationId: scope.organizationId,
          kind: 'withdraw',
          patientId: input.patientId,
          amountFen: input.amount,
          reasonCode: 9,
          reason: input.reason,
          requesterId: scope.userId,
          approverRoleId: approverFor(rules, input.amount),
          createdAt: now,
        })
        .returning();
      return { request: await requestRow(tx, scope, req!.id) };
    });
    if (!answer.replayed) afterCommit(() => tellApprovers(app, scope, answer.request));
    return answer.request;
  });
}

async function tellApprovers(
  app: BillingHost,
  scope: Scope,
  r: {
    id: number;
    amountFen: number;
    patientName: string;
    requesterName: string;
    reason: string;
    approverRoleId: number;
  },
) {
  const approvers = await staffWithRoles(app.db, scope.organizationId, [r.approverRoleId]);
  await tell(app, {
    organizationId: scope.organizationId,
    userIds: approvers.map((u) => u.id).filter((id) => id !== scope.userId),
    category: 'cost',
    title: { key: 'billing.refundRequestedTitle' },
    content: {
      key: 'billing.refundRequestedContent',
      params: { requester: r.requesterName, patient: r.patientName, amount: formatFen(r.amountFen), reason: r.reason },
    },
    link: '/outpatient/refundApproval',
  });
}

async function lockRequest(tx: Tx, scope: Scope, id: number) {
  const [r] = await tx
    .select()
    .from(billRefundRequests)
    .where(and(eq(billRefundRequests.id, id), eq(billRefundRequests.organizationId, scope.organizationId)))
    .for('update');
  if (!r) throw missing('refundNotFound');
  return r;
}

/** Returns the request's lines to the state before it (1, or 5 for a further refund). */
async function restoreLines(tx: Tx, requestId: number, event: 'rejectRefund' | 'cancelRefund', now: Date) {
  const lines = await tx.select().from(billRefundRequestLines).where(eq(billRefundRequestLines.requestId, requestId));
  for (const l of lines) {
    const [c] = await tx.select().from(billCharges).where(eq(billCharges.id, l.chargeId)).for('update');
    const next = nextPayStatus(c!.payStatus, event, l.prevStatus);
    if (next !== null)
      await tx.update(billCharges).set({ payStatus: next, updatedAt: now }).where(eq(billCharges.id, l.chargeId));
  }
}

/**
 * Approves or rejects a pending request. The decider holds the approval permission and the role the amount rule
 * names (or is an administrator), and is never the requester (checked here and by the database).
 */
export async function decideRefund(
  app: BillingHost,
  scope: Scope,
  input: { idempotencyKey: string; id: number; note?: string; signLater?: boolean },
  approve: boolean,
) {
  return runUnitOfWork(app, async ({ tx, now, afterCommit }) => {
    const answer = await once(tx, scope, input.idempotencyKey, approve ? 'refundApprove' : 'refundReject', async () => {
      const r = await lockRequest(tx, scope, input.id);
      if (r.requesterId === scope.userId) throw forbidden('billing.refundSelfApprove');
      if (r.status !== 'pending') throw refused('refundNotPending');
      if (!mayDecide(scope, r)) {
        const names = await roleNames(tx, [r.approverRoleId], scope.locale);
        throw new AppError(403, 'billing.refundRoleRequired', {
          role: names.get(r.approverRoleId) ?? String(r.approverRoleId),
        });
      }
      await tx
        .update(billRefundRequests)
        .set({
          status: approve ? 'approved' : 'rejected',
          decidedBy: scope.userId,
          decidedAt: now,
          decisionNote: input.note ?? null,
        })
        .where(eq(billRefundRequests.id, r.id));
      if (!approve) await restoreLines(tx, r.id, 'rejectRefund', now);
      const request = await requestRow(tx, scope, r.id);
      // with CA on, the decision is signed as it is made, or the whole decision is refused (no certificate, no
      // provider): the decider may choose not to sign now, and sign it later
      if (scope.caIntegration && !input.signLater) await signDecision(tx, scope, request, now);
      return { request };
    });
    if (!answer.replayed) {
      const r = answer.request;
      afterCommit(async () => {
        const decider = (await userNames(app.db, [scope.userId])).get(scope.userId) ?? '';
        await tell(app, {
          organizationId: scope.organizationId,
          userIds: [r.requesterId],
          category: 'cost',
          title: { key: approve ? 'billing.refundApprovedTitle' : 'billing.refundRejectedTitle' },
          content: {
            key: approve ? 'billing.refundApprovedContent' : 'billing.refundRejectedContent',
            params: { patient: r.patientName, amount: formatFen(r.amountFen), decider },
          },
          link: '/outpatient/refundApproval',
        });
      });
    }
    return answer.request;
  });
}

/**
 * What a refund decision's signature covers: the request as decided (amount, lines, reason, requester, approver role)
 * and the decision itself (approved or rejected, by whom, when, the note). Payment after approval changes none of it.
 */
async function decisionSnapshot(db: TxOrDb, id: number) {
  const [r] = await db.select().from(billRefundRequests).where(eq(billRefundRequests.id, id));
  const lines = await db
    .select({
      chargeId: billRefundRequestLines.chargeId,
      quantity: billRefundRequestLines.quantity,
      amountFen: billRefundRequestLines.amountFen,
    })
    .from(billRefundRequestLines)
    .where(eq(billRefundRequestLines.requestId, id))
    .orderBy(asc(billRefundRequestLines.id));
  return {
    requestId: r!.id,
    kind: r!.kind,
    patientId: r!.patientId,
    settlementId: r!.settlementId,
    amountFen: r!.amountFen,
    reasonCode: r!.reasonCode,
    reason: r!.reason,
    requesterId: r!.requesterId,
    approverRoleId: r!.approverRoleId,
    decision: r!.status === 'rejected' ? 'rejected' : 'approved',
    decidedBy: r!.decidedBy,
    decidedAt: r!.decidedAt?.toISOString() ?? null,
    note: r!.decisionNote,
    lines,
  };
}

type RequestRow = Awaited<ReturnType<typeof requestRow>>;

async function signDecision(tx: Tx, scope: Scope, request: RequestRow, now: Date) {
  await signRecord(tx, {
    organizationId: scope.organizationId,
    kind: 'refundDecision',
    recordId: request.id,
    label: `${request.patientName} ${formatFen(request.amountFen)}`,
    patientId: request.patientId,
    patientName: request.patientName,
    signerId: scope.userId,
    snapshot: await decisionSnapshot(tx, request.id),
    method: 'ca',
    caIntegration: scope.caIntegration === true,
    now,
  });
}

/**
 * The decider signs a decision made without signing (not signing temporarily), or signs it again: a new signature
 * supersedes the last. Only the one who decided signs; a pending or withdrawn request has nothing to sign.
 */
export async function signRefundDecision(app: BillingHost, scope: Scope, id: number) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const r = await lockRequest(tx, scope, id);
    if (r.status === 'pending' || r.status === 'cancelled') throw refused('refundNotDecided');
    if (r.decidedBy !== scope.userId) throw refused('refundSignNotDecider');
    await signDecision(tx, scope, await requestRow(tx, scope, id), now);
  });
  return refundSignature(app.db, scope, id);
}

/** A decision's latest signature, verified against the request as it is now: valid, or modified since signing. */
export async function refundSignature(db: TxOrDb, scope: Scope, id: number) {
  const [r] = await db
    .select({ status: billRefundRequests.status, decidedBy: billRefundRequests.decidedBy })
    .from(billRefundRequests)
    .where(and(eq(billRefundRequests.id, id), eq(billRefundRequests.organizationId, scope.organizationId)));
  if (!r) throw missing('refundNotFound');
  const state = await recordSignature(db, {
    organizationId: scope.organizationId,
    userId: scope.userId,
    kind: 'refundDecision',
    recordId: id,
    current: await decisionSnapshot(db, id),
    caIntegration: scope.caIntegration === true,
  });
  // only the decider signs, and only a decision
  const decided = r.status !== 'pending' && r.status !== 'cancelled';
  return { ...state, canSign: state.canSign && decided && r.decidedBy === scope.userId };
}

/** The requester withdraws a request not yet decided; its lines return to where they were. */
export async function cancelRefund(app: BillingHost, scope: Scope, input: { idempotencyKey: string; id: number }) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const answer = await once(tx, scope, input.idempotencyKey, 'refundCancel', async () => {
      const r = await lockRequest(tx, scope, input.id);
      if (r.requesterId !== scope.userId) throw forbidden('billing.refundNotRequester');
      if (r.status !== 'pending') throw refused('refundNotPending');
      await tx
        .update(billRefundRequests)
        .set({ status: 'cancelled', decidedAt: now })
        .where(eq(billRefundRequests.id, r.id));
      await restoreLines(tx, r.id, 'cancelRefund', now);
      return { request: await requestRow(tx, scope, r.id) };
    });
    return answer.request;
  });
}

/**
 * Pays out an approved request from the caller's open shift. A refund writes a reversal settlement (its lines and
 * payments name the originals; by default the money goes back the way it came, prepaid to the account), voids the
 * receipt in force and, when something is left, re-issues a receipt for the remainder (补开收据); the lines become
 * partly (5) or fully (6) refunded. A withdrawal takes the balance out of the account and pays it.
 */
export async function executeRefund(app: BillingHost, scope: Scope, input: RefundExecuteInput) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const answer = await once(tx, scope, input.idempotencyKey, 'refundExecute', async () => {
      // the shift row is held until commit: two payouts from one drawer are checked one after the other
      const shift = await openShiftOf(tx, scope, 'update');
      const r = await lockRequest(tx, scope, input.id);
      if (r.status !== 'approved') throw refused('refundNotApproved');
      const year = yearOf(now, clinicTimeZone());
      if (r.kind === 'withdraw') {
        const account = await lockAccount(tx, scope.organizationId, r.patientId);
        if (account.balanceFen < r.amountFen)
          throw refused('withdrawTooMuch', { balance: formatFen(account.balanceFen) });
        const payments = input.payments?.length
          ? await checkPayments(tx, scope, input.payments, r.amountFen)
          : [{ payType: PayTypeKey.cash, amountFen: r.amountFen, tenderedFen: null, changeFen: 0, outTradeNo: null }];
        if (payments.some((p) => payTypeBehaviour(p.payType) === 'prepaid'))
          throw invalid('payTypeUnknown', { payType: PayTypeKey.prepaid });
        await checkDrawer(tx, shift, payments);
        const entry = await appendEntry(tx, account, {
          kind: 'withdraw',
          amountFen: -r.amountFen,
          payType: payments[0]!.payType,
          refundRequestId: r.id,
          shiftId: shift.id,
          operatorId: scope.userId,
          at: now,
        });
        await tx
          .insert(billPayments)
          .values(payments.map((p) => ({ ...p, tenderedFen: null, changeFen: 0, accountEntryId: entry.id })));
        await post(
          tx,
          {
            organizationId: scope.organizationId,
            kind: 'withdraw',
            accountEntryId: entry.id,
            cashierId: scope.userId,
            at: now,
          },
          [
            { account: Account.prepaid, debitFen: r.amountFen },
            ...payments.map((p) => ({ account: Account.clearing(p.payType), creditFen: p.amountFen })),
          ],
        );
        await tx
          .update(billRefundRequests)
          .set({ status: 'executed', executedAt: now })
          .where(eq(billRefundRequests.id, r.id));
        return { request: await requestRow(tx, scope, r.id) };
      }

      const [original] = await tx.select().from(billSettlements).where(eq(billSettlements.id, r.settlementId!));
      const reqLines = await tx
        .select({ l: billRefundRequestLines, c: billCharges })
        .from(billRefundRequestLines)
        .innerJoin(billCharges, eq(billCharges.id, billRefundRequestLines.chargeId))
        .where(eq(billRefundRequestLines.requestId, r.id))
        .orderBy(asc(billRefundRequestLines.id));
      // the money goes back the way it came: each original payment gives back at most what it has not yet given
      const originals = await tx
        .select()
        .from(billPayments)
        .where(eq(billPayments.settlementId, original!.id))
        .orderBy(desc(billPayments.id));
      const givenBack = originals.length
        ? await tx
            .select({ originalPaymentId: billPayments.originalPaymentId, amountFen: billPayments.amountFen })
            .from(billPayments)
            .where(
              inArray(
                billPayments.originalPaymentId,
                originals.map((p) => p.id),
              ),
            )
        : [];
      let payments: {
        payType: string;
        amountFen: number;
        tenderedFen: null;
        changeFen: number;
        outTradeNo: string | null;
        originalPaymentId: number | null;
      }[];
      if (input.payments?.length) {
        // the refund's own wording for a wrong total; any other refusal of the payments (an unknown pay type, a scan
        // without its trade number) comes through as checkPayments says it
        const paid = sumOf(input.payments, (p) => p.amount);
        if (paid !== r.amountFen)
          throw invalid('refundPaymentsMismatch', { paid: formatFen(paid), due: formatFen(r.amountFen) });
        const checked = await checkPayments(tx, scope, input.payments, r.amountFen);
        payments = checked.map((p) => ({
          ...p,
          tenderedFen: null,
          changeFen: 0,
          originalPaymentId: originals.find((o) => o.payType === p.payType)?.id ?? null,
        }));
      } else {
        let left = r.amountFen;
        payments = [];
        for (const o of originals) {
          if (left <= 0) break;
          const room =
            o.amountFen -
            sumOf(
              givenBack.filter((g) => g.originalPaymentId === o.id),
              (g) => g.amountFen,
            );
          const take = Math.min(room, left);
          if (take <= 0) continue;
          payments.push({
            payType: o.payType,
            amountFen: take,
            tenderedFen: null,
            changeFen: 0,
            outTradeNo: o.outTradeNo,
            originalPaymentId: o.id,
          });
          left -= take;
        }
        if (left > 0)
          payments.push({
            payType: PayTypeKey.cash,
            amountFen: left,
            tenderedFen: null,
            changeFen: 0,
            outTradeNo: null,
            originalPaymentId: null,
          });
      }
      await checkDrawer(tx, shift, payments);
      const [rev] = await tx
        .insert(billSettlements)
        .values({
          ...(await settlementIdAndNumber(tx, 'TF', year)),
          organizationId: scope.organizationId,
          kind: 'reversal',
          patientId: original!.patientId,
          treatmentId: original!.treatmentId,
          totalFen: r.amountFen,
          reversalOf: original!.id,
          refundRequestId: r.id,
          cashierId: scope.userId,
          shiftId: shift.id,
          remark: r.reason,
          createdAt: now,
        })
        .returning();
      await tx.insert(billSettlementLines).values(
        reqLines.map(({ l }) => ({
          settlementId: rev!.id,
          chargeId: l.chargeId,
          quantity: l.quantity,
          amountFen: l.amountFen,
        })),
      );
      await tx.insert(billPayments).values(payments.map((p) => ({ ...p, settlementId: rev!.id })));
      const prepaid = sumOf(
        payments.filter((p) => payTypeBehaviour(p.payType) === 'prepaid'),
        (p) => p.amountFen,
      );
      if (prepaid > 0) {
        const account = await lockAccount(tx, scope.organizationId, original!.patientId);
        await appendEntry(tx, account, {
          kind: 'refundToAccount',
          amountFen: prepaid,
          payType: PayTypeKey.prepaid,
          settlementId: rev!.id,
          refundRequestId: r.id,
          shiftId: shift.id,
          operatorId: scope.userId,
          at: now,
        });
      }
      const facts = await refundFacts(
        tx,
        reqLines.map(({ c }) => c.id),
      );
      for (const { c } of reqLines) {
        const [settledLine] = await tx
          .select({ quantity: billSettlementLines.quantity })
          .from(billSettlementLines)
          .where(and(eq(billSettlementLines.settlementId, original!.id), eq(billSettlementLines.chargeId, c.id)));
        const full = (facts.refunded.get(c.id)?.q ?? 0) >= settledLine!.quantity;
        await tx
          .update(billCharges)
          .set({ payStatus: nextPayStatus(c.payStatus, full ? 'refundFully' : 'refundPartly')!, updatedAt: now })
          .where(eq(billCharges.id, c.id));
      }
      // the receipt in force is voided; what is left of the settlement gets a receipt of its own
      const [inForce] = await tx
        .select()
        .from(billReceipts)
        .where(and(eq(billReceipts.settlementId, original!.id)))
        .orderBy(desc(billReceipts.id))
        .limit(1)
        .for('update');
      const reversals = await tx
        .select({ total: billSettlements.totalFen })
        .from(billSettlements)
        .where(eq(billSettlements.reversalOf, original!.id));
      const left = original!.totalFen - sumOf(reversals, (x) => x.total);
      if (inForce && !inForce.voidedAt) {
        await tx
          .update(billReceipts)
          .set({ voidedAt: now, voidReason: rev!.settlementNo })
          .where(eq(billReceipts.id, inForce.id));
        if (left > 0)
          await tx.insert(billReceipts).values({
            organizationId: scope.organizationId,
            receiptNo: nextReceiptNo(scope.organizationId, year),
            kind: 'reissue',
            settlementId: original!.id,
            amountFen: left,
            replacesId: inForce.id,
            cashierId: scope.userId,
            shiftId: shift.id,
            createdAt: now,
          });
      }
      await post(
        tx,
        {
          organizationId: scope.organizationId,
          kind: 'refund',
          settlementId: rev!.id,
          cashierId: scope.userId,
          at: now,
        },
        settlementJournal(
          reqLines.map(({ l, c }) => ({ category: c.category, amountFen: l.amountFen, sourceType: c.sourceType })),
          payments,
          -1,
        ),
      );
      await tx
        .update(billRefundRequests)
        .set({ status: 'executed', executedAt: now, executedSettlementId: rev!.id })
        .where(eq(billRefundRequests.id, r.id));
      return { request: await requestRow(tx, scope, r.id) };
    });
    return answer.request;
  });
}

/** Requests of the organization, newest first (a status, a patient). */
export async function listRefunds(db: TxOrDb, scope: Scope, q: RefundListQuery) {
  const cond = and(
    eq(billRefundRequests.organizationId, scope.organizationId),
    q.status ? eq(billRefundRequests.status, q.status) : undefined,
    q.patientId ? eq(billRefundRequests.patientId, q.patientId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(billRefundRequests)
      .where(cond)
      .orderBy(desc(billRefundRequests.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(billRefundRequests).where(cond),
  ]);
  return { list: await refundRequestRows(db, scope, rows), total: Number(total!.n) };
}
