export * from './home-tasks.schema';
