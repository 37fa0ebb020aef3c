import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';
import { fenSchema, yuanInput } from './money';

/** Permission codes of outpatient billing (product `billing`: every `sys:pay:` code). */
export const BillingPerm = {
  /** the bill of a patient: charges, settlements, balance, refunds (cost tab, outpatient detail) */
  view: 'sys:pay:view',
  /** put charge lines on a bill (registration, treatment project, package, manual item) and void unpaid ones */
  charge: 'sys:pay:charge',
  /** take a payment (settle), top up a prepaid account, print receipts */
  settle: 'sys:pay:settle',
  /** ask for a refund or a withdrawal of a prepaid balance */
  refundRequest: 'sys:pay:refundRequest',
  /** approve or reject refund and withdrawal requests (within the amount rules) */
  refundApprove: 'sys:pay:refundApprove',
  /** pay out an approved refund from the till */
  refundExecute: 'sys:pay:refundExecute',
  /** open, close and hand over one's own cashier shift */
  shift: 'sys:pay:shift',
  /** reopen a closed shift (supervisor) */
  shiftReopen: 'sys:pay:shiftReopen',
  /** the daily settlement report (日结) and every cashier's shifts */
  report: 'sys:pay:report',
  /** the refund approval rules of the organization */
  rules: 'sys:pay:rules',
} as const;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optText = (max: number) => z.preprocess(blank, z.string().trim().max(max).optional());
const reqText = (max: number) =>
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max);

/**
 * A key the screen mints once when a money dialog opens (a UUID or similar, 8-64 characters): a replay of the same
 * action with the same key answers the first answer and writes nothing new.
 */
export const idempotencyKeySchema = z
  .string({ error: 'billing.keyRequired' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'billing.keyRequired' });

/** Where a charge line comes from. A line of any source but `manual` (and the settlement's own discount and
 * rounding lines) is charged once: (source, source id) is unique. */
export const ChargeSource = {
  registration: 'registration',
  project: 'project',
  workOrder: 'workOrder',
  package: 'package',
  manual: 'manual',
  /** the rent of an equipment lease, charged when the equipment comes back (source: the lease) */
  lease: 'lease',
  /** the deposit of an equipment lease, charged when it is leased and refunded through the refund flow */
  leaseDeposit: 'leaseDeposit',
  /** a remote consultation's fee (per half hour of the call), charged when the inviting side countersigns */
  consultation: 'consultation',
  discount: 'discount',
  rounding: 'rounding',
} as const;
export type ChargeSourceCode = (typeof ChargeSource)[keyof typeof ChargeSource];
export const CHARGE_SOURCES = Object.values(ChargeSource) as [ChargeSourceCode, ...ChargeSourceCode[]];

/**
 * Revenue category of a line (收入类别): what the daily report and the journal total revenue by. A deposit (押金) is
 * money held for the patient, not revenue: the journal posts it to the `deposit` liability account.
 */
export const RevenueCategory = {
  registration: 1,
  treatment: 2,
  package: 3,
  other: 4,
  lease: 5,
  deposit: 6,
  consultation: 7,
} as const;
export type RevenueCategoryCode = (typeof RevenueCategory)[keyof typeof RevenueCategory];
export const REVENUE_CATEGORIES = Object.values(RevenueCategory);

/**
 * How a pay type (dictionary `payType`, key `k`) behaves at the till. Built-in keys: 1 cash (tendered and change),
 * 2 WeChat Pay and 3 Alipay (scan: the external trade number is required), 4 bank card (the slip's reference),
 * 5 medical insurance, 6 membership card = the patient's prepaid balance. Keys an organization adds behave as
 * `other` (an optional reference).
 */
export const PayTypeKey = { cash: '1', wechat: '2', alipay: '3', card: '4', insurance: '5', prepaid: '6' } as const;
export type PayTypeBehaviour = 'cash' | 'scan' | 'card' | 'prepaid' | 'other';
export function payTypeBehaviour(k: string): PayTypeBehaviour {
  if (k === PayTypeKey.cash) return 'cash';
  if (k === PayTypeKey.wechat || k === PayTypeKey.alipay) return 'scan';
  if (k === PayTypeKey.card) return 'card';
  if (k === PayTypeKey.prepaid) return 'prepaid';
  return 'other';
}
const payTypeSchema = z.string({ error: 'billing.payTypeRequired' }).trim().min(1).max(20);

// ---------------------------------------------------------------------------------------------------------------
// input

export const billQuerySchema = z.strictObject({ patientId: idSchema, treatmentId: numberFrom(idSchema.optional()) });

const chargeItemSchema = z.discriminatedUnion('sourceType', [
  /** the registration fee of a course, at a registration type's fee */
  z.strictObject({ sourceType: z.literal('registration'), treatmentId: idSchema, registeredId: idSchema }),
  /** a prescribed treatment project, the whole course (every session) at its prescribed price */
  z.strictObject({ sourceType: z.literal('project'), projectId: idSchema }),
  /** one completed work order (a project charged per session) */
  z.strictObject({ sourceType: z.literal('workOrder'), workOrderId: idSchema }),
  /** a treatment package (course card): the sessions are the patient's entitlement once paid */
  z.strictObject({ sourceType: z.literal('package'), packageId: idSchema }),
  /** anything else the till sells (materials, a report copy) */
  z.strictObject({
    sourceType: z.literal('manual'),
    name: reqText(50),
    unitPrice: yuanInput(1),
    quantity: numberFrom(z.number().int().min(1).max(9999)),
  }),
]);
export type ChargeItemInput = z.output<typeof chargeItemSchema>;

export const chargeCreateSchema = z.strictObject({
  patientId: idSchema,
  treatmentId: numberFrom(idSchema.optional()),
  items: z.array(chargeItemSchema).min(1).max(100),
});
export type ChargeCreateInput = z.output<typeof chargeCreateSchema>;

export const chargeVoidSchema = z.strictObject({ id: idSchema, reason: reqText(100) });

export const paymentInputSchema = z.strictObject({
  payType: payTypeSchema,
  /** what this method pays of the total (yuan) */
  amount: yuanInput(1),
  /** cash handed over (yuan, cash only): at least the amount; the change is the difference */
  tendered: z.preprocess(blank, yuanInput(0).optional()),
  /** WeChat / Alipay: the external trade number from the slip or scanner; bank card: the slip's reference */
  outTradeNo: optText(64),
});
export type PaymentInput = z.output<typeof paymentInputSchema>;

export const settleSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  patientId: idSchema,
  chargeIds: z.array(idSchema).min(1).max(200),
  /** a membership level whose discount applies to the treatment lines (a discount line of its own) */
  memberId: numberFrom(idSchema.optional()),
  /** 抹零: the jiao and fen of the total are let go (a rounding line of its own) */
  roundOff: z.boolean().default(false),
  payments: z.array(paymentInputSchema).min(1).max(6),
  remark: optText(100),
});
export type SettleInput = z.output<typeof settleSchema>;

const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' });

export const settlementListSchema = pageQuerySchema.extend({
  /** patient name, pinyin initials or receipt number */
  keyword: optText(50),
  patientId: numberFrom(idSchema.optional()),
  cashierId: numberFrom(idSchema.optional()),
  from: z.preprocess(blank, dateString.optional()),
  to: z.preprocess(blank, dateString.optional()),
});
export type SettlementListQuery = z.output<typeof settlementListSchema>;

export const topUpSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  patientId: idSchema,
  amount: yuanInput(1),
  payType: payTypeSchema,
  tendered: z.preprocess(blank, yuanInput(0).optional()),
  outTradeNo: optText(64),
  remark: optText(100),
});
export type TopUpInput = z.output<typeof topUpSchema>;

export const accountEntriesSchema = pageQuerySchema.extend({ patientId: idSchema });

export const RefundReason = { declined: 1, therapistUnavailable: 2, priceError: 3, cashierError: 4, other: 9 } as const;
export const REFUND_REASONS = Object.values(RefundReason);

export const refundRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  settlementId: idSchema,
  lines: z
    .array(z.strictObject({ chargeId: idSchema, quantity: numberFrom(z.number().int().min(1).max(9999)) }))
    .min(1)
    .max(200),
  reasonCode: numberFrom(z.union(REFUND_REASONS.map((c) => z.literal(c)) as never)),
  reason: reqText(200),
});
export type RefundRequestInput = z.output<typeof refundRequestSchema>;

export const withdrawRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  patientId: idSchema,
  amount: yuanInput(1),
  reason: reqText(200),
});
export type WithdrawRequestInput = z.output<typeof withdrawRequestSchema>;

export const RefundRequestStatus = {
  pending: 'pending',
  approved: 'approved',
  rejected: 'rejected',
  cancelled: 'cancelled',
  executed: 'executed',
} as const;
export type RefundRequestStatusCode = (typeof RefundRequestStatus)[keyof typeof RefundRequestStatus];
const REQUEST_STATUSES = Object.values(RefundRequestStatus) as [RefundRequestStatusCode, ...RefundRequestStatusCode[]];

export const refundListSchema = pageQuerySchema.extend({
  status: z.preprocess(blank, z.enum(REQUEST_STATUSES).optional()),
  patientId: numberFrom(idSchema.optional()),
});
export type RefundListQuery = z.output<typeof refundListSchema>;

export const refundDecisionSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  id: idSchema,
  note: optText(200),
  /**
   * Not signing temporarily (暂不签名): where the organization has CA on, an approval or rejection is signed with the
   * decider's certificate as it is made; `true` records it unsigned, to be signed later (POST /sys/pay/refund/sign)
   */
  signLater: z.boolean({ error: 'validation.invalid' }).optional(),
});
/** POST /sys/pay/refund/sign: the decider signs a decision made without signing. */
export const refundSignSchema = z.strictObject({ id: idSchema });
export const refundExecuteSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  id: idSchema,
  /** how the money goes back; by default to the original methods (原路退回), prepaid to the account */
  payments: z
    .array(paymentInputSchema.omit({ tendered: true }))
    .max(6)
    .optional(),
});
export type RefundExecuteInput = z.output<typeof refundExecuteSchema>;

export const shiftOpenSchema = z.strictObject({ idempotencyKey: idempotencyKeySchema, float: yuanInput(0) });
export const shiftCloseSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  id: idSchema,
  counts: z.array(z.strictObject({ payType: payTypeSchema, counted: yuanInput(0), reason: optText(100) })).max(20),
});
export type ShiftCloseInput = z.output<typeof shiftCloseSchema>;
export const shiftHandoverSchema = z.strictObject({ id: idSchema, toUserId: idSchema });
export const shiftReopenSchema = z.strictObject({ id: idSchema, reason: reqText(200) });
export const shiftListSchema = pageQuerySchema.extend({
  cashierId: numberFrom(idSchema.optional()),
  from: z.preprocess(blank, dateString.optional()),
  to: z.preprocess(blank, dateString.optional()),
});
export type ShiftListQuery = z.output<typeof shiftListSchema>;

export const dailyReportSchema = z.strictObject({
  date: dateString,
  /** one cashier's report; the organization's when absent */
  cashierId: numberFrom(idSchema.optional()),
});
export type DailyReportQuery = z.output<typeof dailyReportSchema>;

export const refundRuleSaveSchema = z.strictObject({
  rules: z
    .array(z.strictObject({ minAmount: yuanInput(0), roleId: idSchema }))
    .min(1)
    .max(10),
});
export type RefundRuleSaveInput = z.output<typeof refundRuleSaveSchema>;

// ---------------------------------------------------------------------------------------------------------------
// answers (as JSON carries them: times as ISO strings, money as fen)

const int = z.number().int();

export const chargeRowSchema = z.strictObject({
  id: int,
  patientId: int,
  treatmentId: int.nullable(),
  sourceType: z.enum(CHARGE_SOURCES),
  sourceId: int.nullable(),
  name: z.string(),
  category: int,
  unitPriceFen: fenSchema,
  quantity: int,
  amountFen: fenSchema,
  payStatus: int,
  /** quantities refunded and requested for refund (pending) so far; what remains refundable is computed */
  refundedQuantity: int,
  refundedFen: fenSchema,
  pendingQuantity: int,
  /** the settlement that paid the line, and its receipt number */
  settlementId: int.nullable(),
  receiptNo: z.string().nullable(),
  /** a project or work order already executed (completed / signed): not refundable until voided */
  executed: z.boolean(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type ChargeRow = z.output<typeof chargeRowSchema>;

/** Something billable of the patient that is not on the bill yet (the till offers it). */
export const billableSchema = z.strictObject({
  sourceType: z.enum(CHARGE_SOURCES),
  sourceId: int,
  treatmentId: int.nullable(),
  name: z.string(),
  unitPriceFen: fenSchema.nullable(),
  quantity: int,
  amountFen: fenSchema.nullable(),
  detail: z.string().nullable(),
});
export type Billable = z.output<typeof billableSchema>;

export const paymentRowSchema = z.strictObject({
  id: int,
  payType: z.string(),
  amountFen: fenSchema,
  tenderedFen: fenSchema.nullable(),
  changeFen: fenSchema,
  outTradeNo: z.string().nullable(),
  /** the payment a refund pays back */
  originalPaymentId: int.nullable(),
});
export type PaymentRow = z.output<typeof paymentRowSchema>;

export const receiptRowSchema = z.strictObject({
  id: int,
  receiptNo: z.string(),
  kind: z.enum(['settlement', 'topUp', 'reissue']),
  amountFen: fenSchema,
  printCount: int,
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** a re-issued receipt names the one it replaces */
  replacesNo: z.string().nullable(),
  createdAt: z.string(),
});
export type ReceiptRow = z.output<typeof receiptRowSchema>;

export const settlementRowSchema = z.strictObject({
  id: int,
  settlementNo: z.string(),
  kind: z.enum(['charge', 'reversal']),
  patientId: int,
  patientName: z.string(),
  treatmentId: int.nullable(),
  totalFen: fenSchema,
  /** receipts of the settlement that are in force (the first, or the re-issue after a partial refund) */
  receiptNo: z.string().nullable(),
  reversalOfId: int.nullable(),
  cashierId: int,
  cashierName: z.string(),
  shiftId: int,
  payTypes: z.array(z.string()),
  refundedFen: fenSchema,
  createdAt: z.string(),
});
export type SettlementRow = z.output<typeof settlementRowSchema>;

export const settlementLineSchema = z.strictObject({
  id: int,
  chargeId: int,
  name: z.string(),
  sourceType: z.enum(CHARGE_SOURCES),
  category: int,
  unitPriceFen: fenSchema,
  quantity: int,
  amountFen: fenSchema,
});

export const settlementInfoSchema = settlementRowSchema.extend({
  lines: z.array(settlementLineSchema),
  payments: z.array(paymentRowSchema),
  receipts: z.array(receiptRowSchema),
  reversals: z.array(z.strictObject({ id: int, settlementNo: z.string(), totalFen: fenSchema, createdAt: z.string() })),
  remark: z.string().nullable(),
  /** the patient's prepaid balance after it */
  balanceFen: fenSchema,
});
export type SettlementInfo = z.output<typeof settlementInfoSchema>;

export const accountEntrySchema = z.strictObject({
  id: int,
  seq: int,
  kind: z.enum(['topUp', 'consume', 'refundToAccount', 'withdraw', 'adjust']),
  amountFen: fenSchema,
  balanceAfterFen: fenSchema,
  payType: z.string().nullable(),
  settlementId: int.nullable(),
  receiptNo: z.string().nullable(),
  operatorName: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountEntry = z.output<typeof accountEntrySchema>;

export const refundRequestRowSchema = z.strictObject({
  id: int,
  kind: z.enum(['refund', 'withdraw']),
  status: z.enum(REQUEST_STATUSES),
  patientId: int,
  patientName: z.string(),
  settlementId: int.nullable(),
  settlementNo: z.string().nullable(),
  amountFen: fenSchema,
  reasonCode: int,
  reason: z.string(),
  requesterId: int,
  requesterName: z.string(),
  /** the role whose holders may approve it (by the amount rules) */
  approverRoleId: int,
  approverRoleName: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  executedSettlementId: int.nullable(),
  lines: z.array(z.strictObject({ chargeId: int, name: z.string(), quantity: int, amountFen: fenSchema })),
  createdAt: z.string(),
  /** whether the caller may approve it now (permission, role and not the requester) */
  canDecide: z.boolean(),
});
export type RefundRequestRow = z.output<typeof refundRequestRowSchema>;

/**
 * A package the patient bought (疗程卡): its sessions, how many completed work orders have used (划卡), until when
 * it is valid, and whether it can be used now. `active` needs the sale paid, sessions left and the validity not over.
 */
export const ENTITLEMENT_STATES = ['unpaid', 'active', 'usedUp', 'expired', 'refunded'] as const;
export const entitlementRowSchema = z.strictObject({
  id: int,
  chargeId: int,
  name: z.string(),
  sessionsTotal: int,
  sessionsUsed: int,
  sessionsLeft: int,
  pricePerSessionFen: fenSchema,
  validUntil: z.string().nullable(),
  state: z.enum(ENTITLEMENT_STATES),
  /**
   * the sessions used: work order, its service day and project, when; a use whose execution was withdrawn gave its
   * session back (`returnedAt`) and is listed, not counted
   */
  uses: z.array(
    z.strictObject({
      workOrderId: int,
      name: z.string(),
      treatDate: z.string().nullable(),
      usedAt: z.string(),
      returnedAt: z.string().nullable(),
    }),
  ),
});
export type EntitlementRow = z.output<typeof entitlementRowSchema>;

/** Completed work orders paid by sessions of a package instead of money (划卡); idempotent. */
export const entitlementUseSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  entitlementId: idSchema,
  workOrderIds: z.array(idSchema).min(1).max(50),
});
export type EntitlementUseInput = z.output<typeof entitlementUseSchema>;

export const billSchema = z.strictObject({
  patient: z.strictObject({ id: int, name: z.string(), phone: z.string().nullable() }),
  charges: z.array(chargeRowSchema),
  billable: z.array(billableSchema),
  settlements: z.array(settlementRowSchema),
  refunds: z.array(refundRequestRowSchema),
  /** the packages the patient bought, newest first */
  entitlements: z.array(entitlementRowSchema),
  balanceFen: fenSchema,
  totals: z.strictObject({ unpaidFen: fenSchema, paidFen: fenSchema, refundedFen: fenSchema }),
});
export type Bill = z.output<typeof billSchema>;

export const settleResultSchema = z.strictObject({
  settlement: settlementInfoSchema,
  /** the key was seen before: this is the first answer, nothing new was written */
  replayed: z.boolean(),
});

export const topUpResultSchema = z.strictObject({
  entry: accountEntrySchema,
  receipt: receiptRowSchema,
  balanceFen: fenSchema,
  replayed: z.boolean(),
});

export const byPayTypeSchema = z.strictObject({ payType: z.string(), amountFen: fenSchema });

export const shiftReportSchema = z.strictObject({
  /** expected in the drawer per pay type: float (cash) + takings + top-ups - refunds - withdrawals - change */
  expected: z.array(byPayTypeSchema),
  takings: z.array(byPayTypeSchema),
  refunds: z.array(byPayTypeSchema),
  topUps: z.array(byPayTypeSchema),
  withdrawals: z.array(byPayTypeSchema),
  settlementCount: int,
  refundCount: int,
  totalFen: fenSchema,
});
export type ShiftReport = z.output<typeof shiftReportSchema>;

export const shiftRowSchema = z.strictObject({
  id: int,
  cashierId: int,
  cashierName: z.string(),
  status: z.enum(['open', 'closed', 'handedOver']),
  floatFen: fenSchema,
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  handedToName: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  differenceFen: fenSchema.nullable(),
  reopenedCount: int,
});
export type ShiftRow = z.output<typeof shiftRowSchema>;

export const shiftInfoSchema = shiftRowSchema.extend({
  report: shiftReportSchema,
  counts: z.array(
    z.strictObject({
      payType: z.string(),
      expectedFen: fenSchema,
      countedFen: fenSchema,
      differenceFen: fenSchema,
      reason: z.string().nullable(),
    }),
  ),
  handedToId: int.nullable(),
});
export type ShiftInfo = z.output<typeof shiftInfoSchema>;

export const dailyReportAnswerSchema = z.strictObject({
  date: z.string(),
  cashierId: int.nullable(),
  byPayType: z.array(
    z.strictObject({
      payType: z.string(),
      takingsFen: fenSchema,
      refundsFen: fenSchema,
      topUpsFen: fenSchema,
      withdrawalsFen: fenSchema,
      netFen: fenSchema,
    }),
  ),
  byCategory: z.array(z.strictObject({ category: int, revenueFen: fenSchema, refundsFen: fenSchema })),
  refunds: z.array(
    z.strictObject({
      settlementNo: z.string(),
      patientName: z.string(),
      amountFen: fenSchema,
      originalNo: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  receipts: z.strictObject({
    used: z.array(z.string()),
    voided: z.array(z.string()),
    reprinted: z.array(z.string()),
  }),
  prepaid: z.strictObject({ topUpsFen: fenSchema, withdrawalsFen: fenSchema, consumedFen: fenSchema }),
  /** 预交金收入 − 退预交金 + 结算收入(不含预交金支付) = 实收 */
  identity: z.strictObject({
    prepaidIncomeFen: fenSchema,
    prepaidRefundsFen: fenSchema,
    settlementIncomeFen: fenSchema,
    cashTakenFen: fenSchema,
    holds: z.boolean(),
  }),
  /** the journal of the day: debits = credits, per account */
  journal: z.strictObject({
    debitFen: fenSchema,
    creditFen: fenSchema,
    accounts: z.array(z.strictObject({ account: z.string(), debitFen: fenSchema, creditFen: fenSchema })),
  }),
  settlementCount: int,
});
export type DailyReport = z.output<typeof dailyReportAnswerSchema>;

export const refundRuleRowSchema = z.strictObject({
  minAmountFen: fenSchema,
  roleId: int,
  roleName: z.string(),
});

export const billingStatusSchema = z.strictObject({
  /** the electronic fiscal receipt (财政电子票据) and payment terminal adapters: none ships; null when not configured */
  eReceiptAdapter: z.string().nullable(),
  paymentTerminalAdapter: z.string().nullable(),
});
