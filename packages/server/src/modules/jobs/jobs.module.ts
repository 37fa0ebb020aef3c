import { defineModule } from '../../kernel/module';
import * as tables from './jobs.tables';
import { jobRoutes } from './jobs.routes';
import { jobMenus } from './jobs.menus';
import { heartbeat, jobLogCleanup } from './jobs.beans';
import { databaseBackup } from './backup.job';

/** Scheduled jobs: the job table, the scheduler of this process, its log, its own clean-up and the database backup. */
export const jobsModule = defineModule({
  name: 'jobs',
  dependsOn: [],
  tables,
  routes: jobRoutes,
  menus: jobMenus(),
  jobs: [jobLogCleanup, heartbeat, databaseBackup],
});
