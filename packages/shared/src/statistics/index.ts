export * from './metrics';
export * from './range';
export * from './statistics.schema';
