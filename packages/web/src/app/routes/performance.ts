import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const performance = async () => import('../../features/performance/pages');

/**
 * Performance (绩效): the therapists' achievements of a month (the menu of performance.menus.ts), a therapist's
 * projects and the sessions behind a figure (opened from the table, highlighting it); the same for doctors.
 */
export const performanceRoutes: ScreenRoute[] = [
  {
    path: paths.achievementTherapist,
    menu: paths.achievementTherapist,
    screen: async () => (await performance()).TherapistAchievementPage,
  },
  {
    path: paths.achievementTherapistProjects,
    menu: paths.achievementTherapist,
    activeMenu: paths.achievementTherapist,
    screen: async () => (await performance()).TherapistProjectsPage,
  },
  {
    path: paths.achievementTherapistDetail,
    menu: paths.achievementTherapist,
    activeMenu: paths.achievementTherapist,
    screen: async () => (await performance()).TherapistDetailPage,
  },
  {
    path: paths.achievementRuleVersions,
    menu: paths.achievementRuleVersions,
    screen: async () => (await performance()).RuleVersionsPage,
  },
  {
    path: paths.achievementDoctor,
    menu: paths.achievementDoctor,
    screen: async () => (await performance()).DoctorAchievementPage,
  },
  {
    path: paths.achievementDoctorProjects,
    menu: paths.achievementDoctor,
    activeMenu: paths.achievementDoctor,
    screen: async () => (await performance()).DoctorProjectsPage,
  },
  {
    path: paths.achievementDoctorDetail,
    menu: paths.achievementDoctor,
    activeMenu: paths.achievementDoctor,
    screen: async () => (await performance()).DoctorDetailPage,
  },
  {
    path: paths.achievementTherapistWorkload,
    menu: paths.achievementTherapistWorkload,
    screen: async () => (await performance()).TherapistWorkloadPage,
  },
  {
    path: paths.achievementDoctorWorkload,
    menu: paths.achievementDoctorWorkload,
    screen: async () => (await performance()).DoctorWorkloadPage,
  },
  {
    // opened from either workload table: no menu of its own, the server allows one's own days or holders of all
    path: paths.achievementUserWorkloadDetail,
    screen: async () => (await performance()).UserWorkloadDetailPage,
  },
  {
    path: paths.performanceDoctor,
    menu: paths.performanceDoctor,
    screen: async () => (await performance()).MyDoctorPerformancePage,
  },
];
