import { defineModule } from '../../kernel/module';
import { logRoutes } from './logs.routes';
import { logMenus } from './logs.menus';
import { operationLogCleanup } from './logs.jobs';

/** The operation log: every state-changing request leaves a row; its screen and its clean-up. */
export const logsModule = defineModule({
  name: 'logs',
  dependsOn: ['menus'],
  routes: logRoutes,
  menus: logMenus(),
  jobs: [operationLogCleanup],
});
