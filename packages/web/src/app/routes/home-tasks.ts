import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const tasks = async () => import('../../features/home-tasks/pages');

/** Home-training tasks (issue 20): the therapists' list under its menu, one task opened from the list or the patient. */
export const homeTaskRoutes: ScreenRoute[] = [
  { path: paths.taskManagement, menu: paths.taskManagement, screen: async () => (await tasks()).TaskListPage },
  {
    path: paths.taskDetail,
    menu: paths.taskManagement,
    activeMenu: paths.taskManagement,
    screen: async () => (await tasks()).TaskDetailPage,
  },
];
