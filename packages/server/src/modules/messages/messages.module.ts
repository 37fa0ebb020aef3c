import { defineModule } from '../../kernel/module';
import * as tables from './messages.tables';
import { messageRoutes } from './messages.routes';
import { messageMenus } from './messages.menus';
import { seedMessageDemo } from './messages.demo';
import { unreadCount } from './messages.service';

/** Internal messages, their files and the live channel that rings browsers. */
export const messagesModule = defineModule({
  name: 'messages',
  dependsOn: ['auth'],
  tables,
  routes: messageRoutes,
  menus: messageMenus(),
  counters: [
    {
      field: 'msgCount',
      count: (db, scope) => unreadCount({ db }, { userId: scope.userId, organizationId: scope.organizationId }),
    },
  ],
  demo: ({ db }) => seedMessageDemo(db),
});
