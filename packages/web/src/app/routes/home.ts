import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

/** The home page and the user's own center (open to every signed-in user: no menu). */
export const homeRoutes: ScreenRoute[] = [
  { path: paths.home, menu: paths.home, screen: async () => (await import('../../features/home/home-page')).HomePage },
  { path: paths.myCenter, screen: async () => (await import('../../features/profile/my-center-page')).MyCenterPage },
];
