export * from './contact';
export * from './password';
export * from './text';
export * from './id-card';
