import { screenEndpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { forbidden } from '../../http/errors';
import type { DeviceContext, OrgSession, SessionContext } from '../../http/session';
import { screenQuality, screenQueue, screenStaff, screenToday } from './figures';
import { listLinks, makeLink, revokeLink } from './links';

/** The organization a big-screen call reads: the screen link's, or the signed-in user's current one. */
function organizationOf(session: SessionContext | null, device: DeviceContext | null): number {
  const id = device?.organizationId ?? session?.organizationId;
  if (!id) throw forbidden('error.noOrganization');
  return id;
}

/** The big screen's widgets (a screen link or a signed-in user with the view permission) and the links. */
export const bigScreenRoutes = [
  defineRoute(screenEndpoints.today, {
    handler: async ({ app, session, device }) => ({ data: await screenToday(app, organizationOf(session, device)) }),
  }),
  defineRoute(screenEndpoints.staff, {
    handler: async ({ app, session, device }) => ({ data: await screenStaff(app, organizationOf(session, device)) }),
  }),
  defineRoute(screenEndpoints.queue, {
    handler: async ({ app, session, device }) => ({ data: await screenQueue(app, organizationOf(session, device)) }),
  }),
  defineRoute(screenEndpoints.quality, {
    handler: async ({ app, session, device }) => ({
      data: await screenQuality(app, organizationOf(session, device)),
    }),
  }),
  defineRoute(screenEndpoints.linkList, {
    handler: async ({ app, session }) => ({ data: await listLinks(app, session as OrgSession) }),
  }),
  defineRoute(screenEndpoints.linkCreate, {
    handler: async ({ app, session, body }) => ({ data: await makeLink(app, session as OrgSession, body) }),
  }),
  defineRoute(screenEndpoints.linkRevoke, {
    handler: async ({ app, session, params }) => {
      await revokeLink(app, session as OrgSession, params.id);
      return {};
    },
  }),
];
