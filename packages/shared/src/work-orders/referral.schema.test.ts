import { describe, expect, it } from 'vitest';
import { handleStateSchema, myReferralSchema, uploadConfirmationQuerySchema } from './referral.schema';

describe('work-order request schemas', () => {
  it('handleState: SINGLE by default needs an id, BATCH needs ids', () => {
    expect(handleStateSchema.parse({ id: 3, action: 'execute' })).toMatchObject({ mode: 'SINGLE', id: 3 });
    expect(handleStateSchema.safeParse({ action: 'execute' }).error?.issues[0]?.path).toEqual(['id']);
    expect(handleStateSchema.safeParse({ mode: 'BATCH', ids: [], action: 'execute' }).error?.issues[0]?.path).toEqual([
      'ids',
    ]);
    expect(handleStateSchema.parse({ mode: 'BATCH', ids: ['4', 5], action: 'withdraw' }).ids).toEqual([4, 5]);
  });

  it('handleState: sign and photograph go through the upload, unknown actions are refused', () => {
    for (const action of ['sign', 'photograph', 'fly']) {
      expect(handleStateSchema.safeParse({ id: 1, action }).success).toBe(false);
    }
    expect(handleStateSchema.parse({ id: 1, action: 'invalidate', reason: '  ' }).reason).toBeUndefined();
  });

  it('upload query: ids as a comma list and the kind', () => {
    expect(uploadConfirmationQuerySchema.parse({ ids: '1,2', kind: '2' })).toEqual({ ids: [1, 2], kind: 2 });
    expect(uploadConfirmationQuerySchema.safeParse({ ids: '', kind: '1' }).success).toBe(false);
    expect(uploadConfirmationQuerySchema.safeParse({ ids: '1', kind: '3' }).success).toBe(false);
  });

  it('my orders: unfinish by default, dates checked', () => {
    expect(myReferralSchema.parse({}).action).toBe('unfinish');
    expect(myReferralSchema.safeParse({ startDate: '22/11/2026' }).success).toBe(false);
  });
});
