import { describe, expect, it } from 'vitest';
import {
  REFERRAL_ACTIONS,
  REFERRAL_OPEN_STATUSES,
  REFERRAL_STATUSES,
  REFERRAL_TERMINAL_STATUSES,
  referralNextParty,
  transitionReferral,
  type ReferralActionName,
  type ReferralStatusCode,
} from './referral-state';

/** Every (state, action) pair against the table of the issue written out by hand: a pair not listed is refused. */
const ALLOWED: Record<ReferralActionName, Partial<Record<ReferralStatusCode, ReferralStatusCode>>> = {
  receive: { requested: 'received' },
  accept: { received: 'accepted' },
  reject: { requested: 'rejected', received: 'rejected' },
  arrive: { accepted: 'arrived' },
  complete: { arrived: 'completed' },
  cancel: { requested: 'cancelled', received: 'cancelled', accepted: 'cancelled' },
};

describe('transitionReferral', () => {
  for (const status of REFERRAL_STATUSES)
    for (const action of REFERRAL_ACTIONS) {
      const to = ALLOWED[action][status];
      it(`${action} from ${status}: ${to ?? 'refused'}`, () => {
        const r = transitionReferral(status, action, { reason: 'full' });
        if (to) expect(r).toEqual({ ok: true, from: status, to, next: referralNextParty(to) });
        else expect(r).toEqual({ ok: false, key: 'referral.wrongState' });
      });
    }

  it('lets a transfer of treatment be cancelled only until accepted: its acceptance moved the plan', () => {
    for (const status of REFERRAL_STATUSES)
      for (const action of REFERRAL_ACTIONS) {
        const r = transitionReferral(status, action, { reason: 'x', kind: 'transfer' });
        if (action === 'cancel' && status === 'accepted')
          expect(r).toEqual({ ok: false, key: 'referral.transferMoved' });
        else expect(r).toEqual(transitionReferral(status, action, { reason: 'x' }));
      }
  });

  it('asks a rejection for its reason', () => {
    expect(transitionReferral('received', 'reject', {})).toEqual({ ok: false, key: 'referral.reasonRequired' });
    expect(transitionReferral('received', 'reject', { reason: '  ' })).toEqual({
      ok: false,
      key: 'referral.reasonRequired',
    });
  });

  it('names who acts next', () => {
    expect(referralNextParty('requested')).toBe('receiver');
    expect(referralNextParty('received')).toBe('receiver');
    expect(referralNextParty('accepted')).toBe('sender');
    expect(referralNextParty('arrived')).toBe('receiver');
    for (const s of REFERRAL_TERMINAL_STATUSES) expect(referralNextParty(s)).toBeNull();
  });

  it('splits the states into open and terminal ones', () => {
    expect([...REFERRAL_OPEN_STATUSES, ...REFERRAL_TERMINAL_STATUSES].sort()).toEqual([...REFERRAL_STATUSES].sort());
    // nothing leaves a terminal state
    for (const s of REFERRAL_TERMINAL_STATUSES)
      for (const a of REFERRAL_ACTIONS) expect(transitionReferral(s, a, { reason: 'x' }).ok).toBe(false);
  });
});
