import { composeModules } from './kernel/compose';
import type { ModuleManifest } from './kernel/module';
import { logsModule } from './modules/logs/logs.module';
import { versionsModule } from './modules/versions/versions.module';
import { dictionariesModule } from './modules/dictionaries/dictionaries.module';
import { organizationsModule } from './modules/organizations/organizations.module';
import { masterDataModule } from './modules/master-data/master-data.module';
import { officesModule } from './modules/offices/offices.module';
import { rolesModule } from './modules/roles/roles.module';
import { usersModule } from './modules/users/users.module';
import { menusModule } from './modules/menus/menus.module';
import { authModule } from './modules/auth/auth.module';
import { userConfigModule } from './modules/user-config/user-config.module';
import { breakModule } from './modules/break/break.module';
import { platformAdminModule } from './modules/platform-admin/platform-admin.module';
import { platformTemplatesModule } from './modules/platform-templates/platform-templates.module';
import { jobsModule } from './modules/jobs/jobs.module';
import { timeSlotsModule } from './modules/time-slots/time-slots.module';
import { methodsModule } from './modules/methods/methods.module';
import { scalesModule } from './modules/scales/scales.module';
import { teamsModule } from './modules/teams/teams.module';
import { messagesModule } from './modules/messages/messages.module';
import { patientsModule } from './modules/patients/patients.module';
import { workOrdersModule } from './modules/work-orders/work-orders.module';
import { schedulingModule } from './modules/scheduling/scheduling.module';
import { assessmentsModule } from './modules/assessments/assessments.module';
import { meetingsModule } from './modules/meetings/meetings.module';
import { workloadModule } from './modules/workload/workload.module';
import { dashboardModule } from './modules/dashboard/dashboard.module';

/**
 * The composition root: every server module, in dependency order (each uses only the public face of modules above
 * it in this list). The route table, the menus, the scheduled jobs, the home counters, the start-up and demo data
 * and the event routes are derived from it (docs/architecture.md).
 */
export const MODULES: readonly ModuleManifest[] = [
  logsModule,
  versionsModule,
  dictionariesModule,
  organizationsModule,
  masterDataModule,
  officesModule,
  rolesModule,
  usersModule,
  menusModule,
  authModule,
  userConfigModule,
  breakModule,
  platformAdminModule,
  platformTemplatesModule,
  jobsModule,
  timeSlotsModule,
  methodsModule,
  scalesModule,
  teamsModule,
  messagesModule,
  patientsModule,
  workOrdersModule,
  schedulingModule,
  assessmentsModule,
  meetingsModule,
  workloadModule,
  dashboardModule,
];

/** What the application is made of, checked and derived once. */
export const composition = composeModules(MODULES);
