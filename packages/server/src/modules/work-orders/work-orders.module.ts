import { eq, or, sql } from 'drizzle-orm';
import { defineModule } from '../../kernel/module';
import { WorkOrderStatus } from '@rehab/shared';
import * as tables from './work-orders.tables';
import { workOrderRoutes } from './work-orders.routes';
import { workOrderMenus } from './work-orders.menus';
import { workOrderExpireJob, workOrderGenerateJob } from './work-orders.jobs';
import { workOrderSubscriptions } from './work-orders.generation';
import { myTodayCount } from './work-orders.service';
import { seedWorkOrderDemo } from './work-orders.demo';
import { WORK_ORDER_EVENTS } from './work-orders.events';

/** Work orders (治疗工单): generated from the projects, executed, signed; their history and jobs. */
export const workOrdersModule = defineModule({
  name: 'work-orders',
  dependsOn: ['auth', 'messages', 'patients', 'signatures'],
  tables,
  routes: workOrderRoutes,
  menus: workOrderMenus(),
  jobs: [workOrderExpireJob, workOrderGenerateJob],
  subscribes: workOrderSubscriptions,
  publishes: WORK_ORDER_EVENTS,
  // a therapist group named by work orders (as their group or as an authorization's) is not deleted
  usages: {
    team: async (db, teamId) => {
      const w = tables.workOrders;
      const [row] = await db
        .select({
          orders: sql<number>`count(*) filter (where ${w.teamId} = ${teamId})::int`,
          authorized: sql<number>`count(*) filter (where ${w.authorizedTeamId} = ${teamId})::int`,
        })
        .from(w)
        .where(or(eq(w.teamId, teamId), eq(w.authorizedTeamId, teamId)));
      return [
        { key: 'team.usesOrders', count: Number(row?.orders ?? 0) },
        { key: 'team.usesAuthorized', count: Number(row?.authorized ?? 0) },
      ];
    },
  },
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
