import { PatientManagePage } from './patient-manage-page';

/** My patients (/mypatient/list): the patients the signed-in doctor or therapist treats. */
export function MyPatientsPage() {
  return <PatientManagePage variant="mine" />;
}

/** Outpatients (/outpatient/list): outpatient registrations; a row opens the outpatient detail. */
export function OutpatientListPage() {
  return <PatientManagePage variant="outpatient" />;
}
