import { defineModule } from '../../kernel/module';
import * as tables from './leases.tables';
import { leaseMenus } from './leases.menus';
import { leaseRoutes } from './leases.routes';
import { leaseOverdueJob } from './leases.jobs';

/**
 * Equipment lease to patients (设备租赁, issue 20): equipment of the register (with its lease price) lent for home
 * rehab, leased -> returned, overdue set by the hourly job; the deposit goes on the patient's bill when leased and
 * the rent when returned (billing's source charges).
 */
export const leasesModule = defineModule({
  name: 'leases',
  dependsOn: ['organizations', 'users', 'master-data', 'patients', 'billing'],
  tables,
  routes: leaseRoutes,
  menus: leaseMenus(),
  jobs: [leaseOverdueJob],
});
