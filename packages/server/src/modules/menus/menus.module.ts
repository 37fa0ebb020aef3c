import { defineModule } from '../../kernel/module';
import { menuRoutes } from './menus.routes';
import { menuAdminRoutes } from './menus-admin.routes';
import { administrationMenus, sidebarDirectories } from './builtin-menus';

/** The menu tree, the sidebar of a session, permissions, and the administration screens. */
export const menusModule = defineModule({
  name: 'menus',
  dependsOn: [],
  routes: [...menuRoutes, ...menuAdminRoutes],
  menus: [...sidebarDirectories(), ...administrationMenus()],
});
