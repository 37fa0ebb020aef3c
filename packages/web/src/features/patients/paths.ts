import { paths } from '../../lib/paths';

/** Screen paths of the patient feature (spec section 2, /patient). */
export const patientPaths = {
  manage: paths.patientManage,
  detail: paths.patientDetail,
  project: paths.patientProject,
} as const;

export const patientDetailPath = (patientId: number, treatmentId: number) =>
  `/patient/detail/${patientId}/${treatmentId}/0/0`;
export const projectPath = (projectId: number) => `/patient/project/${projectId}`;
export const recommendPath = (patientId: number, treatmentId: number) =>
  `/patient/project/system-recommend-detail/${patientId}/${treatmentId}`;
export const myPatientDetailPath = (patientId: number, treatmentId: number) =>
  `/mypatient/detail/${patientId}/${treatmentId}`;
export const outpatientDetailPath = (patientId: number, treatmentId: number) =>
  `/outpatient/detail/${patientId}/${treatmentId}`;
