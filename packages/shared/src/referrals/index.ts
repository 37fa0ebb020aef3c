export * from './referral-state';
export * from './referrals.schema';
