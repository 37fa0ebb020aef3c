import { defineModule } from '../../kernel/module';
import * as tables from './users.tables';
import { userRoutes } from './users.routes';
import { userAdminRoutes } from './users-admin.routes';
import { seedDemoAccounts } from './users.demo';

/** Staff accounts: memberships, posts, departments, signatures, the users screen and the demo accounts. */
export const usersModule = defineModule({
  name: 'users',
  dependsOn: ['master-data', 'menus', 'offices', 'organizations'],
  tables,
  routes: [...userRoutes, ...userAdminRoutes],
  demo: async ({ db, organizationIds }) => seedDemoAccounts(db, await organizationIds()),
});
