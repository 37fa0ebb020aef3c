import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const telemedicine = async () => import('../../features/telemedicine/pages');

/**
 * Remote consultation (issue 17): the list under its menu; the detail opens from the list and from messages, also
 * without a current organization (spec section 2), so it has no menu of its own (the server decides who sees it).
 */
export const telemedicineRoutes: ScreenRoute[] = [
  {
    path: paths.telemedicineList,
    menu: paths.telemedicineList,
    screen: async () => (await telemedicine()).TelemedicineListPage,
  },
  {
    path: paths.telemedicineDetail,
    activeMenu: paths.telemedicineList,
    screen: async () => (await telemedicine()).TelemedicineDetailPage,
  },
  // the expert's proposals (treat-project, assess-project): opened from the detail, under the list's menu
  {
    path: paths.telemedicineTreatProject,
    menu: paths.telemedicineList,
    activeMenu: paths.telemedicineList,
    screen: async () => (await telemedicine()).TelemedicineTreatProjectPage,
  },
  {
    path: paths.telemedicineAssessProject,
    menu: paths.telemedicineList,
    activeMenu: paths.telemedicineList,
    screen: async () => (await telemedicine()).TelemedicineAssessProjectPage,
  },
];
