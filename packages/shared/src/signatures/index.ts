export * from './signature.schema';
