export * from './assessment-state';
export * from './assessment.schema';
export * from './fhir-response';
