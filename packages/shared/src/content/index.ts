export * from './content.schema';
