// The public face of the assessments module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

// planning assessments (POST /sys/assess/save's use case): an accepted remote-consultation proposal plans through it
export { hasEvaluationAuthority, planAssessments, unfinishedCount } from './assessments.service';
export { assessmentsBySubmitter, assessmentsDaily } from './performance-facts';
export { submittedAssessmentsOfPatient, type SubmittedAssessmentFact } from './record-facts';
