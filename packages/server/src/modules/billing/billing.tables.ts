import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { roles } from '../roles/roles.tables';
import { patients, treatments } from '../patients/patients.tables';
import { createdAt, ts } from '../../db/columns';

/**
 * Outpatient billing (docs/decisions.md, "Outpatient billing"). Money is integer fen. Settlements, their lines and
 * payments, receipts, account entries and journal lines are append-only: a refund is a reversal settlement, never
 * an edit. The only rows that change are a charge's pay status, a receipt's print count and void mark, a request's
 * decision, a shift's close, the account's cached balance and the counters.
 */

/**
 * A charge line (费用明细): what the patient owes for one thing, priced when it was charged. A line of any source
 * but manual is charged once (source, source id unique); discount and rounding lines belong to their settlement.
 */
export const billCharges = pgTable(
  'bill_charge',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    treatmentId: integer('treatment_id').references(() => treatments.id),
    /** shared ChargeSource */
    sourceType: varchar('source_type', { length: 20 }).notNull(),
    /** the registration's course, the project, work order or package; null for manual, discount, rounding */
    sourceId: integer('source_id'),
    /** the prescribed project of a project or work-order line: a project is charged per course or per session */
    projectId: integer('project_id'),
    name: varchar('name', { length: 100 }).notNull(),
    /** the name in English, snapshotted with `name` from the same source; null where the source has none */
    nameEn: varchar('name_en', { length: 120 }),
    /** shared RevenueCategory */
    category: smallint('category').notNull(),
    unitPriceFen: integer('unit_price_fen').notNull(),
    quantity: integer('quantity').notNull(),
    /** unit price x quantity; discount and rounding lines are negative */
    amountFen: integer('amount_fen').notNull(),
    /** shared PayStatus */
    payStatus: smallint('pay_status').notNull().default(0),
    /** the settlement that paid it */
    settlementId: integer('settlement_id'),
    voidReason: varchar('void_reason', { length: 100 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bill_charge_source_uq')
      .on(t.organizationId, t.sourceType, t.sourceId)
      .where(sql`${t.sourceId} IS NOT NULL AND ${t.payStatus} <> 9`),
    index('bill_charge_patient_idx').on(t.patientId, t.id),
    index('bill_charge_project_idx').on(t.projectId),
    check(
      'bill_charge_amount',
      sql`${t.quantity} > 0 AND ${t.amountFen} = ${t.unitPriceFen} * ${t.quantity} AND CASE WHEN ${t.sourceType} IN ('discount', 'rounding') THEN ${t.unitPriceFen} <= 0 ELSE ${t.unitPriceFen} >= 0 END`,
    ),
  ],
);

/**
 * A settlement (结算): one payment event. `kind` charge takes money for lines; reversal pays back (a refund) and
 * names the settlement it reverses. Totals are never negative: the kind gives the direction. Every settlement
 * balances: its payments less the change equal its total (a deferred constraint trigger checks it at commit).
 */
export const billSettlements = pgTable(
  'bill_settlement',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** JS + year + per-organization yearly sequence, e.g. JS2026-000123 (refunds: TF2026-000007) */
    settlementNo: varchar('settlement_no', { length: 30 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    treatmentId: integer('treatment_id').references(() => treatments.id),
    totalFen: integer('total_fen').notNull(),
    reversalOf: integer('reversal_of'),
    refundRequestId: integer('refund_request_id'),
    cashierId: integer('cashier_id')
      .notNull()
      .references(() => users.id),
    shiftId: integer('shift_id').notNull(),
    remark: varchar('remark', { length: 100 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bill_settlement_no_uq').on(t.organizationId, t.settlementNo),
    index('bill_settlement_org_time_idx').on(t.organizationId, t.createdAt, t.id),
    index('bill_settlement_patient_idx').on(t.patientId, t.id),
    index('bill_settlement_shift_idx').on(t.shiftId),
    index('bill_settlement_reversal_idx').on(t.reversalOf),
    check('bill_settlement_total', sql`${t.totalFen} >= 0`),
    check('bill_settlement_kind', sql`${t.kind} IN ('charge', 'reversal')`),
  ],
);

/** What a settlement paid (or paid back) of each charge line: quantity and amount, never negative. */
export const billSettlementLines = pgTable(
  'bill_settlement_line',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => billSettlements.id),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => billCharges.id),
    quantity: integer('quantity').notNull(),
    /** signed like the charge (a discount line is negative), for the settlement's direction */
    amountFen: integer('amount_fen').notNull(),
  },
  (t) => [
    index('bill_settlement_line_settlement_idx').on(t.settlementId),
    index('bill_settlement_line_charge_idx').on(t.chargeId),
    check('bill_settlement_line_quantity', sql`${t.quantity} > 0`),
  ],
);

/** A payment of a settlement by one pay type (a refund's payment pays back the original it names). */
export const billPayments = pgTable(
  'bill_payment',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    settlementId: integer('settlement_id').references(() => billSettlements.id),
    /** a top-up or withdrawal of the prepaid account is a payment of no settlement */
    accountEntryId: integer('account_entry_id'),
    /** dictionary payType key */
    payType: varchar('pay_type', { length: 20 }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    tenderedFen: integer('tendered_fen'),
    changeFen: integer('change_fen').notNull().default(0),
    outTradeNo: varchar('out_trade_no', { length: 64 }),
    originalPaymentId: integer('original_payment_id'),
  },
  (t) => [
    index('bill_payment_settlement_idx').on(t.settlementId),
    index('bill_payment_original_idx').on(t.originalPaymentId),
    check(
      'bill_payment_amount',
      sql`${t.amountFen} > 0 AND ${t.changeFen} >= 0 AND (${t.tenderedFen} IS NULL OR ${t.tenderedFen} = ${t.amountFen} + ${t.changeFen})`,
    ),
  ],
);

/**
 * A receipt (收据): one per charge settlement and per top-up, numbered without gaps from a per-organization yearly
 * counter; a partial refund voids the receipt in force and re-issues one for the remainder (补开收据).
 */
export const billReceipts = pgTable(
  'bill_receipt',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    receiptNo: varchar('receipt_no', { length: 30 }).notNull(),
    /** settlement | topUp | reissue */
    kind: varchar('kind', { length: 10 }).notNull(),
    settlementId: integer('settlement_id').references(() => billSettlements.id),
    accountEntryId: integer('account_entry_id'),
    amountFen: integer('amount_fen').notNull(),
    printCount: integer('print_count').notNull().default(0),
    replacesId: integer('replaces_id'),
    voidedAt: ts('voided_at'),
    voidReason: varchar('void_reason', { length: 100 }),
    cashierId: integer('cashier_id')
      .notNull()
      .references(() => users.id),
    shiftId: integer('shift_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bill_receipt_no_uq').on(t.organizationId, t.receiptNo),
    index('bill_receipt_settlement_idx').on(t.settlementId),
    index('bill_receipt_org_time_idx').on(t.organizationId, t.createdAt),
    check('bill_receipt_amount', sql`${t.amountFen} >= 0 AND ${t.printCount} >= 0`),
  ],
);

/** Gapless per-organization yearly counters (receipts, settlements, refunds): taken inside the writing transaction. */
export const billCounters = pgTable(
  'bill_counter',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** receipt | settlement | refund */
    name: varchar('name', { length: 20 }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [uniqueIndex('bill_counter_uq').on(t.organizationId, t.name, t.year)],
);

/** The prepaid account of a patient (预交金账户). The balance is the last entry's; kept here too, locked to write. */
export const billAccounts = pgTable(
  'bill_account',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    balanceFen: integer('balance_fen').notNull().default(0),
    lastSeq: integer('last_seq').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bill_account_patient_uq').on(t.patientId),
    check('bill_account_balance', sql`${t.balanceFen} >= 0`),
  ],
);

/** The ledger of a prepaid account: append-only, the balance after each entry never negative. */
export const billAccountEntries = pgTable(
  'bill_account_entry',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => billAccounts.id),
    seq: integer('seq').notNull(),
    /** topUp | consume | refundToAccount | withdraw | adjust */
    kind: varchar('kind', { length: 20 }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    balanceAfterFen: integer('balance_after_fen').notNull(),
    payType: varchar('pay_type', { length: 20 }),
    settlementId: integer('settlement_id').references(() => billSettlements.id),
    refundRequestId: integer('refund_request_id'),
    shiftId: integer('shift_id'),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bill_account_entry_seq_uq').on(t.accountId, t.seq),
    index('bill_account_entry_shift_idx').on(t.shiftId),
    check('bill_account_entry_balance', sql`${t.balanceAfterFen} >= 0 AND ${t.amountFen} <> 0`),
  ],
);

/** A refund (of settlement lines) or a withdrawal (of prepaid balance) waiting for, or past, approval. */
export const billRefundRequests = pgTable(
  'bill_refund_request',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** refund | withdraw */
    kind: varchar('kind', { length: 10 }).notNull(),
    /** pending | approved | rejected | cancelled | executed */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    settlementId: integer('settlement_id').references(() => billSettlements.id),
    amountFen: integer('amount_fen').notNull(),
    reasonCode: smallint('reason_code').notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id),
    approverRoleId: integer('approver_role_id')
      .notNull()
      .references(() => roles.id),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    decisionNote: varchar('decision_note', { length: 200 }),
    executedSettlementId: integer('executed_settlement_id'),
    executedAt: ts('executed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bill_refund_request_org_status_idx').on(t.organizationId, t.status, t.id),
    index('bill_refund_request_patient_idx').on(t.patientId),
    // one open request per settlement (pending or approved, not yet executed)
    uniqueIndex('bill_refund_request_open_uq')
      .on(t.settlementId)
      .where(sql`${t.status} IN ('pending', 'approved')`),
    check('bill_refund_request_amount', sql`${t.amountFen} > 0`),
    check('bill_refund_request_decider', sql`${t.decidedBy} IS NULL OR ${t.decidedBy} <> ${t.requesterId}`),
  ],
);

/** The lines and quantities a refund request asks back, and the pay status each line had before. */
export const billRefundRequestLines = pgTable(
  'bill_refund_request_line',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => billRefundRequests.id),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => billCharges.id),
    quantity: integer('quantity').notNull(),
    amountFen: integer('amount_fen').notNull(),
    prevStatus: smallint('prev_status').notNull(),
  },
  (t) => [index('bill_refund_request_line_request_idx').on(t.requestId), check('bill_rrl_qty', sql`${t.quantity} > 0`)],
);

/** Which role approves a refund from an amount on (per organization; the highest rule not above the amount). */
export const billRefundRules = pgTable(
  'bill_refund_rule',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    minAmountFen: integer('min_amount_fen').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [
    uniqueIndex('bill_refund_rule_uq').on(t.organizationId, t.minAmountFen),
    check('bill_refund_rule_amount', sql`${t.minAmountFen} >= 0`),
  ],
);

/** A cashier's shift (班次): open with a float, closed with counts, handed over and accepted. */
export const billShifts = pgTable(
  'bill_shift',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    cashierId: integer('cashier_id')
      .notNull()
      .references(() => users.id),
    /** open | closed | handedOver */
    status: varchar('status', { length: 12 }).notNull().default('open'),
    floatFen: integer('float_fen').notNull(),
    openedAt: ts('opened_at').notNull(),
    closedAt: ts('closed_at'),
    differenceFen: integer('difference_fen'),
    handedTo: integer('handed_to').references(() => users.id),
    acceptedAt: ts('accepted_at'),
    reopenedCount: integer('reopened_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('bill_shift_open_uq')
      .on(t.organizationId, t.cashierId)
      .where(sql`${t.status} = 'open'`),
    index('bill_shift_org_time_idx').on(t.organizationId, t.openedAt),
    check('bill_shift_float', sql`${t.floatFen} >= 0`),
  ],
);

/** The counted amount per pay type at a shift's close, with the difference to the expected amount and why. */
export const billShiftCounts = pgTable(
  'bill_shift_count',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => billShifts.id),
    payType: varchar('pay_type', { length: 20 }).notNull(),
    expectedFen: integer('expected_fen').notNull(),
    countedFen: integer('counted_fen').notNull(),
    reason: varchar('reason', { length: 100 }),
    /** a reopened shift's earlier counts stay, superseded */
    closeNo: integer('close_no').notNull().default(1),
  },
  (t) => [
    index('bill_shift_count_shift_idx').on(t.shiftId),
    check('bill_shift_count_counted', sql`${t.countedFen} >= 0`),
  ],
);

/** What happened to a shift besides its rows: reopen (who, why), handover, accept. */
export const billShiftEvents = pgTable(
  'bill_shift_event',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => billShifts.id),
    kind: varchar('kind', { length: 12 }).notNull(),
    userId: integer('user_id').references(() => users.id),
    note: varchar('note', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [index('bill_shift_event_shift_idx').on(t.shiftId)],
);

/**
 * The double-entry journal behind the reports: every settlement, refund, top-up and withdrawal posts an entry whose
 * lines' debits equal their credits. Accounts: `clearing:<payType>` (money in the till or on its way from the
 * bank or scan-pay provider), `revenue:<category>`, `prepaid` (the patients' balances, a liability), `discount`.
 */
export const billJournalEntries = pgTable(
  'bill_journal_entry',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: varchar('kind', { length: 20 }).notNull(),
    settlementId: integer('settlement_id'),
    accountEntryId: integer('account_entry_id'),
    cashierId: integer('cashier_id').references(() => users.id),
    occurredAt: ts('occurred_at').notNull(),
  },
  (t) => [index('bill_journal_entry_org_time_idx').on(t.organizationId, t.occurredAt)],
);

export const billJournalLines = pgTable(
  'bill_journal_line',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => billJournalEntries.id),
    account: varchar('account', { length: 40 }).notNull(),
    debitFen: integer('debit_fen').notNull().default(0),
    creditFen: integer('credit_fen').notNull().default(0),
  },
  (t) => [
    index('bill_journal_line_entry_idx').on(t.entryId),
    check(
      'bill_journal_line_side',
      sql`${t.debitFen} >= 0 AND ${t.creditFen} >= 0 AND (${t.debitFen} = 0) <> (${t.creditFen} = 0)`,
    ),
  ],
);

/**
 * Idempotency of the money actions: the key a dialog minted, the action, who, and the first answer. The row is
 * written first in the action's transaction, so a concurrent replay waits for it and then reads the answer.
 */
export const billIdempotency = pgTable(
  'bill_idempotency',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    key: varchar('key', { length: 64 }).notNull(),
    action: varchar('action', { length: 30 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    answer: jsonb('answer'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bill_idempotency_uq').on(t.organizationId, t.key)],
);

/**
 * A package bought (疗程卡): the sessions it entitles the patient to, until when, and the price of one session (for
 * the revenue of each session used and the refund of the unused part).
 */
export const billEntitlements = pgTable(
  'bill_entitlement',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => billCharges.id),
    packageId: integer('package_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    sessionsTotal: integer('sessions_total').notNull(),
    pricePerSessionFen: integer('price_per_session_fen').notNull(),
    validUntil: ts('valid_until'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bill_entitlement_charge_uq').on(t.chargeId),
    index('bill_entitlement_patient_idx').on(t.patientId),
    check('bill_entitlement_sessions', sql`${t.sessionsTotal} > 0 AND ${t.pricePerSessionFen} >= 0`),
  ],
);

/** A session of a package used by a completed work order (once per work order). */
export const billEntitlementUses = pgTable(
  'bill_entitlement_use',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => billEntitlements.id),
    workOrderId: integer('work_order_id').notNull(),
    /** the prescribed project of the work order: it is then charged neither per course nor per session */
    projectId: integer('project_id'),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** the session went back to the package: the execution it paid for was withdrawn (set once, never cleared) */
    returnedAt: ts('returned_at'),
    returnedBy: integer('returned_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // one use a work order, of those not returned (a withdrawn and executed again order may be paid again)
    uniqueIndex('bill_entitlement_use_order_uq')
      .on(t.workOrderId)
      .where(sql`${t.returnedAt} is null`),
    index('bill_entitlement_use_idx').on(t.entitlementId),
    index('bill_entitlement_use_project_idx').on(t.projectId),
  ],
);
