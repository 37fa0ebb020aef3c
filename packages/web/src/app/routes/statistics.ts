import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const statistics = async () => import('../../features/statistics/pages');

/**
 * Statistics (issue 16, menus of statistics.menus.ts): the department and therapist workload and the turnover; the
 * detail opens from a bar or row of either workload screen and is reachable with that screen's menu.
 */
export const statisticsRoutes: ScreenRoute[] = [
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
    path: paths.statisticsTurnover,
    menu: paths.statisticsTurnover,
    screen: async () => (await statistics()).TurnoverPage,
  },
];
