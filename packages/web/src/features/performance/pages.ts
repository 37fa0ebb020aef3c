/** The performance screens, one download. */
export { TherapistAchievementPage } from './therapist-achievement-page';
export { TherapistDetailPage } from './therapist-detail-page';
export { TherapistProjectsPage } from './therapist-projects-page';
export { DoctorAchievementPage, DoctorDetailPage, DoctorProjectsPage } from './doctor-pages';
export { DoctorWorkloadPage, TherapistWorkloadPage, UserWorkloadDetailPage } from './workload-pages';
export { MyDoctorPerformancePage } from './my-doctor-page';
export { RuleVersionsPage } from './rule-versions-page';
