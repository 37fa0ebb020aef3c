import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { MenuGuard, RouteGuard } from './guards';
import { RouteError } from './route-error';
import { assessmentRoutes } from './routes/assessments';
import { billingRoutes } from './routes/billing';
import { performanceRoutes } from './routes/performance';
import { deviceRoutes } from './routes/devices';
import { telemedicineRoutes } from './routes/telemedicine';
import { referralRoutes } from './routes/referrals';
import { careRoutes } from './routes/care';
import { homeTaskRoutes } from './routes/home-tasks';
import { contentRoutes } from './routes/content';
import { homeRoutes } from './routes/home';
import { masterDataRoutes } from './routes/master-data';
import { messageRoutes } from './routes/messages';
import { noSidebarMenuRoutes, noSidebarRoutes } from './routes/no-sidebar';
import { patientRoutes } from './routes/patients';
import { schedulingRoutes } from './routes/scheduling';
import { statisticsRoutes } from './routes/statistics';
import { screenRoute, type ScreenRoute } from './routes/screen-route';
import { loginRoute, notFoundRoute, resetPasswordRoute } from './routes/sign-in';
import { systemRoutes } from './routes/system';
import { workRoutes } from './routes/work';

export { MASTER_DATA_ROUTES } from './routes/master-data';

/** A layout route whose component downloads on demand. */
const layout = (load: () => Promise<RouteObject['Component']>, children: RouteObject[]): RouteObject => ({
  lazy: async () => ({ Component: await load() }),
  children,
});
const screens = (routes: ScreenRoute[]) => routes.map(screenRoute);

/**
 * Every screen, loaded on demand: the login page downloads only what it shows. The table of contents: the route
 * guard around everything; inside it the login, then the Ant Design layout (password reset), the signed-in data
 * layout (screens without sidebar), and the shell with the sidebar, where each screen checks its menu.
 */
export const router = createBrowserRouter([
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      { path: paths.root, element: <Navigate to={paths.home} replace /> },
      screenRoute(loginRoute),
      // every other screen is built with Ant Design
      {
        lazy: async () => (await import('./antd-layout')).antdLayoutRoute(),
        children: [
          screenRoute(resetPasswordRoute),
          // signed-in screens: server state and dates, which the login screens do not need
          layout(
            async () => (await import('./data-layout')).DataLayout,
            [
              // no sidebar (spec section 2)
              ...screens(noSidebarRoutes),
              { element: <MenuGuard />, children: screens(noSidebarMenuRoutes) },
              // the shell: sidebar and header
              layout(
                async () => (await import('./shell/shell-layout')).ShellLayout,
                [
                  {
                    element: <MenuGuard />,
                    children: screens([
                      ...homeRoutes,
                      ...patientRoutes,
                      ...masterDataRoutes,
                      ...systemRoutes,
                      ...messageRoutes,
                      ...schedulingRoutes,
                      ...workRoutes,
                      ...assessmentRoutes,
                      ...billingRoutes,
                      ...statisticsRoutes,
                      ...performanceRoutes,
                      ...deviceRoutes,
                      ...telemedicineRoutes,
                      ...referralRoutes,
                      ...careRoutes,
                      ...homeTaskRoutes,
                      ...contentRoutes,
                      notFoundRoute,
                    ]),
                  },
                ],
              ),
            ],
          ),
        ],
      },
    ],
  },
]);
