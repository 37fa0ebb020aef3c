import { defineModule } from '../../kernel/module';
import * as tables from './cameras.tables';
import { cameraMenus } from './cameras.menus';
import { cameraRoutes } from './cameras.routes';
import { seedDemoCameras } from './cameras.demo';

/**
 * Cameras and camera groups (issue 18): the registry, short-lived signed play tokens checked by the media gateway's
 * auth hook, and every view on record. The video itself is the hospital's gateway's (README: MediaMTX).
 */
export const camerasModule = defineModule({
  name: 'cameras',
  dependsOn: ['organizations', 'offices', 'users'],
  tables,
  routes: cameraRoutes,
  menus: cameraMenus(),
  demo: (ctx) => seedDemoCameras(ctx),
  demoAfter: ['heartbeats'],
});
