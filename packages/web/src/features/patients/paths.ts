import { href, paths } from '../../lib/paths';

/** Screen paths of the patient feature (spec section 2, /patient). */
export const patientPaths = {
  manage: paths.patientManage,
  detail: paths.patientDetail,
  project: paths.patientProject,
} as const;

/** A course's detail: the two trailing flags written as 0 (the links of the original application). */
export const patientDetailPath = (patientId: number, treatmentId: number) =>
  href(paths.patientDetail, { id: patientId, treatmentId, showChineseDiagnosis: 0, associationFingerprint: 0 });
export const projectPath = (projectId: number) => href(paths.patientProject, { projectId });
export const recommendPath = (patientId: number, treatmentId: number) =>
  href(paths.patientRecommend, { patientId, treatmentId });
export const myPatientDetailPath = (patientId: number, treatmentId: number) =>
  href(paths.mypatientDetail, { patientId, treatmentId });
export const outpatientDetailPath = (patientId: number, treatmentId: number) =>
  href(paths.outpatientDetail, { patientId, treatmentId });
