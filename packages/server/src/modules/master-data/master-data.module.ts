import { defineModule } from '../../kernel/module';
import { masterDataRoutes } from './master-data.routes';
import { productPictureRoutes } from './product-pictures.routes';
import { masterDataMenus } from './master-data.menus';
import { seedMasterData } from './master-data.demo';

/** The master data of an organization (spec entities: departments, posts, equipment, project templates ...), one table per shared descriptor. */
export const masterDataModule = defineModule({
  name: 'master-data',
  dependsOn: [],
  routes: [...masterDataRoutes, ...productPictureRoutes],
  menus: masterDataMenus(),
  // the demo organizations come first: their master data hangs on them
  demoAfter: ['organizations'],
  demo: async ({ db, organizationIds }) => {
    for (const organizationId of await organizationIds()) await seedMasterData(db, organizationId);
  },
});
