import { defineModule } from '../../kernel/module';
import * as tables from './platform-admin.tables';
import { platformAdminRoutes } from './platform-admin.routes';
import { platformAdminMenus } from './platform-admin.menus';

/** The platform operator's screens: organization administrator accounts and platform notices. */
export const platformAdminModule = defineModule({
  name: 'platform-admin',
  dependsOn: ['messages', 'organizations', 'users', 'roles'],
  tables,
  routes: platformAdminRoutes,
  menus: platformAdminMenus(),
});
