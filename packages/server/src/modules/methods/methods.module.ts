import { defineModule } from '../../kernel/module';
import * as tables from './methods.tables';
import { methodRoutes } from './methods.routes';
import { methodMenus } from './methods.menus';
import { seedMethods } from './methods.service';
import { organizationIdsInOrder } from '../organizations/organizations.demo';

/** The assessment methods of an organization: the scales it uses. */
export const methodsModule = defineModule({
  name: 'methods',
  dependsOn: ['organizations', 'master-data'],
  tables,
  routes: methodRoutes,
  menus: methodMenus(),
  demo: async ({ db }) => {
    for (const organizationId of await organizationIdsInOrder(db)) await seedMethods(db, organizationId);
  },
});
