export * from './tubes.schema';
export * from './leases.schema';
