export * from './money';
export * from './pay-status';
export * from './billing.schema';
export * from './settlement-rules';
