/**
 * Pay status of a charge line (spec section 4: 0 unpaid, 1 paid, 2 refunded, 3 payment pending, 4 refund pending,
 * 5 and 6 refunded) as ONE transition function, used by the server to move a line and by the screens to offer what
 * a line allows. Written down in docs/decisions.md ("Outpatient billing").
 *
 * - 0 unpaid -> 1 paid (settled); 0 -> 3 payment pending (the prepaid balance is too low: the patient is to top up);
 *   3 -> 0 (topped up, or the cashier takes another method) or 3 -> 1 (settled).
 * - 1 paid -> 4 refund pending (a refund is requested); 4 -> 5 partly or 6 fully refunded (the refund is executed);
 *   a rejected or cancelled request returns to the state before it (1, or 5 for a further refund).
 * - 5 -> 4 (a further refund of what remains) -> 5 or 6.
 * - 0 and 3 -> voided (作废): a charge nobody pays is cancelled; 1, 4, 5, 6 never are (only refunded).
 *
 * Code 2 (已退费) of the spec overlaps 5 and 6: the server never writes it, and legacy data reads it as 6.
 */
export const PayStatus = {
  unpaid: 0,
  paid: 1,
  refundedLegacy: 2,
  paymentPending: 3,
  refundPending: 4,
  partlyRefunded: 5,
  refunded: 6,
  /** 作废: a charge withdrawn before it was paid (not a spec code; the line leaves the bill) */
  voided: 9,
} as const;
export type PayStatusCode = (typeof PayStatus)[keyof typeof PayStatus];

export type PayEvent =
  | 'settle'
  | 'shortOfBalance'
  | 'toppedUp'
  | 'requestRefund'
  | 'rejectRefund'
  | 'cancelRefund'
  | 'refundPartly'
  | 'refundFully'
  | 'void';

export const PAY_EVENTS: readonly PayEvent[] = [
  'settle',
  'shortOfBalance',
  'toppedUp',
  'requestRefund',
  'rejectRefund',
  'cancelRefund',
  'refundPartly',
  'refundFully',
  'void',
];

/** The states the server writes (2 is read only). */
export const WRITTEN_PAY_STATUSES: readonly PayStatusCode[] = [0, 1, 3, 4, 5, 6, 9];

/** Legacy 2 reads as 6 (fully refunded). */
export const displayPayStatus = (code: number): PayStatusCode =>
  (code === PayStatus.refundedLegacy ? PayStatus.refunded : code) as PayStatusCode;

/**
 * The state after `event`, or null when the event is not allowed in `from`. `before` is the state a pending refund
 * request was made from (1 or 5): a rejected or cancelled request returns there.
 */
export function nextPayStatus(from: number, event: PayEvent, before?: number): PayStatusCode | null {
  const s = displayPayStatus(from);
  switch (event) {
    case 'settle':
      return s === PayStatus.unpaid || s === PayStatus.paymentPending ? PayStatus.paid : null;
    case 'shortOfBalance':
      return s === PayStatus.unpaid ? PayStatus.paymentPending : null;
    case 'toppedUp':
      return s === PayStatus.paymentPending ? PayStatus.unpaid : null;
    case 'void':
      return s === PayStatus.unpaid || s === PayStatus.paymentPending ? PayStatus.voided : null;
    case 'requestRefund':
      return s === PayStatus.paid || s === PayStatus.partlyRefunded ? PayStatus.refundPending : null;
    case 'rejectRefund':
    case 'cancelRefund':
      if (s !== PayStatus.refundPending) return null;
      return before === PayStatus.partlyRefunded ? PayStatus.partlyRefunded : PayStatus.paid;
    case 'refundPartly':
      return s === PayStatus.refundPending ? PayStatus.partlyRefunded : null;
    case 'refundFully':
      return s === PayStatus.refundPending ? PayStatus.refunded : null;
  }
}

/** Whether the line can be put on a settlement now. */
export const isPayable = (code: number) => code === PayStatus.unpaid || code === PayStatus.paymentPending;
/** Whether a refund can be requested for the line now (something of it was paid and is not refunded or pending). */
export const isRefundable = (code: number) => code === PayStatus.paid || code === PayStatus.partlyRefunded;
