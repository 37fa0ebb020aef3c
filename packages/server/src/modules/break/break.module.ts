import { defineModule } from '../../kernel/module';
import * as tables from './break.tables';
import { breakRoutes } from './break.routes';
import { breakMenus } from './break.menus';

/** Maintenance windows (/system/break): announced ahead, pausing sign-in while they last. */
export const breakModule = defineModule({
  name: 'break',
  dependsOn: ['jobs'],
  tables,
  routes: breakRoutes,
  menus: breakMenus(),
});
