export * from './screen.schema';
