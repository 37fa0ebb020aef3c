import type { RouteDef } from './http/route';
import { authRoutes } from './modules/auth/auth.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { logRoutes } from './modules/logs/logs.routes';
import { masterDataRoutes } from './modules/master-data/master-data.routes';
import { menuRoutes } from './modules/menus/menus.routes';
import { organizationRoutes } from './modules/organizations/organizations.routes';
import { scaleRoutes } from './modules/scales/scales.routes';
import { userConfigRoutes } from './modules/user-config/user-config.routes';
import { userRoutes } from './modules/users/users.routes';
import { versionRoutes } from './modules/versions/versions.routes';

/** Every API endpoint, by module. Paths are those of spec section 7, served under /api. */
export const apiRoutes: RouteDef[] = [
  ...authRoutes,
  ...organizationRoutes,
  ...menuRoutes,
  ...userRoutes,
  ...dashboardRoutes,
  ...versionRoutes,
  ...logRoutes,
  ...masterDataRoutes,
  ...userConfigRoutes,
  ...scaleRoutes,
];
