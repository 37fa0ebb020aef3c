import { AdminPerm, toPage, usersEndpoints as endpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { notFound } from '../../http/errors';
import {
  adminUsers,
  checkOnline,
  createUser,
  isMemberOf,
  listUsers,
  removeUsers,
  resetUserPassword,
  setUserStatus,
  updateUser,
  upAndDownGrade,
  userInfo,
  manageableUser,
  postOptions,
} from './users-admin.service';
import { readSignatureUpload, saveSignature, signatureOf } from './signature.service';

/** User administration (spec section 7, Administration: user) and the signature images (signature save). */
export const userAdminRoutes = [
  defineRoute(endpoints.list, {
    handler: async ({ app, session, query, locale }) => {
      const { list, total } = await listUsers(app, session, query, locale);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute(endpoints.adminInfo, {
    handler: async ({ app, session, params, locale }) => ({
      data: await userInfo(app, session, params.id, params.organizationId, locale),
    }),
  }),
  /** The user form's post choices for one membership: that organization's post types and post small types. */
  defineRoute(endpoints.postOptions, {
    handler: async ({ app, session, query, locale }) => ({
      data: await postOptions(app.db, session, query.organizationId, locale),
    }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, session, body }) => ({ data: await createUser(app, session, body) }),
  }),
  defineRoute(endpoints.update, {
    handler: async ({ app, session, body }) => {
      const { id, ...values } = body;
      await updateUser(app, session, id, values);
      return {};
    },
  }),
  defineRoute(endpoints.updateStatus, {
    handler: async ({ app, session, body }) => {
      await setUserStatus(app, session, body.id, body.status);
      return {};
    },
  }),
  defineRoute(endpoints.resetUserPassword, {
    handler: async ({ app, session, body }) => {
      await resetUserPassword(app, session, body.id);
      return {};
    },
  }),
  defineRoute(endpoints.upAndDownGrade, {
    handler: async ({ app, session, body }) => {
      await upAndDownGrade(app, session, body.id, body.type);
      return {};
    },
  }),
  defineRoute(endpoints.checkOnline, {
    handler: async ({ app, session, body }) => {
      // another user's sessions are the administrators' business
      if (body.id !== undefined && body.id !== session.userId && !session.permissions.has(AdminPerm.userList)) {
        throw notFound();
      }
      return { data: await checkOnline(app, session, body.id) };
    },
  }),
  defineRoute(endpoints.remove, {
    handler: async ({ app, session, body }) => {
      await removeUsers(app, session, body);
      return {};
    },
  }),
  defineRoute(endpoints.adminUsers, {
    handler: async ({ app, session }) => ({ data: await adminUsers(app, session) }),
  }),

  /** The caller's own signature image (multipart, field `file`). */
  defineRoute(endpoints.saveOwnSignature, {
    handler: async ({ app, session, req }) => {
      await saveSignature(app, session.userId, session.userId, await readSignatureUpload(req));
      return {};
    },
  }),
  /** An administrator sets a user's signature image. */
  defineRoute(endpoints.saveSignature, {
    handler: async ({ app, session, req, params }) => {
      await manageableUser(app.db, session, params.id);
      await saveSignature(app, params.id, session.userId, await readSignatureUpload(req));
      return {};
    },
  }),
  /** The image itself, only to signed-in members of an organization the user belongs to. */
  defineRoute(endpoints.signatureImage, {
    handler: async ({ app, session, params, reply }) => {
      if (params.id !== session.userId && !(await isMemberOf(app.db, params.id, session.organizationId!))) {
        throw notFound();
      }
      const row = await signatureOf(app, params.id);
      if (!row) throw notFound();
      reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', 'inline')
        .type(row.mime)
        .send(row.image);
    },
  }),
];
