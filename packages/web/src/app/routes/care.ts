import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const care = async () => import('../../features/care/pages');

/**
 * Tube and catheter care and equipment lease (issue 20): the tube list under its menu, a tube's detail opened from
 * the list and from the change-due message (highlighting the list), the lease desk.
 */
export const careRoutes: ScreenRoute[] = [
  { path: paths.pipelineManage, menu: paths.pipelineManage, screen: async () => (await care()).TubesPage },
  {
    path: paths.pipelineDetail,
    menu: paths.pipelineManage,
    activeMenu: paths.pipelineManage,
    screen: async () => (await care()).TubeDetailPage,
  },
  { path: paths.customerServiceLease, menu: paths.customerServiceLease, screen: async () => (await care()).LeasePage },
];
