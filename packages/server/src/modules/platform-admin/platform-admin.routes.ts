import { platformAdminEndpoints as endpoints, toPage } from '@rehab/shared';
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
  defineRoute(endpoints.accounts, {
    handler: async ({ app, query }) => {
      const { list, total } = await listAdminAccounts(app, query);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute(endpoints.candidates, {
    handler: async ({ app, session, query }) => ({
      data: await adminCandidates(app, session, query.organizationId, query.keyword),
    }),
  }),
  /** The platform roles a new administrator may hold besides the administrator role. */
  defineRoute(endpoints.accountRoles, {
    handler: async ({ app }) => ({ data: await platformRoleOptions(app) }),
  }),
  defineRoute(endpoints.saveAccount, {
    handler: async ({ app, session, body }) => ({ data: await saveAdminAccount(app, session, body) }),
  }),
  defineRoute(endpoints.accountStatus, {
    handler: async ({ app, session, body }) => {
      await setAdminAccountStatus(app, session, body.userId, body.status);
      return {};
    },
  }),
  defineRoute(endpoints.resetPassword, {
    handler: async ({ app, session, body }) => {
      await resetAdminAccountPassword(app, session, body.userId);
      return {};
    },
  }),
  defineRoute(endpoints.revoke, {
    handler: async ({ app, session, body }) => {
      await revokeAdminAccount(app, session, body.userId, body.organizationId);
      return {};
    },
  }),
  defineRoute(endpoints.notices, {
    handler: async ({ app, query }) => {
      const { list, total } = await listPlatformNotices(app, query);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute(endpoints.notice, {
    handler: async ({ app, params }) => ({ data: await platformNoticeInfo(app, params.id) }),
  }),
  /** The platform roles a notice may be limited to. */
  defineRoute(endpoints.noticeRoles, {
    handler: async ({ app }) => ({ data: await platformRoleOptions(app) }),
  }),
  defineRoute(endpoints.sendNotice, {
    handler: async ({ app, session, body }) => ({ data: await sendPlatformNotice(app, session, body) }),
  }),
];
