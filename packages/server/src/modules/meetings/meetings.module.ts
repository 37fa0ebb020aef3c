import { defineModule } from '../../kernel/module';
import * as tables from './meetings.tables';
import { meetingRoutes } from './meetings.routes';
import { meetingMenus } from './meetings.menus';
import { seedDemoMeetings } from './meetings.demo';

/** Case meetings of a department about its patients. */
export const meetingsModule = defineModule({
  name: 'meetings',
  dependsOn: ['messages', 'organizations', 'roles', 'users', 'patients'],
  tables,
  routes: meetingRoutes,
  menus: meetingMenus(),
  demo: ({ db }) => seedDemoMeetings(db),
});
