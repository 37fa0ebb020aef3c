import { defineModule } from '../../kernel/module';
import * as tables from './telemedicine.tables';
import { telemedicineMenus } from './telemedicine.menus';
import { telemedicineRoutes } from './telemedicine.routes';
import { remoteExpireJob } from './telemedicine.jobs';
import { seedDemoTelemedicine } from './telemedicine.demo';
import { mayListenToCall } from './call.service';
import { CALL_TOPIC_PREFIX } from '@rehab/shared';

/**
 * Remote consultation between related organizations (远程会诊, issue 17): the cross-organization access model
 * (cross-org-access.ts, the face referral and transfer will use), requests and their steps, the expert's signed
 * report (append-only, superseded by new versions), the inviting side's receipt, the expiry job and the live video
 * call (call.service.ts: lobby, signals through the live channel, stays recorded for the fee) and the expert's
 * proposals of treatment projects and assessments, accepted into the patient's course (proposals.service.ts).
 */
export const telemedicineModule = defineModule({
  name: 'telemedicine',
  dependsOn: [
    'organizations',
    'master-data',
    'offices',
    'users',
    'roles',
    'messages',
    'methods',
    'patients',
    'work-orders',
    'assessments',
    'billing',
  ],
  tables,
  routes: telemedicineRoutes,
  menus: telemedicineMenus(),
  jobs: [remoteExpireJob],
  // the video call's signals: each participant's own topic (call.service.ts)
  liveTopics: { [CALL_TOPIC_PREFIX]: mayListenToCall },
  demo: (ctx) => seedDemoTelemedicine(ctx),
});
