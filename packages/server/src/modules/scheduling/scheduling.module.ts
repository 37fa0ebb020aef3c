import { defineModule } from '../../kernel/module';
import * as tables from './scheduling.tables';
import { schedulingRoutes } from './scheduling.routes';
import { schedulingMenus } from './scheduling.menus';
import { seedScheduling } from './scheduling.demo';
import { unplannedPatientCount } from './scheduling-board.service';

/** Scheduling: bookings of work orders into time slots, shifts, leave and substitutes, the hospital-system entry. */
export const schedulingModule = defineModule({
  name: 'scheduling',
  dependsOn: ['auth', 'break', 'menus', 'organizations', 'roles', 'work-orders'],
  tables,
  routes: schedulingRoutes,
  menus: schedulingMenus(),
  // the patients with today's orders still unscheduled (spec section 2, home card "unplanned patients")
  counters: [{ field: 'nonprogrammable', count: (db, scope) => unplannedPatientCount(db, scope.organizationId) }],
  demo: ({ db }) => seedScheduling(db),
});
