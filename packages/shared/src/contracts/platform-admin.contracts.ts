import { z } from 'zod';
import { PlatformAdminPerm } from '../permissions';
import { idParamSchema } from '../schemas/common.schema';
import {
  adminAccountCandidateSchema,
  adminAccountCandidatesQuerySchema,
  adminAccountListQuerySchema,
  adminAccountRevokeSchema,
  adminAccountRowSchema,
  adminAccountSaveSchema,
  adminAccountStatusSchema,
  adminAccountUserSchema,
  platformNoticeInfoSchema,
  platformNoticeListQuerySchema,
  platformNoticeRowSchema,
  platformNoticeSendSchema,
  platformRoleSchema,
} from '../schemas/platform-admin.schema';
import { defineEndpoint, pageSchema } from './endpoint';

/**
 * The platform operator's screens (super administrator only): the organization administrators of every
 * organization (/maintainSystem/adminAccount) and platform notices (/maintainSystem/operationMessage).
 */
export const platformAdminEndpoints = {
  accounts: defineEndpoint({
    method: 'GET',
    path: '/sys/adminAccount/list',
    access: { permission: PlatformAdminPerm.adminAccountList },
    query: adminAccountListQuerySchema,
    response: z.strictObject({ data: pageSchema(adminAccountRowSchema) }),
    summary: {
      'zh-CN': '各机构管理员账号分页列表（每个机构一行）',
      en: 'One page of the organization administrators of every organization (a row per organization)',
    },
  }),
  candidates: defineEndpoint({
    method: 'GET',
    path: '/sys/adminAccount/candidates',
    access: { permission: PlatformAdminPerm.adminAccountSave },
    query: adminAccountCandidatesQuerySchema,
    response: z.strictObject({ data: z.array(adminAccountCandidateSchema) }),
    summary: {
      'zh-CN': '可设为该机构管理员的在职成员（最多 20 人）',
      en: 'Enabled members of an organization who could be made its administrator (at most 20)',
    },
  }),
  accountRoles: defineEndpoint({
    method: 'GET',
    path: '/sys/adminAccount/roles',
    access: { permission: PlatformAdminPerm.adminAccountSave },
    response: z.strictObject({ data: z.array(platformRoleSchema) }),
    summary: {
      'zh-CN': '新管理员可兼任的平台角色',
      en: 'The platform roles a new administrator may hold besides the administrator role',
    },
  }),
  saveAccount: defineEndpoint({
    method: 'POST',
    path: '/sys/adminAccount/save',
    access: { permission: PlatformAdminPerm.adminAccountSave },
    body: adminAccountSaveSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int() }) }),
    summary: {
      'zh-CN': '新建机构管理员账号，或将机构现有成员设为管理员',
      en: "Creates an organization administrator's account, or makes a member of the organization its administrator",
    },
  }),
  accountStatus: defineEndpoint({
    method: 'POST',
    path: '/sys/adminAccount/status',
    access: { permission: PlatformAdminPerm.adminAccountStatus },
    body: adminAccountStatusSchema,
    response: z.strictObject({}),
    summary: { 'zh-CN': '启用或停用管理员账号', en: "Enables or disables an administrator's account" },
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/sys/adminAccount/resetPassword',
    access: { permission: PlatformAdminPerm.adminAccountResetPassword },
    body: adminAccountUserSchema,
    response: z.strictObject({}),
    summary: {
      'zh-CN': '将管理员密码重置为默认密码',
      en: "Resets an administrator's password to the default one",
    },
  }),
  revoke: defineEndpoint({
    method: 'POST',
    path: '/sys/adminAccount/revoke',
    access: { permission: PlatformAdminPerm.adminAccountRevoke },
    body: adminAccountRevokeSchema,
    response: z.strictObject({}),
    summary: {
      'zh-CN': '取消用户在某机构的管理员角色',
      en: 'Takes the administrator role of one organization away from a user',
    },
  }),
  notices: defineEndpoint({
    method: 'GET',
    path: '/sys/operationMessage/list',
    access: { permission: PlatformAdminPerm.noticeList },
    query: platformNoticeListQuerySchema,
    response: z.strictObject({ data: pageSchema(platformNoticeRowSchema) }),
    summary: {
      'zh-CN': '已发送的平台通知分页列表（最新在前）',
      en: 'One page of the platform notices sent, newest first',
    },
  }),
  notice: defineEndpoint({
    method: 'GET',
    path: '/sys/operationMessage/info/:id',
    access: { permission: PlatformAdminPerm.noticeInfo },
    params: idParamSchema,
    response: z.strictObject({ data: platformNoticeInfoSchema }),
    summary: {
      'zh-CN': '平台通知详情及各机构的送达和已读人数',
      en: 'A platform notice with its body and, per organization reached, how many received and read it',
    },
  }),
  noticeRoles: defineEndpoint({
    method: 'GET',
    path: '/sys/operationMessage/roles',
    access: { permission: PlatformAdminPerm.noticeSend },
    response: z.strictObject({ data: z.array(platformRoleSchema) }),
    summary: { 'zh-CN': '平台通知可限定的平台角色', en: 'The platform roles a notice may be limited to' },
  }),
  sendNotice: defineEndpoint({
    method: 'POST',
    path: '/sys/operationMessage/send',
    access: { permission: PlatformAdminPerm.noticeSend },
    body: platformNoticeSendSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int(), recipientCount: z.number().int() }) }),
    summary: {
      'zh-CN': '向全部或所选机构（可限定角色）发送平台通知',
      en: 'Sends a platform notice to every organization or the chosen ones, optionally to some roles only',
    },
  }),
};
