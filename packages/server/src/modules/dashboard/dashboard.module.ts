import { defineModule } from '../../kernel/module';
import { dashboardRoutes } from './dashboard.routes';
import { dashboardMenus } from './dashboard.menus';

/** The home screen: its counters come from the modules that own them. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  dependsOn: ['organizations'],
  routes: dashboardRoutes,
  menus: dashboardMenus(),
});
