import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const statistics = async () => import('../../features/statistics/pages');

/**
 * Statistics (issue 16, menus of statistics.menus.ts): the department and therapist workload, the project analysis, the
 * equipment use and the turnover; a detail opens from a bar or row of its load screen and is reachable with that screen's menu.
 */
export const statisticsRoutes: ScreenRoute[] = [
  {
    path: paths.statisticsOperations,
    menu: paths.statisticsOperations,
    screen: async () => (await statistics()).OperationalDataPage,
  },
  {
    path: paths.statisticsOffice,
    menu: paths.statisticsOffice,
    screen: async () => (await statistics()).OfficeWorkloadPage,
  },
  {
    path: paths.statisticsTherapist,
    menu: paths.statisticsTherapist,
    screen: async () => (await statistics()).TherapistWorkloadPage,
  },
  {
    path: paths.statisticsTherapistDetail,
    menu: paths.statisticsTherapist,
    activeMenu: paths.statisticsTherapist,
    screen: async () => (await statistics()).TherapistDetailPage,
  },
  {
    path: paths.statisticsTherapistProjectDetail,
    menu: paths.statisticsTherapist,
    activeMenu: paths.statisticsTherapist,
    screen: async () => (await statistics()).TherapistProjectDetailPage,
  },
  {
    path: paths.statisticsProject,
    menu: paths.statisticsProject,
    screen: async () => (await statistics()).ProjectAnalysisPage,
  },
  {
    path: paths.statisticsProjectDetail,
    menu: paths.statisticsProject,
    activeMenu: paths.statisticsProject,
    screen: async () => (await statistics()).ProjectDetailPage,
  },
  {
    path: paths.statisticsEquipment,
    menu: paths.statisticsEquipment,
    screen: async () => (await statistics()).EquipmentUsePage,
  },
  {
    path: paths.statisticsEquipmentDetail,
    menu: paths.statisticsEquipment,
    activeMenu: paths.statisticsEquipment,
    screen: async () => (await statistics()).EquipmentDetailPage,
  },
  {
    path: paths.statisticsTurnover,
    menu: paths.statisticsTurnover,
    screen: async () => (await statistics()).TurnoverPage,
  },
  {
    path: paths.statisticsTurnoverDetail,
    menu: paths.statisticsTurnover,
    activeMenu: paths.statisticsTurnover,
    screen: async () => (await statistics()).TurnoverDetailPage,
  },
  {
    path: paths.statisticsTreatmentCost,
    menu: paths.statisticsTreatmentCost,
    screen: async () => (await statistics()).TreatmentCostPage,
  },
  {
    path: paths.statisticsTreatmentCostDetail,
    menu: paths.statisticsTreatmentCost,
    activeMenu: paths.statisticsTreatmentCost,
    screen: async () => (await statistics()).TreatmentCostDetailPage,
  },
  {
    path: paths.statisticsHospitalizedCost,
    menu: paths.statisticsHospitalizedCost,
    screen: async () => (await statistics()).HospitalizedCostPage,
  },
  {
    path: paths.statisticsHospitalizedCostDetail,
    menu: paths.statisticsHospitalizedCost,
    activeMenu: paths.statisticsHospitalizedCost,
    screen: async () => (await statistics()).HospitalizedCostDetailPage,
  },
];
