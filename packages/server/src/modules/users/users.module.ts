import { defineModule } from '../../kernel/module';
import * as tables from './users.tables';
import { userRoutes } from './users.routes';
import { userAdminRoutes } from './users-admin.routes';
import { seedDemoAccounts } from './users.demo';

/** Staff accounts: memberships, posts, departments, signatures, the users screen and the demo accounts. */
export const usersModule = defineModule({
  name: 'users',
  dependsOn: ['organizations', 'master-data', 'offices', 'roles'],
  tables,
  routes: [...userRoutes, ...userAdminRoutes],
  demo: ({ db }) => seedDemoAccounts(db),
});
