import { defineModule } from '../../kernel/module';
import * as tables from './organizations.tables';
import { organizationRoutes } from './organizations.routes';
import { organizationAdminRoutes } from './organizations-admin.routes';
import { seedDemoOrganizations } from './organizations.demo';

/** Organizations, their relations and the choice of the current one at sign-in. */
export const organizationsModule = defineModule({
  name: 'organizations',
  dependsOn: ['menus'],
  tables,
  routes: [...organizationRoutes, ...organizationAdminRoutes],
  demo: ({ db }) => seedDemoOrganizations(db),
});
