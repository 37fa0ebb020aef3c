import { and, desc, eq, inArray, isNotNull, sql, type SQLWrapper } from 'drizzle-orm';
import { ChargeSource, payTypeBehaviour } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { clinicTimeZone } from '../../kernel/clock';
import { billCharges, billPayments, billSettlementLines, billSettlements } from './billing.tables';

/**
 * What the statistics read model reads of billing (the billing module's face for it): the turnover of a range of
 * clinic days by day and cashier, and money by pay type. Same source and time basis as the daily settlement
 * (billing.daily.ts): settlements and their payments by the settlement's creation time on the clinic's calendar, so a
 * day's turnover equals that day's daily settlement. Runs on bill_settlement_org_time_idx.
 */
export type TurnoverFacts = {
  /** per clinic day and cashier */
  cells: {
    day: string;
    cashierId: number;
    receivableFen: number;
    discountsFen: number;
    receivedFen: number;
    refundsFen: number;
    netIncomeFen: number;
    settlementCount: number;
  }[];
  byPayType: { payType: string; receivedFen: number; refundsFen: number }[];
};

/** The money figures of a turnover cell, all zero: what a day or cashier without settlements shows. */
export const noMoney = () => ({
  receivableFen: 0,
  discountsFen: 0,
  receivedFen: 0,
  refundsFen: 0,
  netIncomeFen: 0,
  settlementCount: 0,
});

export async function turnoverFacts(
  db: TxOrDb,
  organizationId: number,
  range: { from: string; to: string; cashierId?: number },
): Promise<TurnoverFacts> {
  const tz = clinicTimeZone();
  const within = (column: SQLWrapper) =>
    sql`${column} >= (${range.from}::date)::timestamp AT TIME ZONE ${tz} AND ${column} < (${range.to}::date + 1)::timestamp AT TIME ZONE ${tz}`;
  // grouped by position: the time zone is a parameter, so the expression repeated would not be the same one
  const day = sql<string>`to_char(${billSettlements.createdAt} AT TIME ZONE ${tz}, 'YYYY-MM-DD')`;
  const where = and(
    eq(billSettlements.organizationId, organizationId),
    within(billSettlements.createdAt),
    range.cashierId ? eq(billSettlements.cashierId, range.cashierId) : undefined,
  );
  const [settlements, payments, discounts] = await Promise.all([
    db
      .select({
        day,
        cashierId: billSettlements.cashierId,
        receivableFen: sql<number>`(coalesce(sum(${billSettlements.totalFen}) filter (where ${billSettlements.kind} = 'charge'), 0))::int`,
        settlementCount: sql<number>`(count(*) filter (where ${billSettlements.kind} = 'charge'))::int`,
      })
      .from(billSettlements)
      .where(where)
      .groupBy(sql`1`, sql`2`),
    db
      .select({
        day,
        cashierId: billSettlements.cashierId,
        kind: billSettlements.kind,
        payType: billPayments.payType,
        amountFen: sql<number>`sum(${billPayments.amountFen})::int`,
      })
      .from(billPayments)
      .innerJoin(billSettlements, eq(billSettlements.id, billPayments.settlementId))
      .where(where)
      .groupBy(sql`1`, sql`2`, sql`3`, sql`4`),
    db
      .select({
        day,
        cashierId: billSettlements.cashierId,
        fen: sql<number>`(-sum(${billSettlementLines.amountFen}))::int`,
      })
      .from(billSettlementLines)
      .innerJoin(billSettlements, eq(billSettlements.id, billSettlementLines.settlementId))
      .innerJoin(billCharges, eq(billCharges.id, billSettlementLines.chargeId))
      .where(
        and(
          where,
          eq(billSettlements.kind, 'charge'),
          inArray(billCharges.sourceType, [ChargeSource.discount, ChargeSource.rounding]),
        ),
      )
      .groupBy(sql`1`, sql`2`),
  ]);
  const cells = new Map<string, TurnoverFacts['cells'][number]>();
  const cell = (d: string, cashierId: number) => {
    const k = `${d}|${cashierId}`;
    let c = cells.get(k);
    if (!c) {
      c = { day: d, cashierId, ...noMoney() };
      cells.set(k, c);
    }
    return c;
  };
  for (const s of settlements) {
    const c = cell(s.day, s.cashierId);
    c.receivableFen += Number(s.receivableFen);
    c.settlementCount += Number(s.settlementCount);
  }
  for (const x of discounts) cell(x.day, x.cashierId).discountsFen += Number(x.fen);
  const byPayType = new Map<string, { payType: string; receivedFen: number; refundsFen: number }>();
  for (const p of payments) {
    const c = cell(p.day, p.cashierId);
    const amount = Number(p.amountFen);
    const pt = byPayType.get(p.payType) ?? { payType: p.payType, receivedFen: 0, refundsFen: 0 };
    const counted = payTypeBehaviour(p.payType) !== 'prepaid';
    if (p.kind === 'charge') {
      c.receivedFen += amount;
      pt.receivedFen += amount;
      if (counted) c.netIncomeFen += amount;
    } else {
      c.refundsFen += amount;
      pt.refundsFen += amount;
      if (counted) c.netIncomeFen -= amount;
    }
    byPayType.set(p.payType, pt);
  }
  return {
    cells: [...cells.values()].sort((a, b) => a.day.localeCompare(b.day) || a.cashierId - b.cashierId),
    byPayType: [...byPayType.values()].sort((a, b) => a.payType.localeCompare(b.payType, 'en', { numeric: true })),
  };
}

/**
 * Revenue per prescribed project (charges of a project or of its sessions) of the settlements of a range of clinic
 * days, refunds taken off on the day they are paid out: the settled line amounts, by the daily settlement's time basis.
 */
export async function revenueByProject(
  db: TxOrDb,
  organizationId: number,
  range: { from: string; to: string },
): Promise<Map<number, number>> {
  const tz = clinicTimeZone();
  const rows = await db
    .select({
      projectId: billCharges.projectId,
      fen: sql<number>`(coalesce(sum(case when ${billSettlements.kind} = 'charge' then ${billSettlementLines.amountFen} else -${billSettlementLines.amountFen} end), 0))::int`,
    })
    .from(billSettlementLines)
    .innerJoin(billSettlements, eq(billSettlements.id, billSettlementLines.settlementId))
    .innerJoin(billCharges, eq(billCharges.id, billSettlementLines.chargeId))
    .where(
      and(
        eq(billSettlements.organizationId, organizationId),
        sql`${billSettlements.createdAt} >= (${range.from}::date)::timestamp AT TIME ZONE ${tz} AND ${billSettlements.createdAt} < (${range.to}::date + 1)::timestamp AT TIME ZONE ${tz}`,
        isNotNull(billCharges.projectId),
      ),
    )
    .groupBy(billCharges.projectId);
  return new Map(rows.map((r) => [Number(r.projectId), Number(r.fen)]));
}

/**
 * The settlements a turnover figure counts (its drill-down): a page of the range's settlements (charges and refunds),
 * optionally of one cashier and one clinic day, newest first, with their payments.
 */
export async function settlementsInRange(
  db: TxOrDb,
  organizationId: number,
  q: {
    from: string;
    to: string;
    cashierId?: number;
    patientId?: number;
    treatmentId?: number;
    page: number;
    limit: number;
  },
) {
  const tz = clinicTimeZone();
  const where = and(
    eq(billSettlements.organizationId, organizationId),
    sql`${billSettlements.createdAt} >= (${q.from}::date)::timestamp AT TIME ZONE ${tz} AND ${billSettlements.createdAt} < (${q.to}::date + 1)::timestamp AT TIME ZONE ${tz}`,
    q.cashierId ? eq(billSettlements.cashierId, q.cashierId) : undefined,
    q.patientId ? eq(billSettlements.patientId, q.patientId) : undefined,
    q.treatmentId ? eq(billSettlements.treatmentId, q.treatmentId) : undefined,
  );
  const [total, rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(billSettlements)
      .where(where),
    db
      .select({
        id: billSettlements.id,
        settlementNo: billSettlements.settlementNo,
        kind: billSettlements.kind,
        createdAt: billSettlements.createdAt,
        patientId: billSettlements.patientId,
        cashierId: billSettlements.cashierId,
        totalFen: billSettlements.totalFen,
      })
      .from(billSettlements)
      .where(where)
      .orderBy(desc(billSettlements.createdAt), desc(billSettlements.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  const payments = rows.length
    ? await db
        .select({
          settlementId: billPayments.settlementId,
          payType: billPayments.payType,
          amountFen: billPayments.amountFen,
        })
        .from(billPayments)
        .where(
          inArray(
            billPayments.settlementId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(billPayments.id)
    : [];
  return {
    total: Number(total[0]?.n ?? 0),
    list: rows.map((r) => ({
      ...r,
      kind: r.kind as 'charge' | 'reversal',
      payments: payments
        .filter((p) => p.settlementId === r.id)
        .map(({ payType, amountFen }) => ({ payType, amountFen })),
    })),
  };
}

/**
 * Money per patient and course of the settlements of a range (the daily settlement's time basis): charged (charge
 * settlements), refunded (refunds paid out in the range) and the number of charge settlements. Settlements of no
 * course (manual items) are grouped under the patient with a null course.
 */
export async function costByCourse(db: TxOrDb, organizationId: number, range: { from: string; to: string }) {
  const tz = clinicTimeZone();
  const rows = await db
    .select({
      patientId: billSettlements.patientId,
      treatmentId: billSettlements.treatmentId,
      chargedFen: sql<number>`(coalesce(sum(${billSettlements.totalFen}) filter (where ${billSettlements.kind} = 'charge'), 0))::int`,
      refundedFen: sql<number>`(coalesce(sum(${billSettlements.totalFen}) filter (where ${billSettlements.kind} = 'reversal'), 0))::int`,
      settlementCount: sql<number>`(count(*) filter (where ${billSettlements.kind} = 'charge'))::int`,
    })
    .from(billSettlements)
    .where(
      and(
        eq(billSettlements.organizationId, organizationId),
        sql`${billSettlements.createdAt} >= (${range.from}::date)::timestamp AT TIME ZONE ${tz} AND ${billSettlements.createdAt} < (${range.to}::date + 1)::timestamp AT TIME ZONE ${tz}`,
      ),
    )
    .groupBy(billSettlements.patientId, billSettlements.treatmentId);
  return rows.map((r) => ({
    patientId: r.patientId,
    treatmentId: r.treatmentId,
    chargedFen: Number(r.chargedFen),
    refundedFen: Number(r.refundedFen),
    settlementCount: Number(r.settlementCount),
  }));
}
