import { defineModule } from '../../kernel/module';
import * as tables from './dictionaries.tables';
import { dictionaryRoutes } from './dictionaries.routes';
import { dictionaryMenus } from './dictionaries.menus';

/** The application dictionaries (/dict) and the organizations' own entries. */
export const dictionariesModule = defineModule({
  name: 'dictionaries',
  dependsOn: ['master-data', 'methods', 'offices', 'organizations', 'roles', 'users'],
  tables,
  routes: dictionaryRoutes,
  menus: dictionaryMenus(),
});
