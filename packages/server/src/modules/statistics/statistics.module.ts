import { defineModule } from '../../kernel/module';
import { statisticsRoutes } from './statistics.routes';
import { statisticsMenus } from './statistics.menus';

/**
 * Statistics (issue 16): read models over work orders and billing, each figure a metric of the shared dictionary.
 * It owns no table: its data comes from the faces of the modules that own the records.
 */
export const statisticsModule = defineModule({
  name: 'statistics',
  dependsOn: ['master-data', 'offices', 'users', 'patients', 'work-orders', 'billing'],
  routes: statisticsRoutes,
  menus: statisticsMenus(),
});
