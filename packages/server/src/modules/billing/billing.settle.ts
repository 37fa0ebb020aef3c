import { localName } from '../../kernel/local-name';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ChargeSource,
  PayStatus,
  RevenueCategory,
  formatFen,
  isPayable,
  nextPayStatus,
  payTypeBehaviour,
  settlementAmounts,
  PayTypeKey,
  RoleId,
  type PaymentInput,
  type SettleInput,
} from '@rehab/shared';
import type { Tx, TxOrDb } from '../../db/client';
import { clinicTimeZone } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { dictionaryEntries } from '../dictionaries';
import { masterRow } from '../master-data';
import { coursesOfPatient } from '../patients';
import { staffWithRoles } from '../roles';
import { userNames } from '../users';
import { appendEntry, balanceOf, lockAccount } from './billing.account';
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
  type JournalLine,
  type Scope,
  type BillingHost,
  tell,
} from './billing.kernel';
import { settlementInfoOf } from './billing.read';
import { billCharges, billPayments, billReceipts, billSettlementLines, billSettlements } from './billing.tables';
import { patientOrMissing } from './billing.charges';

/** The prepaid balance did not cover the prepaid part: the lines wait for a top-up (pay status 3). */
class ShortOfBalance extends Error {
  constructor(
    readonly chargeIds: number[],
    readonly balanceFen: number,
    readonly amountFen: number,
  ) {
    super('short of balance');
  }
}

/** The pay types of the organization's dictionary (built-in and its own). */
export async function payTypeNames(tx: TxOrDb, scope: Scope) {
  const rows = await dictionaryEntries(tx, scope.organizationId, 'payType');
  return new Map(rows.map((r) => [r.k, scope.locale === 'en' && r.valEn ? r.valEn : r.valZh]));
}

/** Checks payments against the amount due and the pay types' rules; answers each with its change. */
export async function checkPayments(tx: Tx, scope: Scope, payments: PaymentInput[], dueFen: number) {
  const names = await payTypeNames(tx, scope);
  const paid = sumOf(payments, (p) => p.amount);
  if (paid !== dueFen) throw invalid('paymentsMismatch', { paid: formatFen(paid), due: formatFen(dueFen) });
  return payments.map((p) => {
    const name = names.get(p.payType);
    if (!name) throw invalid('payTypeUnknown', { payType: p.payType });
    const behaviour = payTypeBehaviour(p.payType);
    if (p.tendered !== undefined && behaviour !== 'cash') throw invalid('tenderedCashOnly');
    if (p.tendered !== undefined && p.tendered < p.amount)
      throw invalid('tenderedTooLow', { tendered: formatFen(p.tendered), amount: formatFen(p.amount) });
    if (behaviour === 'scan' && !p.outTradeNo) throw invalid('tradeNoRequired', { payType: name });
    return {
      payType: p.payType,
      amountFen: p.amount,
      tenderedFen: p.tendered ?? null,
      changeFen: p.tendered !== undefined ? p.tendered - p.amount : 0,
      outTradeNo: p.outTradeNo ?? null,
    };
  });
}

/** A membership level (its name and discount in 折), or null. */
async function memberLevel(tx: Tx, scope: Scope, memberId: number | undefined) {
  if (!memberId) return null;
  const m = await masterRow(tx, 'member', scope.organizationId, memberId);
  if (!m || m.status !== 1) throw invalid('memberNotFound');
  return { name: String(m.name), nameEn: (m.nameEn as string | null) || null, discount: String(m.discount) };
}

/**
 * Settles charge lines (结算): locks them, adds the membership discount and the round-off as lines of their own,
 * takes the payments (cash with change, scan with its trade number, the prepaid balance), numbers the settlement and
 * its receipt, posts the journal and stores the answer under the idempotency key, all in one transaction.
 */
export async function settle(app: BillingHost, scope: Scope, input: SettleInput) {
  try {
    return await runUnitOfWork(app, ({ tx, now }) =>
      once(tx, scope, input.idempotencyKey, 'settle', async () => {
        const shift = await openShiftOf(tx, scope);
        const patient = await patientOrMissing(tx, scope, input.patientId);
        const ids = [...new Set(input.chargeIds)].sort((a, b) => a - b);
        const lines = await tx
          .select()
          .from(billCharges)
          .where(and(inArray(billCharges.id, ids), eq(billCharges.organizationId, scope.organizationId)))
          .orderBy(asc(billCharges.id))
          .for('update');
        if (lines.length !== ids.length) throw missing('chargeNotFound');
        for (const c of lines) {
          if (c.patientId !== input.patientId) throw invalid('chargeOtherPatient');
          if (!isPayable(c.payStatus) || c.sourceType === 'discount' || c.sourceType === 'rounding')
            throw refused('chargeNotPayable', { name: localName(scope.locale, c.name, c.nameEn) });
        }
        const member = await memberLevel(tx, scope, input.memberId);
        const amounts = settlementAmounts(lines, { discount: member?.discount, roundOff: input.roundOff });
        const base = {
          organizationId: scope.organizationId,
          patientId: input.patientId,
          quantity: 1,
          payStatus: PayStatus.paid,
          createdBy: scope.userId,
          createdAt: now,
          updatedAt: now,
        };
        const extra: (typeof billCharges.$inferInsert)[] = [];
        if (amounts.discountFen > 0)
          extra.push({
            ...base,
            sourceType: ChargeSource.discount,
            name: `会员折扣（${member!.name}）`,
            nameEn: `Member discount (${member!.nameEn || member!.name})`,
            category: RevenueCategory.treatment,
            unitPriceFen: -amounts.discountFen,
            amountFen: -amounts.discountFen,
          });
        if (amounts.roundingFen > 0)
          extra.push({
            ...base,
            sourceType: ChargeSource.rounding,
            name: '抹零',
            nameEn: 'Round-off',
            category: RevenueCategory.other,
            unitPriceFen: -amounts.roundingFen,
            amountFen: -amounts.roundingFen,
          });
        const total = amounts.totalFen;
        const payments = await checkPayments(tx, scope, input.payments, total);
        const prepaid = sumOf(
          payments.filter((p) => payTypeBehaviour(p.payType) === 'prepaid'),
          (p) => p.amountFen,
        );
        const account = prepaid > 0 ? await lockAccount(tx, scope.organizationId, input.patientId) : null;
        if (account && account.balanceFen < prepaid)
          throw new ShortOfBalance(
            lines.map((c) => c.id),
            account.balanceFen,
            prepaid,
          );

        const year = yearOf(now, clinicTimeZone());
        const treatmentId = lines.find((c) => c.treatmentId)?.treatmentId ?? null;
        const [s] = await tx
          .insert(billSettlements)
          .values({
            ...(await settlementIdAndNumber(tx, 'JS', year)),
            organizationId: scope.organizationId,
            kind: 'charge',
            patientId: input.patientId,
            treatmentId,
            totalFen: total,
            cashierId: scope.userId,
            shiftId: shift.id,
            remark: input.remark ?? null,
            createdAt: now,
          })
          .returning();
        const added = extra.length
          ? await tx
              .insert(billCharges)
              .values(extra.map((e) => ({ ...e, settlementId: s!.id, treatmentId })))
              .returning()
          : [];
        const all = [...lines, ...added];
        const written = await tx
          .insert(billSettlementLines)
          .values(
            all.map((c) => ({ settlementId: s!.id, chargeId: c.id, quantity: c.quantity, amountFen: c.amountFen })),
          )
          .returning();
        const paid = await tx
          .insert(billPayments)
          .values(payments.map((p) => ({ ...p, settlementId: s!.id })))
          .returning();
        // one update for the lines that move to the same pay status (all of them, as a rule)
        const byNext = new Map<number, number[]>();
        for (const c of lines) {
          const next = nextPayStatus(c.payStatus, 'settle')!;
          byNext.set(next, [...(byNext.get(next) ?? []), c.id]);
        }
        for (const [payStatus, chargeIds] of byNext)
          await tx
            .update(billCharges)
            .set({ payStatus, settlementId: s!.id, updatedAt: now })
            .where(inArray(billCharges.id, chargeIds));
        const balanceFen = account ? account.balanceFen - prepaid : await balanceOf(tx, input.patientId);
        if (account)
          await appendEntry(tx, account, {
            kind: 'consume',
            amountFen: -prepaid,
            payType: PayTypeKey.prepaid,
            settlementId: s!.id,
            shiftId: shift.id,
            operatorId: scope.userId,
            at: now,
          });
        await post(
          tx,
          {
            organizationId: scope.organizationId,
            kind: 'settle',
            settlementId: s!.id,
            cashierId: scope.userId,
            at: now,
          },
          settlementJournal(all, payments, 1),
        );
        // the answer from what was written (not read back), and the receipt number last: every receipt of the
        // organization waits on its counter until this transaction commits
        const chargeOf = new Map(all.map((c) => [c.id, c]));
        const cashierName = scope.userName ?? (await userNames(tx, [scope.userId])).get(scope.userId) ?? '';
        const [receipt] = await tx
          .insert(billReceipts)
          .values({
            organizationId: scope.organizationId,
            receiptNo: nextReceiptNo(scope.organizationId, year),
            kind: 'settlement',
            settlementId: s!.id,
            amountFen: total,
            cashierId: scope.userId,
            shiftId: shift.id,
            createdAt: now,
          })
          .returning();
        const settlement = settlementInfoOf(scope, s!, {
          lines: written.map((line) => ({ line, charge: chargeOf.get(line.chargeId)! })),
          payments: paid,
          receipts: [receipt!],
          reversals: [],
          balanceFen,
          patientName: patient.name,
          cashierName,
        });
        return { settlement };
      }),
    );
  } catch (error) {
    if (!(error instanceof ShortOfBalance)) throw error;
    await waitForTopUp(app, scope, input.patientId, error);
    throw refused('balanceShort', { balance: formatFen(error.balanceFen), amount: formatFen(error.amountFen) });
  }
}

/**
 * The journal of a settlement (direction 1) or its reversal (-1): money in by pay type (the prepaid balance as a
 * liability), revenue by category, discounts given.
 */
export function settlementJournal(
  lines: { category: number; amountFen: number; sourceType: string }[],
  payments: { payType: string; amountFen: number }[],
  direction: 1 | -1,
): JournalLine[] {
  const side = (account: string, fen: number, debit: boolean): JournalLine =>
    debit === (direction === 1) ? { account, debitFen: fen } : { account, creditFen: fen };
  const out: JournalLine[] = [];
  for (const p of payments)
    out.push(
      side(
        payTypeBehaviour(p.payType) === 'prepaid' ? Account.prepaid : Account.clearing(p.payType),
        p.amountFen,
        true,
      ),
    );
  for (const l of lines) {
    if (l.amountFen < 0) out.push(side(Account.discount, -l.amountFen, true));
    else out.push(side(Account.revenue(l.category), l.amountFen, false));
  }
  return out;
}

/**
 * The lines wait for a top-up (pay status 3) and the front desk (cashiers) and the patient's therapists hear of it
 * by a cost message.
 */
async function waitForTopUp(app: BillingHost, scope: Scope, patientId: number, short: ShortOfBalance) {
  await runUnitOfWork(app, async ({ tx, now, afterCommit }) => {
    const lines = await tx.select().from(billCharges).where(inArray(billCharges.id, short.chargeIds)).for('update');
    for (const c of lines) {
      const next = nextPayStatus(c.payStatus, 'shortOfBalance');
      if (next !== null)
        await tx.update(billCharges).set({ payStatus: next, updatedAt: now }).where(eq(billCharges.id, c.id));
    }
    const patient = await patientOrMissing(tx, scope, patientId);
    const cashiers = await staffWithRoles(tx, scope.organizationId, [RoleId.cashier]);
    const courses = await coursesOfPatient(tx, scope.organizationId, patientId);
    const therapists = courses
      .filter((c) => c.status === 1)
      .flatMap((c) => [c.therapistId])
      .filter((id): id is number => id !== null);
    const userIds = [...new Set([...cashiers.map((u) => u.id), ...therapists])];
    afterCommit(() =>
      tell(app, {
        organizationId: scope.organizationId,
        userIds,
        category: 'cost',
        title: { key: 'billing.costShortTitle' },
        content: {
          key: 'billing.costShortContent',
          params: { patient: patient.name, balance: formatFen(short.balanceFen), amount: formatFen(short.amountFen) },
        },
        link: `/outpatient/detail/${patientId}/${courses[0]?.id ?? 0}`,
      }),
    );
  });
}
