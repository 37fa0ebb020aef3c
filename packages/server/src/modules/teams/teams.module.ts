import { defineModule } from '../../kernel/module';
import * as tables from './teams.tables';
import { teamRoutes } from './teams.routes';

/** Therapist groups (treatment teams) of an organization. */
export const teamsModule = defineModule({
  name: 'teams',
  dependsOn: ['offices', 'roles', 'users'],
  tables,
  routes: teamRoutes,
});
