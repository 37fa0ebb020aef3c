import { defineModule } from '../../kernel/module';
import * as tables from './telemedicine.tables';
import { telemedicineMenus } from './telemedicine.menus';
import { telemedicineRoutes } from './telemedicine.routes';
import { remoteExpireJob } from './telemedicine.jobs';
import { seedDemoTelemedicine } from './telemedicine.demo';

/**
 * Remote consultation between related organizations (远程会诊, issue 17): the cross-organization access model
 * (cross-org-access.ts, the face referral and transfer will use), requests and their steps, the expert's signed
 * report (append-only, superseded by new versions), the inviting side's receipt and the expiry job.
 */
export const telemedicineModule = defineModule({
  name: 'telemedicine',
  dependsOn: ['organizations', 'offices', 'users', 'roles', 'messages', 'patients', 'work-orders', 'assessments'],
  tables,
  routes: telemedicineRoutes,
  menus: telemedicineMenus(),
  jobs: [remoteExpireJob],
  demo: (ctx) => seedDemoTelemedicine(ctx),
});
