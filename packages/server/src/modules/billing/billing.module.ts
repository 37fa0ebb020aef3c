import { defineModule } from '../../kernel/module';
import * as tables from './billing.tables';
import { billingRoutes } from './billing.routes';
import { billingMenus } from './billing.menus';
import { seedDemoBilling } from './billing.demo';
import { packageSubscriptions } from './billing.packages';

/**
 * Outpatient billing: charges from every source (never twice), settlements with receipts, the prepaid account,
 * refunds with approval, cashier shifts and the daily settlement report on a double-entry journal.
 */
export const billingModule = defineModule({
  name: 'billing',
  dependsOn: ['organizations', 'master-data', 'users', 'roles', 'messages', 'patients', 'work-orders'],
  tables,
  routes: billingRoutes,
  menus: billingMenus(),
  subscribes: packageSubscriptions,
  demo: (ctx) => seedDemoBilling(ctx),
});
