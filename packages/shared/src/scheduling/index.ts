export * from './recommend';
export * from './scheduling.schema';
