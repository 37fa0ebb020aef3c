import { composeModules } from './kernel/compose';
import type { ModuleManifest } from './kernel/module';
import { jobsModule } from './modules/jobs/jobs.module';
import { breakModule } from './modules/break/break.module';
import { masterDataModule } from './modules/master-data/master-data.module';
import { menusModule } from './modules/menus/menus.module';
import { organizationsModule } from './modules/organizations/organizations.module';
import { rolesModule } from './modules/roles/roles.module';
import { officesModule } from './modules/offices/offices.module';
import { usersModule } from './modules/users/users.module';
import { authModule } from './modules/auth/auth.module';
import { messagesModule } from './modules/messages/messages.module';
import { logsModule } from './modules/logs/logs.module';
import { versionsModule } from './modules/versions/versions.module';
import { userConfigModule } from './modules/user-config/user-config.module';
import { platformAdminModule } from './modules/platform-admin/platform-admin.module';
import { platformTemplatesModule } from './modules/platform-templates/platform-templates.module';
import { signaturesModule } from './modules/signatures/signatures.module';
import { methodsModule } from './modules/methods/methods.module';
import { scalesModule } from './modules/scales/scales.module';
import { timeSlotsModule } from './modules/time-slots/time-slots.module';
import { dictionariesModule } from './modules/dictionaries/dictionaries.module';
import { teamsModule } from './modules/teams/teams.module';
import { patientsModule } from './modules/patients/patients.module';
import { workOrdersModule } from './modules/work-orders/work-orders.module';
import { schedulingModule } from './modules/scheduling/scheduling.module';
import { assessmentsModule } from './modules/assessments/assessments.module';
import { meetingsModule } from './modules/meetings/meetings.module';
import { billingModule } from './modules/billing/billing.module';
import { workloadModule } from './modules/workload/workload.module';
import { performanceModule } from './modules/performance/performance.module';
import { dashboardModule } from './modules/dashboard/dashboard.module';
import { bigScreenModule } from './modules/big-screen/big-screen.module';
import { statisticsModule } from './modules/statistics/statistics.module';
import { devicesModule } from './modules/devices/devices.module';
import { heartbeatsModule } from './modules/heartbeats/heartbeats.module';
import { camerasModule } from './modules/cameras/cameras.module';
import { telemedicineModule } from './modules/telemedicine/telemedicine.module';
import { referralsModule } from './modules/referrals/referrals.module';
import { qrLoginModule } from './modules/qr-login/qr-login.module';
import { tubesModule } from './modules/tubes/tubes.module';
import { leasesModule } from './modules/leases/leases.module';
import { contentModule } from './modules/content/content.module';
import { homeTasksModule } from './modules/home-tasks/home-tasks.module';

/**
 * The composition root: every server module, in dependency order (each uses only the public face of modules listed
 * before it; the identity modules, menus to messages, form one layer whose members call each other; the layers are
 * SERVER_MODULE_ORDER in eslint.config.js, which lint enforces). The route table, the menus, the scheduled jobs,
 * the home counters, the start-up and demo data and the event routes are derived from it (docs/architecture.md).
 */
export const MODULES: readonly ModuleManifest[] = [
  jobsModule,
  breakModule,
  masterDataModule,
  menusModule,
  organizationsModule,
  rolesModule,
  officesModule,
  usersModule,
  authModule,
  messagesModule,
  logsModule,
  versionsModule,
  userConfigModule,
  platformAdminModule,
  platformTemplatesModule,
  signaturesModule,
  methodsModule,
  scalesModule,
  timeSlotsModule,
  dictionariesModule,
  teamsModule,
  patientsModule,
  workOrdersModule,
  schedulingModule,
  assessmentsModule,
  meetingsModule,
  billingModule,
  workloadModule,
  performanceModule,
  dashboardModule,
  bigScreenModule,
  statisticsModule,
  devicesModule,
  heartbeatsModule,
  camerasModule,
  telemedicineModule,
  referralsModule,
  qrLoginModule,
  tubesModule,
  leasesModule,
  contentModule,
  homeTasksModule,
];

/** What the application is made of, checked and derived once. */
export const composition = composeModules(MODULES);
