import { defineModule } from '../../kernel/module';
import { userConfigRoutes } from './user-config.routes';

/** Per-user settings of the screens (column choices). */
export const userConfigModule = defineModule({
  name: 'user-config',
  dependsOn: ['users'],
  routes: userConfigRoutes,
});
