import { defineModule } from '../../kernel/module';
import { scaleRoutes } from './scales.routes';
import { scaleMenus } from './scales.menus';

/** The scale library: the clinical scales of the shared package, read-only. */
export const scalesModule = defineModule({
  name: 'scales',
  dependsOn: [],
  routes: scaleRoutes,
  menus: scaleMenus(),
});
