import { defineModule } from '../../kernel/module';
import * as tables from './time-slots.tables';
import { timeSlotRoutes } from './time-slots.routes';
import { timeSlotMenus } from './time-slots.menus';
import { seedTimeSlots } from './time-slots.service';
import { organizationIdsInOrder } from '../organizations/organizations.demo';

/** The treatment time slots of an organization's day. */
export const timeSlotsModule = defineModule({
  name: 'time-slots',
  dependsOn: ['organizations'],
  tables,
  routes: timeSlotRoutes,
  menus: timeSlotMenus(),
  demo: async ({ db }) => {
    for (const organizationId of await organizationIdsInOrder(db)) await seedTimeSlots(db, organizationId);
  },
});
