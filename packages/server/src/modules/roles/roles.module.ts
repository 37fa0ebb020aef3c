import { defineModule } from '../../kernel/module';
import { roleRoutes } from './roles.routes';
import { setupBuiltinRoles } from './roles.setup';

/** Roles and what they grant; the built-in roles every database has. */
export const rolesModule = defineModule({
  name: 'roles',
  dependsOn: ['menus', 'organizations'],
  routes: roleRoutes,
  setup: setupBuiltinRoles,
});
