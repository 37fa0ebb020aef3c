import { defineModule } from '../../kernel/module';
import * as tables from './performance.tables';
import { performanceRoutes } from './performance.routes';
import { performanceMenus } from './performance.menus';
import { performanceFactsJob } from './performance.jobs';
import { seedDemoPerformance } from './performance.demo';

/**
 * Performance (绩效, issue 16): versioned rules, daily facts from completed work orders (append-only, corrected by
 * reversal), month close, adjustments with approval and the therapists' statements.
 */
export const performanceModule = defineModule({
  name: 'performance',
  dependsOn: ['organizations', 'master-data', 'users', 'roles', 'messages', 'patients', 'work-orders', 'assessments'],
  tables,
  routes: performanceRoutes,
  menus: performanceMenus(),
  jobs: [performanceFactsJob],
  demo: (ctx) => seedDemoPerformance(ctx),
});
