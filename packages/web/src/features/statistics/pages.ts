/** The statistics screens (/dataStatistical/*), one download. */
export { OfficeWorkloadPage } from './office-workload-page';
export { ProjectAnalysisPage } from './project-analysis-page';
export {
  EquipmentDetailPage,
  ProjectDetailPage,
  TherapistDetailPage,
  TherapistProjectDetailPage,
} from './therapist-detail-page';
export { EquipmentUsePage } from './equipment-use-page';
export { TherapistWorkloadPage } from './therapist-workload-page';
export { HospitalizedCostDetailPage, TreatmentCostDetailPage, TurnoverDetailPage } from './turnover-detail-page';
export { HospitalizedCostPage, TreatmentCostPage } from './cost-page';
export { TurnoverPage } from './turnover-page';
export { OperationalDataPage } from './operational-data-page';
