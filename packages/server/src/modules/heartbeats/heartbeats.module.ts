import { defineModule } from '../../kernel/module';
import * as tables from './heartbeats.tables';
import { heartbeatMenus } from './heartbeats.menus';
import { heartbeatRoutes } from './heartbeats.routes';
import { heartbeatCheckJob } from './heartbeats.jobs';
import { seedDemoHeartbeats } from './heartbeats.demo';

/**
 * Heartbeat monitoring of the hospital-system interfaces (issue 18): push, HTTP, TCP and derived monitors, a pure
 * state machine (shared heartbeat-state.ts) driven by the checker job and the push endpoint, incidents with
 * acknowledgement and durations, uptime per day, notifications through internal messages.
 */
export const heartbeatsModule = defineModule({
  name: 'heartbeats',
  dependsOn: ['organizations', 'users', 'roles', 'messages'],
  tables,
  routes: heartbeatRoutes,
  menus: heartbeatMenus(),
  jobs: [heartbeatCheckJob],
  demo: (ctx) => seedDemoHeartbeats(ctx),
});
