import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const patientDetailPage = async () => (await import('../../features/patients/patient-detail-page')).PatientDetailPage;
const linkagePage = async () => (await import('../../features/patients/linkage-page')).LinkagePage;
const variants = async () => import('../../features/patients/patient-variants');

/** Patients: the manage list and its detail screens, my patients, outpatients, prescriptions and templates. */
export const patientRoutes: ScreenRoute[] = [
  {
    path: paths.patientManage,
    menu: paths.patientManage,
    screen: async () => (await import('../../features/patients/patient-manage-page')).PatientManagePage,
  },
  { path: paths.patientDetail, menu: paths.patientManage, screen: patientDetailPage },
  {
    path: paths.patientProject,
    menu: paths.patientManage,
    screen: async () => (await import('../../features/patients/project-detail-page')).ProjectDetailPage,
  },
  {
    path: paths.patientRecommend,
    menu: paths.patientManage,
    screen: async () => (await import('../../features/patients/recommend-page')).RecommendPage,
  },
  { path: paths.maintainLinkageProject, menu: paths.maintainLinkageProject, screen: linkagePage },
  { path: paths.maintainProjectLinkage, menu: paths.maintainLinkageProject, screen: linkagePage },
  {
    path: paths.mypatientTemplate,
    menu: paths.mypatientTemplateCase,
    screen: async () => (await import('../../features/patients/templates-page')).TemplatesPage,
  },
  { path: paths.mypatientList, menu: paths.mypatientList, screen: async () => (await variants()).MyPatientsPage },
  { path: paths.mypatientDetail, menu: paths.mypatientList, screen: patientDetailPage },
  { path: paths.outpatientList, menu: paths.outpatientList, screen: async () => (await variants()).OutpatientListPage },
  {
    path: paths.outpatientDetail,
    menu: paths.outpatientList,
    screen: async () => (await import('../../features/patients/outpatient-detail-page')).OutpatientDetailPage,
  },
  {
    path: paths.maintainComboTemplate,
    menu: paths.maintainComboTemplate,
    screen: async () => (await import('../../features/patients/combo-page')).ComboPage,
  },
  {
    path: paths.prescriptionManage,
    menu: paths.prescriptionMenu,
    screen: async () => (await import('../../features/patients/prescription-manage-page')).PrescriptionManagePage,
  },
];
