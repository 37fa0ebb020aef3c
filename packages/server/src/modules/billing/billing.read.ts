import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  PayStatus,
  RoleId,
  type AccountEntry,
  type ChargeRow,
  type ReceiptRow,
  type RefundRequestRow,
  type SettlementInfo,
  type SettlementListQuery,
  type SettlementRow,
} from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { localName, localNameSql } from '../../kernel/local-name';
import { clinicTimeZone } from '../../kernel/clock';
import { patientIdsMatching, patientNames } from '../patients';
import { roleNames } from '../roles';
import { userNames } from '../users';
import { executedSessionsByProject } from '../work-orders';
import { balanceOf } from './billing.account';
import { missing, sumOf, type Scope } from './billing.kernel';
import { sessionsUsedByCharge } from './billing.packages';
import {
  billAccountEntries,
  billAccounts,
  billCharges,
  billPayments,
  billReceipts,
  billRefundRequestLines,
  billRefundRequests,
  billSettlementLines,
  billSettlements,
} from './billing.tables';

/** A time as the answers carry it (ISO 8601), null kept. */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

function receiptRow(r: typeof billReceipts.$inferSelect, replacesNo: string | null): ReceiptRow {
  return {
    id: r.id,
    receiptNo: r.receiptNo,
    kind: r.kind as ReceiptRow['kind'],
    amountFen: r.amountFen,
    printCount: r.printCount,
    voidedAt: iso(r.voidedAt),
    voidReason: r.voidReason,
    replacesNo,
    createdAt: r.createdAt.toISOString(),
  };
}

/** What a settlement's row and detail are made of, as read (or as just written by a settle). */
type SettlementParts = {
  payments: (typeof billPayments.$inferSelect)[];
  receipts: (typeof billReceipts.$inferSelect)[];
  reversals: (typeof billSettlements.$inferSelect)[];
  patientName: string;
  cashierName: string;
};

/** A settlement's row from its parts (pay types, the receipt in force, what was refunded). */
function settlementRowOf(s: typeof billSettlements.$inferSelect, parts: SettlementParts): SettlementRow {
  return {
    id: s.id,
    settlementNo: s.settlementNo,
    kind: s.kind as SettlementRow['kind'],
    patientId: s.patientId,
    patientName: parts.patientName,
    treatmentId: s.treatmentId,
    totalFen: s.totalFen,
    receiptNo: parts.receipts.find((r) => !r.voidedAt)?.receiptNo ?? null,
    reversalOfId: s.reversalOf,
    cashierId: s.cashierId,
    cashierName: parts.cashierName,
    shiftId: s.shiftId,
    payTypes: [...new Set(parts.payments.map((p) => p.payType))],
    refundedFen: sumOf(parts.reversals, (r) => r.totalFen),
    createdAt: s.createdAt.toISOString(),
  };
}

/** Settlement rows of the given settlements (patients, cashiers, pay types, receipts in force, refunded). */
async function settlementRows(
  db: TxOrDb,
  scope: Scope,
  list: (typeof billSettlements.$inferSelect)[],
): Promise<SettlementRow[]> {
  if (!list.length) return [];
  const ids = list.map((s) => s.id);
  const [payments, receipts, reversals, patients, cashiers] = await Promise.all([
    db.select().from(billPayments).where(inArray(billPayments.settlementId, ids)).orderBy(billPayments.id),
    db.select().from(billReceipts).where(inArray(billReceipts.settlementId, ids)).orderBy(billReceipts.id),
    db.select().from(billSettlements).where(inArray(billSettlements.reversalOf, ids)).orderBy(billSettlements.id),
    patientNames(
      db,
      scope.organizationId,
      list.map((s) => s.patientId),
    ),
    userNames(
      db,
      list.map((s) => s.cashierId),
    ),
  ]);
  return list.map((s) =>
    settlementRowOf(s, {
      payments: payments.filter((p) => p.settlementId === s.id),
      receipts: receipts.filter((r) => r.settlementId === s.id),
      reversals: reversals.filter((r) => r.reversalOf === s.id),
      patientName: patients.get(s.patientId) ?? '',
      cashierName: cashiers.get(s.cashierId) ?? '',
    }),
  );
}

/**
 * A settlement's detail from its parts: the row, its lines (with the charges' names in the reader's language),
 * payments, receipts (each naming the one it replaces), reversals and the patient's prepaid balance.
 */
export function settlementInfoOf(
  scope: Scope,
  s: typeof billSettlements.$inferSelect,
  parts: SettlementParts & {
    lines: {
      line: typeof billSettlementLines.$inferSelect;
      charge: Pick<typeof billCharges.$inferSelect, 'name' | 'nameEn' | 'sourceType' | 'category' | 'unitPriceFen'>;
    }[];
    balanceFen: number;
  },
): SettlementInfo {
  const noOf = new Map(parts.receipts.map((r) => [r.id, r.receiptNo]));
  return {
    ...settlementRowOf(s, parts),
    lines: parts.lines.map(({ line, charge }) => ({
      id: line.id,
      chargeId: line.chargeId,
      name: localName(scope.locale, charge.name, charge.nameEn),
      sourceType: charge.sourceType as ChargeRow['sourceType'],
      category: charge.category,
      unitPriceFen: charge.unitPriceFen,
      quantity: line.quantity,
      amountFen: line.amountFen,
    })),
    payments: parts.payments.map((p) => ({
      id: p.id,
      payType: p.payType,
      amountFen: p.amountFen,
      tenderedFen: p.tenderedFen,
      changeFen: p.changeFen,
      outTradeNo: p.outTradeNo,
      originalPaymentId: p.originalPaymentId,
    })),
    receipts: parts.receipts.map((r) => receiptRow(r, r.replacesId ? (noOf.get(r.replacesId) ?? null) : null)),
    reversals: parts.reversals.map((r) => ({
      id: r.id,
      settlementNo: r.settlementNo,
      totalFen: r.totalFen,
      createdAt: r.createdAt.toISOString(),
    })),
    remark: s.remark,
    balanceFen: parts.balanceFen,
  };
}

/** One settlement with its lines, payments, receipts and reversals. */
export async function settlementInfo(db: TxOrDb, scope: Scope, id: number): Promise<SettlementInfo> {
  const [s] = await db
    .select()
    .from(billSettlements)
    .where(and(eq(billSettlements.id, id), eq(billSettlements.organizationId, scope.organizationId)));
  if (!s) throw missing('settlementNotFound');
  const [lines, payments, receipts, reversals, balanceFen, patients, cashiers] = await Promise.all([
    db
      .select({
        line: billSettlementLines,
        charge: {
          name: billCharges.name,
          nameEn: billCharges.nameEn,
          sourceType: billCharges.sourceType,
          category: billCharges.category,
          unitPriceFen: billCharges.unitPriceFen,
        },
      })
      .from(billSettlementLines)
      .innerJoin(billCharges, eq(billCharges.id, billSettlementLines.chargeId))
      .where(eq(billSettlementLines.settlementId, id))
      .orderBy(billSettlementLines.id),
    db.select().from(billPayments).where(eq(billPayments.settlementId, id)).orderBy(billPayments.id),
    db.select().from(billReceipts).where(eq(billReceipts.settlementId, id)).orderBy(billReceipts.id),
    db.select().from(billSettlements).where(eq(billSettlements.reversalOf, id)).orderBy(billSettlements.id),
    balanceOf(db, s.patientId),
    patientNames(db, scope.organizationId, [s.patientId]),
    userNames(db, [s.cashierId]),
  ]);
  return settlementInfoOf(scope, s, {
    lines,
    payments,
    receipts,
    reversals,
    balanceFen,
    patientName: patients.get(s.patientId) ?? '',
    cashierName: cashiers.get(s.cashierId) ?? '',
  });
}

/** A receipt of the organization (with what the PDF prints). */
export async function receiptOf(db: TxOrDb, scope: Scope, id: number) {
  const [r] = await db
    .select()
    .from(billReceipts)
    .where(and(eq(billReceipts.id, id), eq(billReceipts.organizationId, scope.organizationId)));
  if (!r) throw missing('receiptNotFound');
  return r;
}

export { receiptRow };

/** Settlements of the organization, newest first, by patient, cashier, dates (clinic days) or number. */
export async function listSettlements(db: TxOrDb, scope: Scope, q: SettlementListQuery) {
  const tz = clinicTimeZone();
  const where: (SQL | undefined)[] = [eq(billSettlements.organizationId, scope.organizationId)];
  if (q.patientId) where.push(eq(billSettlements.patientId, q.patientId));
  if (q.cashierId) where.push(eq(billSettlements.cashierId, q.cashierId));
  if (q.from) where.push(gte(billSettlements.createdAt, sql`(${q.from}::date)::timestamp AT TIME ZONE ${tz}`));
  if (q.to) where.push(lt(billSettlements.createdAt, sql`(${q.to}::date + 1)::timestamp AT TIME ZONE ${tz}`));
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(billSettlements.settlementNo, like),
        sql`EXISTS (SELECT 1 FROM bill_receipt r WHERE r.settlement_id = ${billSettlements.id} AND r.receipt_no ILIKE ${like})`,
        inArray(billSettlements.patientId, [0, ...(await patientIdsMatching(db, scope.organizationId, q.keyword))]),
      ),
    );
  }
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(billSettlements)
      .where(cond)
      .orderBy(desc(billSettlements.createdAt), desc(billSettlements.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(billSettlements).where(cond),
  ]);
  return { list: await settlementRows(db, scope, rows), total: Number(total!.n) };
}

/** Charge rows of a patient (all but voided), with what was refunded, what is pending and what was executed. */
export async function chargeRows(
  db: TxOrDb,
  scope: Scope,
  patientId: number,
  treatmentId?: number,
): Promise<ChargeRow[]> {
  const charges = await db
    .select()
    .from(billCharges)
    .where(
      and(
        eq(billCharges.organizationId, scope.organizationId),
        eq(billCharges.patientId, patientId),
        treatmentId ? eq(billCharges.treatmentId, treatmentId) : undefined,
        sql`${billCharges.payStatus} <> ${PayStatus.voided}`,
      ),
    )
    .orderBy(billCharges.id);
  return chargeRowsOf(db, scope, charges);
}

/** Refunded and pending quantities and amounts per charge. */
export async function refundFacts(db: TxOrDb, chargeIds: number[]) {
  if (!chargeIds.length)
    return { refunded: new Map<number, { q: number; fen: number }>(), pending: new Map<number, number>() };
  const [refunded, pending] = await Promise.all([
    db
      .select({
        chargeId: billSettlementLines.chargeId,
        q: sql<number>`sum(${billSettlementLines.quantity})`,
        fen: sql<number>`sum(${billSettlementLines.amountFen})`,
      })
      .from(billSettlementLines)
      .innerJoin(billSettlements, eq(billSettlements.id, billSettlementLines.settlementId))
      .where(and(inArray(billSettlementLines.chargeId, chargeIds), eq(billSettlements.kind, 'reversal')))
      .groupBy(billSettlementLines.chargeId),
    db
      .select({ chargeId: billRefundRequestLines.chargeId, q: sql<number>`sum(${billRefundRequestLines.quantity})` })
      .from(billRefundRequestLines)
      .innerJoin(billRefundRequests, eq(billRefundRequests.id, billRefundRequestLines.requestId))
      .where(
        and(
          inArray(billRefundRequestLines.chargeId, chargeIds),
          inArray(billRefundRequests.status, ['pending', 'approved']),
        ),
      )
      .groupBy(billRefundRequestLines.chargeId),
  ]);
  return {
    refunded: new Map(refunded.map((r) => [r.chargeId, { q: Number(r.q), fen: Number(r.fen) }])),
    pending: new Map(pending.map((r) => [r.chargeId, Number(r.q)])),
  };
}

/** Sessions of a line that were executed (a project line: its completed or signed work orders; a work-order line: 1). */
export async function executedUnits(
  db: TxOrDb,
  charges: { sourceType: string; projectId: number | null; quantity: number }[],
) {
  const projectIds = charges.filter((c) => c.sourceType === 'project' && c.projectId).map((c) => c.projectId!);
  return executedSessionsByProject(db, projectIds);
}

async function chargeRowsOf(
  db: TxOrDb,
  scope: Scope,
  charges: (typeof billCharges.$inferSelect)[],
): Promise<ChargeRow[]> {
  const ids = charges.map((c) => c.id);
  const settlementIds = [...new Set(charges.map((c) => c.settlementId).filter((x): x is number => x !== null))];
  const [facts, executed, packageUsed, receipts, creators] = await Promise.all([
    refundFacts(db, ids),
    executedUnits(db, charges),
    sessionsUsedByCharge(
      db,
      charges.filter((c) => c.sourceType === 'package').map((c) => c.id),
    ),
    settlementIds.length
      ? db.select().from(billReceipts).where(inArray(billReceipts.settlementId, settlementIds))
      : Promise.resolve([]),
    userNames(
      db,
      charges.map((c) => c.createdBy),
    ),
  ]);
  return charges.map((c) => ({
    id: c.id,
    patientId: c.patientId,
    treatmentId: c.treatmentId,
    sourceType: c.sourceType as ChargeRow['sourceType'],
    sourceId: c.sourceId,
    name: localName(scope.locale, c.name, c.nameEn),
    category: c.category,
    unitPriceFen: c.unitPriceFen,
    quantity: c.quantity,
    amountFen: c.amountFen,
    payStatus: c.payStatus,
    refundedQuantity: facts.refunded.get(c.id)?.q ?? 0,
    refundedFen: facts.refunded.get(c.id)?.fen ?? 0,
    pendingQuantity: facts.pending.get(c.id) ?? 0,
    settlementId: c.settlementId,
    receiptNo: receipts.find((r) => r.settlementId === c.settlementId && !r.voidedAt)?.receiptNo ?? null,
    executed:
      c.sourceType === 'workOrder' ||
      (c.projectId !== null && (executed.get(c.projectId) ?? 0) > 0) ||
      (packageUsed.get(c.id) ?? 0) > 0,
    createdAt: c.createdAt.toISOString(),
    createdByName: c.createdBy ? (creators.get(c.createdBy) ?? null) : null,
  }));
}

/** The settlements of a patient, newest first. */
export async function settlementsOfPatient(db: TxOrDb, scope: Scope, patientId: number) {
  const rows = await db
    .select()
    .from(billSettlements)
    .where(and(eq(billSettlements.organizationId, scope.organizationId), eq(billSettlements.patientId, patientId)))
    .orderBy(desc(billSettlements.id))
    .limit(200);
  return settlementRows(db, scope, rows);
}

/** Refund and withdrawal request rows, with whether the caller may decide each. */
export async function refundRequestRows(
  db: TxOrDb,
  scope: Scope,
  list: (typeof billRefundRequests.$inferSelect)[],
): Promise<RefundRequestRow[]> {
  if (!list.length) return [];
  const ids = list.map((r) => r.id);
  const [lines, patients, people, roles, settlements] = await Promise.all([
    db
      .select({
        requestId: billRefundRequestLines.requestId,
        chargeId: billRefundRequestLines.chargeId,
        name: localNameSql<string>(scope.locale, billCharges.name, billCharges.nameEn),
        quantity: billRefundRequestLines.quantity,
        amountFen: billRefundRequestLines.amountFen,
      })
      .from(billRefundRequestLines)
      .innerJoin(billCharges, eq(billCharges.id, billRefundRequestLines.chargeId))
      .where(inArray(billRefundRequestLines.requestId, ids))
      .orderBy(billRefundRequestLines.id),
    patientNames(
      db,
      scope.organizationId,
      list.map((r) => r.patientId),
    ),
    userNames(
      db,
      list.flatMap((r) => [r.requesterId, r.decidedBy]),
    ),
    roleNames(
      db,
      list.map((r) => r.approverRoleId),
      scope.locale,
    ),
    db
      .select({ id: billSettlements.id, no: billSettlements.settlementNo })
      .from(billSettlements)
      .where(
        inArray(
          billSettlements.id,
          list
            .map((r) => r.settlementId)
            .filter((x): x is number => x !== null)
            .concat([0]),
        ),
      ),
  ]);
  return list.map((r) => ({
    id: r.id,
    kind: r.kind as RefundRequestRow['kind'],
    status: r.status as RefundRequestRow['status'],
    patientId: r.patientId,
    patientName: patients.get(r.patientId) ?? '',
    settlementId: r.settlementId,
    settlementNo: settlements.find((s) => s.id === r.settlementId)?.no ?? null,
    amountFen: r.amountFen,
    reasonCode: r.reasonCode,
    reason: r.reason,
    requesterId: r.requesterId,
    requesterName: people.get(r.requesterId) ?? '',
    approverRoleId: r.approverRoleId,
    approverRoleName: roles.get(r.approverRoleId) ?? String(r.approverRoleId),
    decidedByName: r.decidedBy ? (people.get(r.decidedBy) ?? null) : null,
    decidedAt: iso(r.decidedAt),
    decisionNote: r.decisionNote,
    executedSettlementId: r.executedSettlementId,
    lines: lines
      .filter((l) => l.requestId === r.id)
      .map(({ chargeId, name, quantity, amountFen }) => ({ chargeId, name, quantity, amountFen })),
    createdAt: r.createdAt.toISOString(),
    canDecide: r.status === 'pending' && mayDecide(scope, r),
  }));
}

/** Whether the caller may approve or reject a request: the permission, the rule's role (or an administrator's), not the requester. */
export function mayDecide(scope: Scope, r: { requesterId: number; approverRoleId: number }) {
  return (
    scope.permissions.has('sys:pay:refundApprove') &&
    r.requesterId !== scope.userId &&
    (scope.roleIds.includes(r.approverRoleId) ||
      scope.roleIds.includes(RoleId.orgAdmin) ||
      scope.roleIds.includes(RoleId.superAdmin))
  );
}

/** The ledger of a patient's account, newest first, and the balance. */
export async function accountEntries(db: TxOrDb, scope: Scope, patientId: number, page: number, limit: number) {
  const [account] = await db
    .select()
    .from(billAccounts)
    .where(and(eq(billAccounts.patientId, patientId), eq(billAccounts.organizationId, scope.organizationId)));
  if (!account) return { list: [] as AccountEntry[], total: 0, balanceFen: 0 };
  const rows = await db
    .select()
    .from(billAccountEntries)
    .where(eq(billAccountEntries.accountId, account.id))
    .orderBy(desc(billAccountEntries.seq))
    .limit(limit)
    .offset((page - 1) * limit);
  const receipts = rows.length
    ? await db
        .select()
        .from(billReceipts)
        .where(
          inArray(
            billReceipts.accountEntryId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const operators = await userNames(
    db,
    rows.map((r) => r.operatorId),
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      seq: r.seq,
      kind: r.kind as AccountEntry['kind'],
      amountFen: r.amountFen,
      balanceAfterFen: r.balanceAfterFen,
      payType: r.payType,
      settlementId: r.settlementId,
      receiptNo: receipts.find((x) => x.accountEntryId === r.id)?.receiptNo ?? null,
      operatorName: r.operatorId ? (operators.get(r.operatorId) ?? null) : null,
      createdAt: r.createdAt.toISOString(),
    })),
    total: account.lastSeq,
    balanceFen: account.balanceFen,
  };
}
