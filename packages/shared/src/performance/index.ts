export * from './performance.schema';
