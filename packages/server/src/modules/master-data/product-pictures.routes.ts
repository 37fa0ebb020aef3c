import { productPicturesEndpoints as endpoints } from '@rehab/shared';
import { defineRoute, type RouteDef } from '../../http/route';
import type { SessionContext } from '../../http/session';
import {
  listPictures,
  pictureCovers,
  removePicture,
  sendPicture,
  sortPictures,
  uploadPicture,
  type PictureScope,
} from './product-pictures';

/** The organization and user are the session's: a picture or product of another organization answers 404. */
const scopeOf = (session: SessionContext): PictureScope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
});

/** Product pictures (issue 20): read with the product list's code, changed with the product's edit code. */
export const productPictureRoutes: RouteDef[] = [
  defineRoute(endpoints.list, {
    handler: async ({ app, session, params }) => ({ data: await listPictures(app.db, scopeOf(session), params.id) }),
  }),
  defineRoute(endpoints.covers, {
    handler: async ({ app, session, body }) => ({ data: await pictureCovers(app.db, scopeOf(session), body.ids) }),
  }),
  defineRoute(endpoints.file, {
    handler: async ({ app, session, params, reply }) => sendPicture(app.db, scopeOf(session), params.id, reply),
  }),
  defineRoute(endpoints.upload, {
    handler: async ({ app, session, params, req }) => ({
      data: await uploadPicture(app, scopeOf(session), params.id, req),
    }),
  }),
  defineRoute(endpoints.remove, {
    handler: async ({ app, session, body }) => {
      await removePicture(app, scopeOf(session), body.id);
      return {};
    },
  }),
  defineRoute(endpoints.sort, {
    handler: async ({ app, session, body }) => {
      await sortPictures(app, scopeOf(session), body.productId, body.ids);
      return {};
    },
  }),
];
