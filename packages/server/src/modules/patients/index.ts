// The public face of the patients module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export { patientOfOrganization, type Scope } from './patients.service';
// prescribing (POST /sys/treatment/savRecipe's use case): an accepted remote-consultation proposal prescribes through it
export { saveRecipe, unassignedCount } from './treatment-projects.service';
// its events (declared in patients.events.ts), to subscribe to in a manifest
export { PATIENT_EVENTS } from './patients.events';
export {
  coursesOfPatient,
  patientsInTreatment,
  patientCard,
  patientIdsMatching,
  patientNames,
  patientOptions,
  projectFact,
  projectsOfPatient,
  type CourseFact,
  type ProjectFact,
} from './billing-facts';
export { courseFacts, projectTemplatesOf, registrationsByDay, registrationsByOffice } from './statistics-facts';
export { coursesByDoctor, doctorDailyCounts, prescriptionsByDoctor, prescriptionsOfDoctor } from './performance-facts';
export { patientSummary, type PatientSummaryFact } from './remote-facts';
export {
  activeCoursesWithPatients,
  courseOfRecord,
  courseForRecord,
  coursesWithPatientNames,
  patientDemographics,
  patientBirthdaySql,
  patientNameSql,
  patientSexSql,
  treatmentRecordPatient,
  type TreatmentRecordPatient,
} from './record-facts';
// a transfer of treatment (issue 17): its plan, read only (the preview, the acceptance), and the course's plan moved
// to a new course at the receiving side as planned
export {
  planCourseTransfer,
  transferCourse,
  type CourseTransferInput,
  type CourseTransferPlan,
  type CourseTransferResult,
} from './course-transfer';
export { patientNameRows, patientsOfDoctor } from './scheduling-facts';
export { projectRows } from './workload-facts';
export {
  backdateDemoProjects,
  countTreatment,
  courseRows,
  lockProject,
  projectIdsOfCourse,
  projectsToPlan,
  projectWithCourse,
  type PlannedProject,
} from './work-orders-facts';
