import { createBrowserRouter, Navigate } from 'react-router';
import { MenuGuard, RouteGuard, type RouteHandle } from './guards';
import { paths } from '../lib/paths';
import { RouteError } from './route-error';

const handle = (h: RouteHandle) => h;

/**
 * Screens of the master-data entities, all served by one page that reads the entity's shared descriptor. Only the
 * paths are listed here, so the login page does not load the descriptors (a test checks they match).
 */
export const MASTER_DATA_ROUTES = [
  '/maintainOffice/department',
  '/maintainOffice/duty',
  '/maintainOffice/postType',
  '/maintainOffice/postsmalltype',
  '/maintainOffice/rank',
  '/maintainOffice/officetype',
  '/maintainTreat/part',
  '/maintainTreat/functional',
  '/maintainTreat/equipment-type',
  '/maintainTreat/equipment',
  '/maintainTreat/disease',
  '/maintainTreat/functioning',
  '/maintainTreat/template',
  '/maintainSystem/profession',
  '/maintainSystem/unit',
  '/maintainSystem/relation',
  '/maintainSystem/nationality',
  '/maintainSystem/patientType',
];

/** Every screen, loaded on demand: the login page downloads only what it shows. */
export const router = createBrowserRouter([
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      { path: paths.root, element: <Navigate to={paths.home} replace /> },
      {
        path: paths.login,
        lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
      },
      {
        // every other screen is built with Ant Design
        lazy: async () => (await import('./antd-layout')).antdLayoutRoute(),
        children: [
          {
            path: paths.userReset,
            lazy: async () => ({ Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage }),
          },
          {
            // signed-in screens: server state and dates, which the login screens do not need
            lazy: async () => ({ Component: (await import('./data-layout')).DataLayout }),
            children: [
              {
                path: paths.checkout,
                lazy: async () => ({
                  Component: (await import('../features/organization/checkout-page')).CheckoutPage,
                }),
              },
              {
                lazy: async () => ({ Component: (await import('./shell/shell-layout')).ShellLayout }),
                children: [
                  {
                    element: <MenuGuard />,
                    children: [
                      {
                        path: paths.home,
                        handle: handle({ menu: paths.home }),
                        lazy: async () => ({ Component: (await import('../features/home/home-page')).HomePage }),
                      },
                      {
                        path: paths.myCenter,
                        lazy: async () => ({
                          Component: (await import('../features/profile/my-center-page')).MyCenterPage,
                        }),
                      },
                      {
                        path: paths.patientManage,
                        handle: handle({ menu: paths.patientManage }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/patient-manage-page')).PatientManagePage,
                        }),
                      },
                      {
                        path: paths.patientDetail,
                        handle: handle({ menu: paths.patientManage }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/patient-detail-page')).PatientDetailPage,
                        }),
                      },
                      {
                        path: paths.patientProject,
                        handle: handle({ menu: paths.patientManage }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/project-detail-page')).ProjectDetailPage,
                        }),
                      },
                      ...MASTER_DATA_ROUTES.map((path) => ({
                        path,
                        handle: handle({ menu: path }),
                        lazy: async () => ({
                          Component: (await import('../features/master-data/master-data-page')).MasterDataPage,
                        }),
                      })),
                      {
                        path: paths.systemLog,
                        handle: handle({ menu: paths.systemLog }),
                        lazy: async () => ({
                          Component: (await import('../features/system-log/system-log-page')).SystemLogPage,
                        }),
                      },
                      {
                        path: paths.systemVersion,
                        handle: handle({ menu: paths.systemVersion }),
                        lazy: async () => ({
                          Component: (await import('../features/versions/versions-page')).VersionsPage,
                        }),
                      },
                      {
                        path: '*',
                        lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);
