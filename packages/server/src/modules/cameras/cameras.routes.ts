import { camerasEndpoints as endpoints, type Locale } from '@rehab/shared';
import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { scopedRoutes } from '../../http/scoped-routes';
import type { SessionContext } from '../../http/session';
import {
  addCamera,
  addGroup,
  deleteCamera,
  deleteGroup,
  endView,
  gatewayAuth,
  getGroup,
  listCameras,
  listGroups,
  listViews,
  mintToken,
  updateCamera,
  updateGroup,
  type CameraScope,
} from './cameras.service';

const scopeOf = (session: SessionContext): CameraScope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  permissions: session.permissions,
});
const r = scopedRoutes((session: SessionContext, _locale: Locale) => scopeOf(session));

/** The routes of a path id that answer the plain envelope. */
const byId = (
  e: (typeof endpoints)['cameraDelete' | 'cameraGroupDelete' | 'viewEnd'],
  run: (app: AppContext, scope: CameraScope, id: number) => Promise<void>,
) =>
  defineRoute(e as (typeof endpoints)['cameraDelete'], {
    handler: async ({ app, session, params }) => {
      await run(app, scopeOf(session!), params.id);
      return {};
    },
  });

/**
 * Cameras and camera groups (/sys/camera/*, all POST per the spec), the play token that opens a view, the end of a
 * view, the views on record, and the media gateway's auth hook (no session: the token is the credential).
 */
export const cameraRoutes = [
  defineRoute(endpoints.getCameraToken, {
    handler: async ({ app, session, params, body }) => mintToken(app, scopeOf(session!), params.id, body.viewId),
  }),
  r.page(endpoints.cameraList, listCameras),
  r.data(endpoints.cameraAdd, addCamera),
  r.action(endpoints.cameraUpdate, updateCamera),
  byId(endpoints.cameraDelete, deleteCamera),
  r.data(endpoints.cameraGroupList, (app, scope) => listGroups(app, scope)),
  r.info(endpoints.cameraGroupGet, getGroup),
  r.data(endpoints.cameraGroupAdd, addGroup),
  r.action(endpoints.cameraGroupUpdate, updateGroup),
  byId(endpoints.cameraGroupDelete, deleteGroup),
  byId(endpoints.viewEnd, endView),
  r.page(endpoints.viewList, listViews),
  defineRoute(endpoints.gatewayAuth, {
    handler: async ({ app, body }) => {
      await gatewayAuth(app, body);
      return {};
    },
  }),
];
