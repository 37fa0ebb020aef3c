export * from './types';
export * from './scoring';
export * from './registry';
export * from './fhir';
export * from './isncsci';
