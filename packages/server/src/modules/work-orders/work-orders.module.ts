import { defineModule } from '../../kernel/module';
import { WorkOrderStatus } from '@rehab/shared';
import * as tables from './work-orders.tables';
import { workOrderRoutes } from './work-orders.routes';
import { workOrderMenus } from './work-orders.menus';
import { workOrderExpireJob, workOrderGenerateJob } from './work-orders.jobs';
import { workOrderSubscriptions } from './work-orders.generation';
import { myTodayCount } from './work-orders.service';
import { seedWorkOrderDemo } from './work-orders.demo';

/** Work orders (治疗工单): generated from the projects, executed, signed; their history and jobs. */
export const workOrdersModule = defineModule({
  name: 'work-orders',
  dependsOn: ['auth', 'messages', 'patients', 'signatures'],
  tables,
  routes: workOrderRoutes,
  menus: workOrderMenus(),
  jobs: [workOrderExpireJob, workOrderGenerateJob],
  subscribes: workOrderSubscriptions,
  // today's work orders of the user: unfinished and finished (spec section 2, home cards)
  counters: [
    {
      field: 'undoneTotal',
      count: (db, scope) => myTodayCount(db, { ...scope, locale: 'zh-CN' }, WorkOrderStatus.unfinished),
    },
    {
      field: 'doneTotal',
      count: (db, scope) => myTodayCount(db, { ...scope, locale: 'zh-CN' }, WorkOrderStatus.completed),
    },
  ],
  demo: ({ db }) => seedWorkOrderDemo(db),
});
