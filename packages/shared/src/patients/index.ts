export * from './treatment-rules';
export * from './patient.schema';
export * from './plans.schema';
export * from './prescriptions.schema';
export * from './numbering';
