export * from './treatment-rules';
export * from './patient.schema';
