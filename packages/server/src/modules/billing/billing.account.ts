import { eq, sql } from 'drizzle-orm';
import type { Tx, TxOrDb } from '../../db/client';
import { billAccountEntries, billAccounts } from './billing.tables';

export type EntryKind = 'topUp' | 'consume' | 'refundToAccount' | 'withdraw' | 'adjust';

/** The patient's prepaid account, created empty on first use, locked for this transaction. */
export async function lockAccount(tx: Tx, organizationId: number, patientId: number) {
  await tx.insert(billAccounts).values({ organizationId, patientId }).onConflictDoNothing();
  const [account] = await tx.select().from(billAccounts).where(eq(billAccounts.patientId, patientId)).for('update');
  return account!;
}

/**
 * Appends an entry to a locked account's ledger (signed amount: top-ups and refunds to the account add, consumption
 * and withdrawals take) and moves the cached balance; a balance below zero is refused by the database.
 */
export async function appendEntry(
  tx: Tx,
  account: { id: number; balanceFen: number; lastSeq: number },
  entry: {
    kind: EntryKind;
    amountFen: number;
    payType?: string | null;
    settlementId?: number | null;
    refundRequestId?: number | null;
    shiftId?: number | null;
    operatorId: number;
    at: Date;
  },
) {
  const balanceAfterFen = account.balanceFen + entry.amountFen;
  const seq = account.lastSeq + 1;
  const [row] = await tx
    .insert(billAccountEntries)
    .values({
      accountId: account.id,
      seq,
      kind: entry.kind,
      amountFen: entry.amountFen,
      balanceAfterFen,
      payType: entry.payType ?? null,
      settlementId: entry.settlementId ?? null,
      refundRequestId: entry.refundRequestId ?? null,
      shiftId: entry.shiftId ?? null,
      operatorId: entry.operatorId,
      createdAt: entry.at,
    })
    .returning();
  await tx
    .update(billAccounts)
    .set({ balanceFen: balanceAfterFen, lastSeq: seq, updatedAt: entry.at })
    .where(eq(billAccounts.id, account.id));
  account.balanceFen = balanceAfterFen;
  account.lastSeq = seq;
  return row!;
}

/** The balance of a patient's account (0 without one). */
export async function balanceOf(tx: TxOrDb, patientId: number) {
  const [row] = await tx
    .select({ balance: sql<number>`${billAccounts.balanceFen}` })
    .from(billAccounts)
    .where(eq(billAccounts.patientId, patientId));
  return row ? Number(row.balance) : 0;
}
