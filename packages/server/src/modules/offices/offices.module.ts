import { defineModule } from '../../kernel/module';
import { officeRoutes } from './offices.routes';
import { seedDemoOffices } from './offices.demo';

/** The departments (offices) of an organization and their structure. */
export const officesModule = defineModule({
  name: 'offices',
  dependsOn: ['master-data', 'organizations'],
  routes: officeRoutes,
  demo: async ({ db, organizationIds }) => seedDemoOffices(db, await organizationIds()),
});
