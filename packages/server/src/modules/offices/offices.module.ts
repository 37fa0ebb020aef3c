import { defineModule } from '../../kernel/module';
import { officeRoutes } from './offices.routes';
import { seedDemoOffices } from './offices.demo';

/** The departments (offices) of an organization and their structure. */
export const officesModule = defineModule({
  name: 'offices',
  dependsOn: ['organizations', 'master-data'],
  routes: officeRoutes,
  demo: ({ db }) => seedDemoOffices(db),
});
