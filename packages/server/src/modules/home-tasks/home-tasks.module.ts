import { defineModule } from '../../kernel/module';
import { findUserByAccount } from '../auth';
import * as tables from './home-tasks.tables';
import { homeTaskMenus } from './home-tasks.menus';
import { homeTaskRoutes } from './home-tasks.routes';
import { seedDemoHomeTasks } from './home-tasks.demo';

/**
 * Home-training tasks (居家训练任务, issue 20): an exercise or a published education or knowledge item given to a
 * patient for home, so many times a day or a week over a period; the patient reports what was done through the
 * mini-program with the task's link; the therapists' list with the completion rate; completed or stopped (reason).
 */
export const homeTasksModule = defineModule({
  name: 'home-tasks',
  dependsOn: ['organizations', 'users', 'auth', 'patients', 'content'],
  tables,
  routes: homeTaskRoutes,
  menus: homeTaskMenus(),
  demo: async (ctx) => seedDemoHomeTasks(ctx, (await findUserByAccount(ctx.db, '13800000010'))?.id ?? null),
});
