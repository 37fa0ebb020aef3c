import { defineModule } from '../../kernel/module';
import * as tables from './methods.tables';
import { methodRoutes } from './methods.routes';
import { methodMenus } from './methods.menus';
import { seedMethods } from './methods.service';

/** The assessment methods of an organization: the scales it uses. */
export const methodsModule = defineModule({
  name: 'methods',
  dependsOn: [],
  tables,
  routes: methodRoutes,
  menus: methodMenus(),
  demo: async ({ db, organizationIds }) => {
    for (const organizationId of await organizationIds()) await seedMethods(db, organizationId);
  },
});
