import { defineModule } from '../../kernel/module';
import * as tables from './assessments.tables';
import { assessmentRoutes } from './assessments.routes';
import { assessmentMenus } from './assessments.menus';
import { seedDemoAssessments } from './assessments.demo';
import { unfinishedCount } from './assessments.service';

/** Assessments with the standard scales: planned, evaluated, reported. */
export const assessmentsModule = defineModule({
  name: 'assessments',
  dependsOn: ['menus', 'signatures', 'organizations', 'roles', 'users', 'methods', 'patients'],
  tables,
  routes: assessmentRoutes,
  menus: assessmentMenus(),
  // assessments still to be evaluated by the user: as assessor (not handed on) or authorized evaluator
  counters: [{ field: 'asCount', count: (db, scope) => unfinishedCount(db, scope.organizationId, scope.userId) }],
  demo: ({ db }) => seedDemoAssessments(db),
});
