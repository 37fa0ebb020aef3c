import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

/** Assessments (issue 6) and their meetings: all under the /recovery menu; the patient's ones highlight the patients. */
export const assessmentRoutes: ScreenRoute[] = [
  {
    path: paths.recoveryList,
    menu: paths.recoveryMenu,
    activeMenu: paths.recoveryMenu,
    screen: async () => (await import('../../features/assessments/recovery-list-page')).RecoveryListPage,
  },
  {
    path: paths.recoveryProject,
    menu: paths.recoveryMenu,
    activeMenu: paths.recoveryMenu,
    screen: async () => (await import('../../features/assessments/project-page')).AssessProjectPage,
  },
  {
    path: paths.recoveryDetail,
    menu: paths.recoveryMenu,
    activeMenu: paths.recoveryMenu,
    screen: async () => (await import('../../features/assessments/detail-page')).AssessDetailPage,
  },
  {
    path: paths.recoveryViewReport,
    menu: paths.recoveryMenu,
    activeMenu: paths.recoveryMenu,
    screen: async () => (await import('../../features/assessments/view-report-page')).ViewReportPage,
  },
  {
    path: paths.patientAssessProject,
    menu: paths.recoveryMenu,
    activeMenu: paths.patientManage,
    screen: async () => (await import('../../features/assessments/patient-assess-page')).PatientAssessPage,
  },
  {
    path: paths.patientReport,
    menu: paths.recoveryMenu,
    activeMenu: paths.patientManage,
    screen: async () => (await import('../../features/assessments/patient-report-page')).PatientReportPage,
  },
  {
    path: paths.meetingList,
    menu: paths.meetingMenu,
    activeMenu: paths.meetingMenu,
    screen: async () => (await import('../../features/meetings/meeting-list-page')).MeetingListPage,
  },
  {
    path: paths.meetingDetail,
    menu: paths.meetingMenu,
    activeMenu: paths.meetingMenu,
    screen: async () => (await import('../../features/meetings/meeting-detail-page')).MeetingDetailPage,
  },
];
