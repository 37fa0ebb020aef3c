import { defineModule } from '../../kernel/module';
import * as tables from './tubes.tables';
import { tubeMenus } from './tubes.menus';
import { tubeRoutes } from './tubes.routes';
import { tubeChangeDueJob } from './tubes.jobs';

/**
 * Tube and catheter care (管路管理, issue 20): a patient's tubes, their care records with the risk of unplanned
 * removal, placed -> maintained -> removed, and the hourly change-due alert.
 */
export const tubesModule = defineModule({
  name: 'tubes',
  dependsOn: ['organizations', 'users', 'messages', 'patients'],
  tables,
  routes: tubeRoutes,
  menus: tubeMenus(),
  jobs: [tubeChangeDueJob],
});
