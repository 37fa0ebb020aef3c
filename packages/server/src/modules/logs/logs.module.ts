import { defineModule } from '../../kernel/module';
import { logRoutes } from './logs.routes';
import { logMenus } from './logs.menus';
import { accessLogCleanup, operationLogCleanup } from './logs.jobs';

/**
 * The operation log (every state-changing request leaves a row) and the access log (every read of patient data a
 * route reports): their screens and their clean-ups.
 */
export const logsModule = defineModule({
  name: 'logs',
  dependsOn: ['menus'],
  routes: logRoutes,
  menus: logMenus(),
  jobs: [operationLogCleanup, accessLogCleanup],
});
