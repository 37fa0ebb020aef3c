import { and, eq, inArray } from 'drizzle-orm';
import { PayStatus, PayTypeKey, nextPayStatus, payTypeBehaviour, type TopUpInput } from '@rehab/shared';
import { clinicTimeZone } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { appendEntry, lockAccount } from './billing.account';
import { patientOrMissing } from './billing.charges';
import {
  Account,
  invalid,
  nextReceiptNo,
  once,
  openShiftOf,
  post,
  yearOf,
  type Scope,
  type BillingHost,
} from './billing.kernel';
import { receiptRow } from './billing.read';
import { checkPayments } from './billing.settle';
import { billCharges, billPayments, billReceipts } from './billing.tables';

/**
 * Tops up a patient's prepaid account (预交金充值) in the caller's open shift, with a receipt of its own; lines that
 * waited for a top-up (pay status 3) are payable again (0).
 */
export async function topUp(app: BillingHost, scope: Scope, input: TopUpInput) {
  return runUnitOfWork(app, ({ tx, now }) =>
    once(tx, scope, input.idempotencyKey, 'topUp', async () => {
      const shift = await openShiftOf(tx, scope);
      await patientOrMissing(tx, scope, input.patientId);
      if (payTypeBehaviour(input.payType) === 'prepaid')
        throw invalid('payTypeUnknown', { payType: PayTypeKey.prepaid });
      const [payment] = await checkPayments(
        tx,
        scope,
        [{ payType: input.payType, amount: input.amount, tendered: input.tendered, outTradeNo: input.outTradeNo }],
        input.amount,
      );
      const account = await lockAccount(tx, scope.organizationId, input.patientId);
      const entry = await appendEntry(tx, account, {
        kind: 'topUp',
        amountFen: input.amount,
        payType: input.payType,
        shiftId: shift.id,
        operatorId: scope.userId,
        at: now,
      });
      await tx.insert(billPayments).values({ ...payment!, accountEntryId: entry.id });
      const [receipt] = await tx
        .insert(billReceipts)
        .values({
          organizationId: scope.organizationId,
          receiptNo: nextReceiptNo(scope.organizationId, yearOf(now, clinicTimeZone())),
          kind: 'topUp',
          accountEntryId: entry.id,
          amountFen: input.amount,
          cashierId: scope.userId,
          shiftId: shift.id,
          createdAt: now,
        })
        .returning();
      await post(
        tx,
        {
          organizationId: scope.organizationId,
          kind: 'topUp',
          accountEntryId: entry.id,
          cashierId: scope.userId,
          at: now,
        },
        [
          { account: Account.clearing(input.payType), debitFen: input.amount },
          { account: Account.prepaid, creditFen: input.amount },
        ],
      );
      const waiting = await tx
        .select({ id: billCharges.id, payStatus: billCharges.payStatus })
        .from(billCharges)
        .where(
          and(eq(billCharges.patientId, input.patientId), inArray(billCharges.payStatus, [PayStatus.paymentPending])),
        );
      for (const c of waiting)
        await tx
          .update(billCharges)
          .set({ payStatus: nextPayStatus(c.payStatus, 'toppedUp')!, updatedAt: now })
          .where(eq(billCharges.id, c.id));
      return {
        entry: {
          id: entry.id,
          seq: entry.seq,
          kind: 'topUp' as const,
          amountFen: entry.amountFen,
          balanceAfterFen: entry.balanceAfterFen,
          payType: entry.payType,
          settlementId: null,
          receiptNo: receipt!.receiptNo,
          operatorName: null,
          createdAt: entry.createdAt.toISOString(),
        },
        receipt: receiptRow(receipt!, null),
        balanceFen: entry.balanceAfterFen,
      };
    }),
  );
}
