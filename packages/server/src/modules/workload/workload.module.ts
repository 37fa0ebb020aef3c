import { defineModule } from '../../kernel/module';
import * as tables from './workload.tables';
import { checkinRoutes, workloadRoutes } from './workload.routes';
import { workloadMenus } from './workload.menus';

/** Workload read models: the day's board, check-in, therapist groups' figures. */
export const workloadModule = defineModule({
  name: 'workload',
  dependsOn: ['work-orders', 'offices', 'roles', 'users', 'teams'],
  tables,
  routes: [...checkinRoutes, ...workloadRoutes],
  menus: workloadMenus(),
});
