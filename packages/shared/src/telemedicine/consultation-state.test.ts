import { describe, expect, it } from 'vitest';
import {
  CONSULTATION_ACTIONS,
  CONSULTATION_STATUSES,
  nextParty,
  transitionConsultation,
  type ConsultationActionName,
  type ConsultationStatusCode,
} from './consultation-state';

/**
 * Every (state, action) pair, with and without the approval step, against the table of the issue written out by
 * hand: a pair not listed is refused.
 */
const ALLOWED: Record<
  'plain' | 'approval',
  Partial<Record<ConsultationActionName, Partial<Record<ConsultationStatusCode, ConsultationStatusCode>>>>
> = {
  plain: {
    submit: { draft: 'submitted' },
    receive: { submitted: 'received', approved: 'received' },
    accept: { received: 'accepted' },
    start: { accepted: 'in_progress' },
    saveReport: { accepted: 'report_draft', in_progress: 'report_draft', report_draft: 'report_draft' },
    sign: { report_draft: 'signed' },
    revise: { signed: 'report_draft' },
    countersign: { signed: 'closed' },
    reject: { submitted: 'rejected', approved: 'rejected', received: 'rejected' },
    cancel: {
      draft: 'cancelled',
      submitted: 'cancelled',
      approved: 'cancelled',
      received: 'cancelled',
      accepted: 'cancelled',
    },
    expire: {
      submitted: 'expired',
      approved: 'expired',
      received: 'expired',
      accepted: 'expired',
      in_progress: 'expired',
    },
  },
  approval: {},
};
ALLOWED.approval = {
  ...ALLOWED.plain,
  approve: { submitted: 'approved' },
  receive: { approved: 'received' },
};

describe('transitionConsultation', () => {
  for (const mode of ['plain', 'approval'] as const) {
    const requiresApproval = mode === 'approval';
    for (const action of CONSULTATION_ACTIONS) {
      for (const status of CONSULTATION_STATUSES) {
        const expected = ALLOWED[mode][action]?.[status];
        it(`${mode}: ${action} from ${status} ${expected ? `-> ${expected}` : 'is refused'}`, () => {
          const r = transitionConsultation(status, action, { requiresApproval, reason: 'not reachable' });
          if (expected) {
            expect(r).toEqual({ ok: true, from: status, to: expected, next: nextParty(expected, requiresApproval) });
          } else {
            expect(r.ok).toBe(false);
            if (!r.ok) expect(r.key).toMatch(/^remote\./);
          }
        });
      }
    }
  }

  it('refuses a rejection without a reason', () => {
    expect(transitionConsultation('received', 'reject', { requiresApproval: false, reason: '  ' })).toEqual({
      ok: false,
      key: 'remote.reasonRequired',
    });
  });

  it('tells the loser of a concurrent accept that the consultation was taken', () => {
    expect(transitionConsultation('accepted', 'accept', { requiresApproval: false })).toEqual({
      ok: false,
      key: 'remote.alreadyTaken',
    });
  });

  it('says a submitted request waits for its approval before the receiving office may take it', () => {
    expect(transitionConsultation('submitted', 'receive', { requiresApproval: true })).toEqual({
      ok: false,
      key: 'remote.awaitingApproval',
    });
    expect(transitionConsultation('submitted', 'approve', { requiresApproval: false })).toEqual({
      ok: false,
      key: 'remote.noApprovalStep',
    });
  });

  it('names who acts next', () => {
    expect(nextParty('submitted', true)).toBe('approver');
    expect(nextParty('submitted', false)).toBe('receiver');
    expect(nextParty('accepted', false)).toBe('expert');
    expect(nextParty('signed', false)).toBe('sender');
    expect(nextParty('closed', false)).toBeNull();
  });
});
