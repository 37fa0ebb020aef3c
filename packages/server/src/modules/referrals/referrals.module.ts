import { defineModule } from '../../kernel/module';
import * as tables from './referrals.tables';
import { referralMenus } from './referrals.menus';
import { referralRoutes } from './referrals.routes';
import { seedDemoReferrals } from './referrals.demo';

/**
 * Referral of a patient (转诊, issue 17) to another office or a related organization, on the cross-organization
 * access model of the telemedicine face: the referral and its attached snapshots, its steps (append-only history)
 * and the receiving side's recorded reads.
 */
export const referralsModule = defineModule({
  name: 'referrals',
  dependsOn: [
    'organizations',
    'offices',
    'users',
    'roles',
    'messages',
    'patients',
    'work-orders',
    'assessments',
    'telemedicine',
  ],
  tables,
  routes: referralRoutes,
  menus: referralMenus(),
  demo: (ctx) => seedDemoReferrals(ctx),
});
