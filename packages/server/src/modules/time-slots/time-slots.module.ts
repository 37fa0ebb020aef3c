import { defineModule } from '../../kernel/module';
import * as tables from './time-slots.tables';
import { timeSlotRoutes } from './time-slots.routes';
import { timeSlotMenus } from './time-slots.menus';
import { seedTimeSlots } from './time-slots.service';

/** The treatment time slots of an organization's day. */
export const timeSlotsModule = defineModule({
  name: 'time-slots',
  dependsOn: [],
  tables,
  routes: timeSlotRoutes,
  menus: timeSlotMenus(),
  demo: async ({ db, organizationIds }) => {
    for (const organizationId of await organizationIds()) await seedTimeSlots(db, organizationId);
  },
});
