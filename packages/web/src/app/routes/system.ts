import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

/** Administration and the platform's system screens: each opens for the holders of its own menu. */
export const systemRoutes: ScreenRoute[] = [
  {
    path: paths.systemLog,
    menu: paths.systemLog,
    screen: async () => (await import('../../features/system-log/system-log-page')).SystemLogPage,
  },
  {
    path: paths.systemAccessLog,
    menu: paths.systemAccessLog,
    screen: async () => (await import('../../features/access-log/access-log-page')).AccessLogPage,
  },
  {
    path: paths.systemVersion,
    menu: paths.systemVersion,
    screen: async () => (await import('../../features/versions/versions-page')).VersionsPage,
  },
  {
    path: paths.adminUsers,
    menu: paths.adminUsers,
    screen: async () => (await import('../../features/administration/users-page')).UsersPage,
  },
  {
    path: paths.adminRoles,
    menu: paths.adminRoles,
    screen: async () => (await import('../../features/administration/roles-page')).RolesPage,
  },
  {
    path: paths.adminMenus,
    menu: paths.adminMenus,
    screen: async () => (await import('../../features/administration/menus-page')).MenusPage,
  },
  {
    path: paths.adminOrganizations,
    menu: paths.adminOrganizations,
    screen: async () => (await import('../../features/administration/organizations-page')).OrganizationsPage,
  },
  {
    path: paths.adminOffices,
    menu: paths.adminOffices,
    screen: async () => (await import('../../features/administration/offices-page')).OfficesPage,
  },
  {
    path: paths.adminAccounts,
    menu: paths.adminAccounts,
    screen: async () => (await import('../../features/platform-admin/admin-accounts-page')).AdminAccountsPage,
  },
  {
    path: paths.operationMessage,
    menu: paths.operationMessage,
    screen: async () => (await import('../../features/platform-admin/platform-notices-page')).PlatformNoticesPage,
  },
  {
    path: paths.systemTimedTask,
    menu: paths.systemTimedTask,
    screen: async () => (await import('../../features/jobs/jobs-page')).JobsPage,
  },
  {
    path: paths.systemBreak,
    menu: paths.systemBreak,
    screen: async () => (await import('../../features/break/break-page')).BreakPage,
  },
  {
    path: paths.maintainTime,
    menu: paths.maintainTime,
    screen: async () => (await import('../../features/time-slots/time-slots-page')).TimeSlotsPage,
  },
  {
    path: paths.maintainAssessTable,
    menu: paths.maintainAssessTable,
    screen: async () => (await import('../../features/methods/methods-page')).MethodsPage,
  },
  {
    path: paths.scaleLibrary,
    menu: paths.scaleLibrary,
    screen: async () => (await import('../../features/scales/scale-library-page')).ScaleLibraryPage,
  },
  {
    path: paths.scale,
    menu: paths.scaleLibrary,
    activeMenu: paths.scaleLibrary,
    screen: async () => (await import('../../features/scales/scale-detail-page')).ScaleDetailPage,
  },
  {
    path: paths.organizationTemplate,
    menu: paths.organizationTemplate,
    screen: async () =>
      (await import('../../features/platform-templates/organization-template-page')).OrganizationTemplatePage,
  },
];
