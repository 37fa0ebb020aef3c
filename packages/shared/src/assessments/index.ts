export * from './assessment-state';
export * from './assessment.schema';
