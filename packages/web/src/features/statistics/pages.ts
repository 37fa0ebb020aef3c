/** The statistics screens (/dataStatistical/*), one download. */
export { OfficeWorkloadPage } from './office-workload-page';
export { ProjectAnalysisPage } from './project-analysis-page';
export { EquipmentDetailPage, ProjectDetailPage, TherapistDetailPage } from './therapist-detail-page';
export { EquipmentUsePage } from './equipment-use-page';
export { TherapistWorkloadPage } from './therapist-workload-page';
export { TurnoverDetailPage } from './turnover-detail-page';
export { TurnoverPage } from './turnover-page';
