import { defineModule } from '../../kernel/module';
import * as tables from './big-screen.tables';
import { bigScreenMenus } from './big-screen.menus';
import { bigScreenRoutes } from './big-screen.routes';
import { resolveScreenDevice } from './links';

/**
 * The department's big screen (数据大屏): today's throughput, therapists and equipment, the queue with masked names,
 * the quality tiles; and the screen links that let a TV open it without a session (device kind 'screen').
 */
export const bigScreenModule = defineModule({
  name: 'big-screen',
  dependsOn: ['master-data', 'users', 'work-orders', 'workload'],
  tables,
  routes: bigScreenRoutes,
  menus: bigScreenMenus(),
  devices: { screen: resolveScreenDevice },
});
