import { RoleId, heartbeatsEndpoints as endpoints, type Locale } from '@rehab/shared';
import { staffWithRoles } from '../roles';
import { defineRoute } from '../../http/route';
import { scopedRoutes } from '../../http/scoped-routes';
import type { SessionContext } from '../../http/session';
import {
  acknowledgeIncident,
  deleteMonitor,
  listIncidents,
  listMonitors,
  receivePush,
  saveMonitor,
  updateMonitor,
  type HeartbeatScope,
} from './heartbeats.service';

const scopeOf = (session: SessionContext): HeartbeatScope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
});
const r = scopedRoutes((session: SessionContext, _locale: Locale) => scopeOf(session));

/**
 * The heartbeat wall (/hisHeartbeat/*): the organization's monitors and incidents; and the push a partner system
 * calls without a session (its secret token names the monitor; at most 120 calls a minute from one address).
 */
export const heartbeatRoutes = [
  r.page(endpoints.pageInfo, listMonitors),
  r.data(endpoints.save, saveMonitor),
  r.action(endpoints.update, updateMonitor),
  defineRoute(endpoints.delete, {
    handler: async ({ app, session, params }) => {
      await deleteMonitor(app, scopeOf(session!), params.id);
      return {};
    },
  }),
  r.page(endpoints.incidents, listIncidents),
  defineRoute(endpoints.acknowledge, {
    handler: async ({ app, session, params }) => {
      await acknowledgeIncident(app, scopeOf(session!), params.id);
      return {};
    },
  }),
  defineRoute(endpoints.recipients, {
    handler: async ({ app, session }) => ({
      data: await staffWithRoles(app.db, session!.organizationId!, Object.values(RoleId), { order: 'name-id' }),
    }),
  }),
  defineRoute(endpoints.push, {
    handler: async ({ app, params, query }) => ({ data: await receivePush(app, params.token, query) }),
    rateLimit: { max: () => 120, windowMs: 60_000 },
  }),
];
