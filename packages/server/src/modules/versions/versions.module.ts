import { defineModule } from '../../kernel/module';
import { versionRoutes } from './versions.routes';
import { versionMenus } from './versions.menus';
import { seedDemoVersion } from './versions.demo';

/** Release versions and their notes (the login screen shows the current one). */
export const versionsModule = defineModule({
  name: 'versions',
  dependsOn: [],
  routes: versionRoutes,
  menus: versionMenus(),
  demo: ({ db }) => seedDemoVersion(db),
});
