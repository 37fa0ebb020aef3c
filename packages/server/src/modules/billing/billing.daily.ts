import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { payTypeBehaviour, type DailyReport, type DailyReportQuery } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { clinicTimeZone } from '../../kernel/clock';
import { patientNames } from '../patients';
import { sumOf, type Scope } from './billing.kernel';
import {
  billAccountEntries,
  billAccounts,
  billCharges,
  billJournalEntries,
  billJournalLines,
  billPayments,
  billReceipts,
  billSettlementLines,
  billSettlements,
} from './billing.tables';

type Sums = Map<string | number, number>;
const add = <K extends string | number>(m: Map<K, number>, k: K, v: number) => m.set(k, (m.get(k) ?? 0) + v);

/**
 * The daily settlement report (日结) of a clinic day, of one cashier or of the organization: money by pay type
 * (takings, refunds, top-ups, withdrawals), revenue by category, the refunds, the receipt numbers used, voided and
 * reprinted, the prepaid account's movements, and the identity 预交金收入 − 退预交金 + 结算收入 = 实收, whose left side
 * is summed from the settlements and the ledger and whose right side from the journal, so the report proves itself.
 */
export async function dailyReport(db: TxOrDb, scope: Scope, q: DailyReportQuery): Promise<DailyReport> {
  const tz = clinicTimeZone();
  const within = (column: SQLWrapper) =>
    sql`${column} >= (${q.date}::date)::timestamp AT TIME ZONE ${tz} AND ${column} < (${q.date}::date + 1)::timestamp AT TIME ZONE ${tz}`;
  const org = scope.organizationId;
  const settlementWhere = and(
    eq(billSettlements.organizationId, org),
    within(billSettlements.createdAt),
    q.cashierId ? eq(billSettlements.cashierId, q.cashierId) : undefined,
  );
  const entryWhere = and(
    eq(billAccounts.organizationId, org),
    within(billAccountEntries.createdAt),
    q.cashierId ? eq(billAccountEntries.operatorId, q.cashierId) : undefined,
  );
  const [settlements, settledPayments, lines, entries, entryPayments, receiptsMade, receiptsVoided, journal] =
    await Promise.all([
      db.select().from(billSettlements).where(settlementWhere).orderBy(billSettlements.id),
      db
        .select({ kind: billSettlements.kind, payType: billPayments.payType, amountFen: billPayments.amountFen })
        .from(billPayments)
        .innerJoin(billSettlements, eq(billSettlements.id, billPayments.settlementId))
        .where(settlementWhere),
      db
        .select({
          kind: billSettlements.kind,
          category: billCharges.category,
          amountFen: billSettlementLines.amountFen,
        })
        .from(billSettlementLines)
        .innerJoin(billSettlements, eq(billSettlements.id, billSettlementLines.settlementId))
        .innerJoin(billCharges, eq(billCharges.id, billSettlementLines.chargeId))
        .where(settlementWhere),
      db
        .select({ kind: billAccountEntries.kind, amountFen: billAccountEntries.amountFen })
        .from(billAccountEntries)
        .innerJoin(billAccounts, eq(billAccounts.id, billAccountEntries.accountId))
        .where(entryWhere),
      db
        .select({ kind: billAccountEntries.kind, payType: billPayments.payType, amountFen: billPayments.amountFen })
        .from(billPayments)
        .innerJoin(billAccountEntries, eq(billAccountEntries.id, billPayments.accountEntryId))
        .innerJoin(billAccounts, eq(billAccounts.id, billAccountEntries.accountId))
        .where(entryWhere),
      db
        .select()
        .from(billReceipts)
        .where(
          and(
            eq(billReceipts.organizationId, org),
            within(billReceipts.createdAt),
            q.cashierId ? eq(billReceipts.cashierId, q.cashierId) : undefined,
          ),
        )
        .orderBy(billReceipts.receiptNo),
      db
        .select()
        .from(billReceipts)
        .where(
          and(
            eq(billReceipts.organizationId, org),
            within(billReceipts.voidedAt),
            q.cashierId ? eq(billReceipts.cashierId, q.cashierId) : undefined,
          ),
        )
        .orderBy(billReceipts.receiptNo),
      db
        .select({
          account: billJournalLines.account,
          debit: sql<number>`sum(${billJournalLines.debitFen})`,
          credit: sql<number>`sum(${billJournalLines.creditFen})`,
        })
        .from(billJournalLines)
        .innerJoin(billJournalEntries, eq(billJournalEntries.id, billJournalLines.entryId))
        .where(
          and(
            eq(billJournalEntries.organizationId, org),
            within(billJournalEntries.occurredAt),
            q.cashierId ? eq(billJournalEntries.cashierId, q.cashierId) : undefined,
          ),
        )
        .groupBy(billJournalLines.account)
        .orderBy(billJournalLines.account),
    ]);

  const takings: Sums = new Map();
  const refunds: Sums = new Map();
  const topUps: Sums = new Map();
  const withdrawals: Sums = new Map();
  for (const p of settledPayments) add(p.kind === 'charge' ? takings : refunds, p.payType, p.amountFen);
  for (const p of entryPayments) add(p.kind === 'topUp' ? topUps : withdrawals, p.payType, p.amountFen);
  const payTypes = [...new Set([...takings.keys(), ...refunds.keys(), ...topUps.keys(), ...withdrawals.keys()])]
    .map(String)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const byPayType = payTypes.map((payType) => {
    const t = takings.get(payType) ?? 0;
    const r = refunds.get(payType) ?? 0;
    const u = topUps.get(payType) ?? 0;
    const w = withdrawals.get(payType) ?? 0;
    return { payType, takingsFen: t, refundsFen: r, topUpsFen: u, withdrawalsFen: w, netFen: t - r + u - w };
  });

  const revenue = new Map<number, number>();
  const refunded = new Map<number, number>();
  for (const l of lines) {
    if (l.kind === 'charge') add(revenue, l.category, l.amountFen);
    else add(refunded, l.category, l.amountFen);
  }
  const categories = [...new Set([...revenue.keys(), ...refunded.keys()])].sort((a, b) => a - b);

  const reversals = settlements.filter((s) => s.kind === 'reversal');
  const originals = reversals.length
    ? await db
        .select({ id: billSettlements.id, no: billSettlements.settlementNo })
        .from(billSettlements)
        .where(
          inArray(
            billSettlements.id,
            reversals.map((s) => s.reversalOf!),
          ),
        )
    : [];
  const names = await patientNames(
    db,
    org,
    reversals.map((s) => s.patientId),
  );

  const notPrepaid = (p: { payType: string }) => payTypeBehaviour(p.payType) !== 'prepaid';
  const prepaidIncomeFen = sumOf(
    entryPayments.filter((p) => p.kind === 'topUp'),
    (p) => p.amountFen,
  );
  const prepaidRefundsFen = sumOf(
    entryPayments.filter((p) => p.kind === 'withdraw'),
    (p) => p.amountFen,
  );
  const settlementIncomeFen =
    sumOf(
      settledPayments.filter((p) => p.kind === 'charge' && notPrepaid(p)),
      (p) => p.amountFen,
    ) -
    sumOf(
      settledPayments.filter((p) => p.kind === 'reversal' && notPrepaid(p)),
      (p) => p.amountFen,
    );
  const clearing = journal.filter((j) => j.account.startsWith('clearing:'));
  const cashTakenFen = sumOf(clearing, (j) => Number(j.debit) - Number(j.credit));
  const accounts = journal.map((j) => ({ account: j.account, debitFen: Number(j.debit), creditFen: Number(j.credit) }));

  return {
    date: q.date,
    cashierId: q.cashierId ?? null,
    byPayType,
    byCategory: categories.map((category) => ({
      category,
      revenueFen: revenue.get(category) ?? 0,
      refundsFen: refunded.get(category) ?? 0,
    })),
    refunds: reversals.map((s) => ({
      settlementNo: s.settlementNo,
      patientName: names.get(s.patientId) ?? '',
      amountFen: s.totalFen,
      originalNo: originals.find((o) => o.id === s.reversalOf)?.no ?? null,
      createdAt: s.createdAt.toISOString(),
    })),
    receipts: {
      used: receiptsMade.map((r) => r.receiptNo),
      voided: receiptsVoided.map((r) => r.receiptNo),
      reprinted: receiptsMade.filter((r) => r.printCount > 1).map((r) => r.receiptNo),
    },
    prepaid: {
      topUpsFen: sumOf(
        entries.filter((e) => e.kind === 'topUp'),
        (e) => e.amountFen,
      ),
      withdrawalsFen: -sumOf(
        entries.filter((e) => e.kind === 'withdraw'),
        (e) => e.amountFen,
      ),
      consumedFen: -sumOf(
        entries.filter((e) => e.kind === 'consume' || e.kind === 'refundToAccount'),
        (e) => e.amountFen,
      ),
    },
    identity: {
      prepaidIncomeFen,
      prepaidRefundsFen,
      settlementIncomeFen,
      cashTakenFen,
      holds: prepaidIncomeFen - prepaidRefundsFen + settlementIncomeFen === cashTakenFen,
    },
    journal: { debitFen: sumOf(accounts, (a) => a.debitFen), creditFen: sumOf(accounts, (a) => a.creditFen), accounts },
    settlementCount: settlements.filter((s) => s.kind === 'charge').length,
  };
}
