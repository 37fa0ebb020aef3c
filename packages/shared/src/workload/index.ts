export * from './clock-in';
export * from './workload.schema';
