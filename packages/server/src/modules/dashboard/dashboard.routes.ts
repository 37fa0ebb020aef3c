import { defineRoute } from '../../http/route';
import { forbidden } from '../../http/errors';
import { dashboardEndpoints as endpoints } from '@rehab/shared';
import { officesFor } from '../organizations';

export const DASHBOARD_FIELDS = [
  'msgCount',
  'nonprogrammable',
  'asCount',
  'undoneTotal',
  'doneTotal',
  'unAssignedCount',
] as const;

export const dashboardRoutes = [
  /**
   * Home counts (spec section 3). Each module declares the counters it owns in its manifest (`app.modules.counters`); a count
   * whose feature is not built yet answers 0. The organization in the path must be the session's own.
   */
  defineRoute(endpoints.info, {
    handler: async ({ app, session, params: p }) => {
      if (p.organizationId !== session.organizationId) throw forbidden();
      if (p.officeId && !(await officesFor(app, session.userId, p.organizationId)).some((o) => o.id === p.officeId)) {
        throw forbidden();
      }
      const scope = { organizationId: p.organizationId, officeId: p.officeId || null, userId: session.userId };
      const data: Record<(typeof DASHBOARD_FIELDS)[number], number> = {
        msgCount: 0,
        nonprogrammable: 0,
        asCount: 0,
        undoneTotal: 0,
        doneTotal: 0,
        unAssignedCount: 0,
      };
      for (const counter of app.modules.counters) data[counter.field] += await counter.count(app.db, scope);
      return { data };
    },
  }),
];
