import { describe, expect, it } from 'vitest';
import { PAY_EVENTS, PayStatus, displayPayStatus, nextPayStatus, type PayEvent } from './pay-status';

const S = PayStatus;
/** Every allowed move; everything else must be refused. [from, event, before?, to] */
const ALLOWED: [number, PayEvent, number | undefined, number][] = [
  [S.unpaid, 'settle', undefined, S.paid],
  [S.paymentPending, 'settle', undefined, S.paid],
  [S.unpaid, 'shortOfBalance', undefined, S.paymentPending],
  [S.paymentPending, 'toppedUp', undefined, S.unpaid],
  [S.unpaid, 'void', undefined, S.voided],
  [S.paymentPending, 'void', undefined, S.voided],
  [S.paid, 'requestRefund', undefined, S.refundPending],
  [S.partlyRefunded, 'requestRefund', undefined, S.refundPending],
  [S.refundPending, 'refundPartly', undefined, S.partlyRefunded],
  [S.refundPending, 'refundFully', undefined, S.refunded],
  [S.refundPending, 'rejectRefund', S.paid, S.paid],
  [S.refundPending, 'rejectRefund', S.partlyRefunded, S.partlyRefunded],
  [S.refundPending, 'cancelRefund', S.paid, S.paid],
  [S.refundPending, 'cancelRefund', S.partlyRefunded, S.partlyRefunded],
];

describe('pay status state machine', () => {
  it('allows exactly the listed moves, for every state, event and prior state', () => {
    const states = [0, 1, 2, 3, 4, 5, 6, 9];
    for (const from of states)
      for (const event of PAY_EVENTS)
        for (const before of [undefined, S.paid, S.partlyRefunded]) {
          // a request made without a recorded prior state returns to paid
          const prior = before ?? S.paid;
          const hit = ALLOWED.find(
            ([f, e, b]) => f === displayPayStatus(from) && e === event && (b === undefined || b === prior),
          );
          const expected = hit ? hit[3] : null;
          expect(nextPayStatus(from, event, before), `${from} ${event} ${before}`).toBe(expected);
        }
  });

  it('reads the legacy refunded code 2 as fully refunded', () => {
    expect(displayPayStatus(2)).toBe(S.refunded);
    expect(nextPayStatus(2, 'requestRefund')).toBeNull();
  });
});
