import type { Endpoint } from './endpoint';
import { versionsEndpoints } from './versions.contracts';
import { authEndpoints } from './auth.contracts';
import { usersEndpoints } from './users.contracts';
import { rolesEndpoints } from './roles.contracts';
import { menusEndpoints } from './menus.contracts';
import { organizationsEndpoints } from './organizations.contracts';
import { officesEndpoints } from './offices.contracts';
import { userConfigEndpoints } from './user-config.contracts';
import { dashboardEndpoints } from './dashboard.contracts';
import { logsEndpoints } from './logs.contracts';

export * from './endpoint';
export { versionsEndpoints };
export { authEndpoints, usersEndpoints, rolesEndpoints, menusEndpoints, organizationsEndpoints, officesEndpoints };
export { userConfigEndpoints, dashboardEndpoints, logsEndpoints };
export { menuNodeSchema } from './menus.contracts';
export { homeCountsSchema, type HomeCounts } from './dashboard.contracts';

/**
 * Every endpoint declared as a contract, by module (`endpoints.versions.page`). The module name is the OpenAPI tag
 * and the section of /api/docs. Modules not listed here still declare their routes on the server only.
 */
export const endpoints = {
  versions: versionsEndpoints,
  auth: authEndpoints,
  users: usersEndpoints,
  roles: rolesEndpoints,
  menus: menusEndpoints,
  organizations: organizationsEndpoints,
  offices: officesEndpoints,
  userConfig: userConfigEndpoints,
  dashboard: dashboardEndpoints,
  logs: logsEndpoints,
};

export type EndpointModule = keyof typeof endpoints;

/** Every contract with the module it belongs to, in declaration order. */
export function endpointsByModule(): { module: EndpointModule; name: string; endpoint: Endpoint }[] {
  return Object.entries(endpoints).flatMap(([module, group]) =>
    Object.entries(group).map(([name, endpoint]) => ({
      module: module as EndpointModule,
      name,
      endpoint: endpoint as Endpoint,
    })),
  );
}

/** Every contract. */
export function allEndpoints(): Endpoint[] {
  return endpointsByModule().map((e) => e.endpoint);
}
