export * from './app-dictionaries';
export * from './dict.schema';
