import {
  AdminPerm,
  checkOnlineSchema,
  idParamSchema,
  toPage,
  userGradeSchema,
  userIdSchema,
  userIdsSchema,
  userInfoParamsSchema,
  userListQuerySchema,
  userPostOptionsQuerySchema,
  userSaveSchema,
  userStatusSchema,
  userUpdateSchema,
} from '@rehab/shared';
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
  defineRoute({
    method: 'GET',
    url: '/sys/user/list',
    access: { permission: AdminPerm.userList },
    query: userListQuerySchema,
    handler: async ({ app, session, query, locale }) => {
      const { list, total } = await listUsers(app, session, query, locale);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/user/info/:id/:organizationId',
    access: { permission: AdminPerm.userInfo },
    params: userInfoParamsSchema,
    handler: async ({ app, session, params, locale }) => ({
      data: await userInfo(app, session, params.id, params.organizationId, locale),
    }),
  }),
  /** The user form's post choices for one membership: that organization's post types and post small types. */
  defineRoute({
    method: 'GET',
    url: '/sys/user/postOptions',
    access: { permission: AdminPerm.userList },
    query: userPostOptionsQuerySchema,
    handler: async ({ app, session, query, locale }) => ({
      data: await postOptions(app.db, session, query.organizationId, locale),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/user/save',
    access: { permission: AdminPerm.userSave },
    body: userSaveSchema,
    handler: async ({ app, session, body }) => ({ data: await createUser(app, session, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/user/update',
    access: { permission: AdminPerm.userUpdate },
    body: userUpdateSchema,
    handler: async ({ app, session, body }) => {
      const { id, ...values } = body;
      await updateUser(app, session, id, values);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/user/updateStatus',
    access: { permission: AdminPerm.userStatus },
    body: userStatusSchema,
    handler: async ({ app, session, body }) => setUserStatus(app, session, body.id, body.status),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/user/resetPassword',
    access: { permission: AdminPerm.userResetPassword },
    body: userIdSchema,
    handler: async ({ app, session, body }) => resetUserPassword(app, session, body.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/user/upAndDownGrade',
    access: { permission: AdminPerm.userGrade },
    body: userGradeSchema,
    handler: async ({ app, session, body }) => upAndDownGrade(app, session, body.id, body.type),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/user/checkOnlineUser',
    access: 'organization',
    body: checkOnlineSchema,
    handler: async ({ app, session, body }) => {
      // another user's sessions are the administrators' business
      if (body.id !== undefined && body.id !== session.userId && !session.permissions.has(AdminPerm.userList)) {
        throw notFound();
      }
      return { data: await checkOnline(app, session, body.id) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/user/delete',
    access: { permission: AdminPerm.userDelete },
    body: userIdsSchema,
    handler: async ({ app, session, body }) => removeUsers(app, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/user/selectAdminUsers',
    access: { permission: AdminPerm.userList },
    handler: async ({ app, session }) => ({ data: await adminUsers(app, session) }),
  }),

  /** The caller's own signature image (multipart, field `file`). */
  defineRoute({
    method: 'POST',
    url: '/sys/signature/save',
    access: 'organization',
    handler: async ({ app, session, req }) => {
      await saveSignature(app, session.userId, session.userId, await readSignatureUpload(req));
    },
  }),
  /** An administrator sets a user's signature image. */
  defineRoute({
    method: 'POST',
    url: '/sys/signature/save/:id',
    access: { permission: AdminPerm.userUpdate },
    params: idParamSchema,
    handler: async ({ app, session, req, params }) => {
      await manageableUser(app.db, session, params.id);
      await saveSignature(app, params.id, session.userId, await readSignatureUpload(req));
    },
  }),
  /** The image itself, only to signed-in members of an organization the user belongs to. */
  defineRoute({
    method: 'GET',
    url: '/sys/signature/image/:id',
    access: 'organization',
    params: idParamSchema,
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
