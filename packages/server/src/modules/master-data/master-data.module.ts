import { defineModule } from '../../kernel/module';
import { masterDataRoutes } from './master-data.routes';
import { masterDataMenus } from './master-data.menus';
import { seedMasterData } from './master-data.demo';
import { organizationIdsInOrder } from '../organizations/organizations.demo';

/** The master data of an organization (spec entities: departments, posts, equipment, project templates ...), one table per shared descriptor. */
export const masterDataModule = defineModule({
  name: 'master-data',
  dependsOn: ['organizations'],
  routes: masterDataRoutes,
  menus: masterDataMenus(),
  demo: async ({ db }) => {
    for (const organizationId of await organizationIdsInOrder(db)) await seedMasterData(db, organizationId);
  },
});
