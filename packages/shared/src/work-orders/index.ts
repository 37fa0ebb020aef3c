export * from './work-order-state';
export * from './slot-status';
export * from './treatment-days';
export * from './generation';
export * from './referral.schema';
