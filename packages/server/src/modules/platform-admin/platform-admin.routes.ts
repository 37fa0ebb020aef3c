import {
  PlatformAdminPerm,
  adminAccountCandidatesQuerySchema,
  adminAccountListQuerySchema,
  adminAccountRevokeSchema,
  adminAccountSaveSchema,
  adminAccountStatusSchema,
  adminAccountUserSchema,
  idParamSchema,
  platformNoticeListQuerySchema,
  platformNoticeSendSchema,
  toPage,
} from '@rehab/shared';
import { defineRoute } from '../../http/route';
import {
  adminCandidates,
  listAdminAccounts,
  resetAdminAccountPassword,
  revokeAdminAccount,
  saveAdminAccount,
  setAdminAccountStatus,
} from './admin-accounts.service';
import { listPlatformNotices, platformNoticeInfo, platformRoleOptions, sendPlatformNotice } from './notices.service';

/**
 * The platform operator's screens (super administrator only): the organization administrators of every
 * organization (/maintainSystem/adminAccount) and platform notices (/maintainSystem/operationMessage).
 */
export const platformAdminRoutes = [
  defineRoute({
    method: 'GET',
    url: '/sys/adminAccount/list',
    access: { permission: PlatformAdminPerm.adminAccountList },
    query: adminAccountListQuerySchema,
    handler: async ({ app, query }) => {
      const { list, total } = await listAdminAccounts(app, query);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/adminAccount/candidates',
    access: { permission: PlatformAdminPerm.adminAccountSave },
    query: adminAccountCandidatesQuerySchema,
    handler: async ({ app, session, query }) => ({
      data: await adminCandidates(app, session, query.organizationId, query.keyword),
    }),
  }),
  /** The platform roles a new administrator may hold besides the administrator role. */
  defineRoute({
    method: 'GET',
    url: '/sys/adminAccount/roles',
    access: { permission: PlatformAdminPerm.adminAccountSave },
    handler: async ({ app }) => ({ data: await platformRoleOptions(app) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/adminAccount/save',
    access: { permission: PlatformAdminPerm.adminAccountSave },
    body: adminAccountSaveSchema,
    handler: async ({ app, session, body }) => ({ data: await saveAdminAccount(app, session, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/adminAccount/status',
    access: { permission: PlatformAdminPerm.adminAccountStatus },
    body: adminAccountStatusSchema,
    handler: async ({ app, session, body }) => setAdminAccountStatus(app, session, body.userId, body.status),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/adminAccount/resetPassword',
    access: { permission: PlatformAdminPerm.adminAccountResetPassword },
    body: adminAccountUserSchema,
    handler: async ({ app, session, body }) => resetAdminAccountPassword(app, session, body.userId),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/adminAccount/revoke',
    access: { permission: PlatformAdminPerm.adminAccountRevoke },
    body: adminAccountRevokeSchema,
    handler: async ({ app, session, body }) => revokeAdminAccount(app, session, body.userId, body.organizationId),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/operationMessage/list',
    access: { permission: PlatformAdminPerm.noticeList },
    query: platformNoticeListQuerySchema,
    handler: async ({ app, query }) => {
      const { list, total } = await listPlatformNotices(app, query);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/operationMessage/info/:id',
    access: { permission: PlatformAdminPerm.noticeInfo },
    params: idParamSchema,
    handler: async ({ app, params }) => ({ data: await platformNoticeInfo(app, params.id) }),
  }),
  /** The platform roles a notice may be limited to. */
  defineRoute({
    method: 'GET',
    url: '/sys/operationMessage/roles',
    access: { permission: PlatformAdminPerm.noticeSend },
    handler: async ({ app }) => ({ data: await platformRoleOptions(app) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/operationMessage/send',
    access: { permission: PlatformAdminPerm.noticeSend },
    body: platformNoticeSendSchema,
    handler: async ({ app, session, body }) => ({ data: await sendPlatformNotice(app, session, body) }),
  }),
];
