import { timeSlotsEndpoints as endpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { listTimes, saveTimes } from './time-slots.service';

/** Time slots of the day (spec section 7, Master data: time list and saveTimes), per organization. */
export const timeSlotRoutes = [
  defineRoute(endpoints.list, {
    handler: async ({ app, session }) => ({ data: await listTimes(app.db, session.organizationId!) }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, session, body }) => ({
      data: await saveTimes(app.db, session.organizationId!, body.periods),
    }),
  }),
];
