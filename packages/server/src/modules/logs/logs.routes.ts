import { toPage, logsEndpoints as endpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { listOperationLogs } from './logs.service';

export const logRoutes = [
  /** The operation log of the current organization, newest first, with filters. */
  defineRoute(endpoints.list, {
    handler: async ({ app, session, query, locale }) => {
      const { list, total } = await listOperationLogs(app.db, session.organizationId!, query, locale);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
];
