import { z } from 'zod';
import { idParamSchema } from '../schemas/common.schema';
import {
  changePasswordSchema,
  checkCodeSchema,
  personalInfoSchema,
  sendCodeSchema,
  userInfoSchema,
} from '../schemas/auth.schema';
import {
  AdminPerm,
  adminUserInfoSchema,
  adminUserRowSchema,
  checkOnlineSchema,
  onlineStateSchema,
  userGradeSchema,
  userIdSchema,
  userIdsSchema,
  userInfoParamsSchema,
  userListQuerySchema,
  userPostOptionsQuerySchema,
  userPostOptionsSchema,
  userSaveSchema,
  userStatusSchema,
  userUpdateSchema,
} from '../schemas/admin.schema';
import { defineEndpoint, fileResponse, pageSchema } from './endpoint';

const done = z.strictObject({});

/** One's own account (my center) and user administration with the signature images (spec section 7). */
export const usersEndpoints = {
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/user/info',
    access: 'session',
    response: z.strictObject({ data: userInfoSchema }),
    summary: {
      'zh-CN': '当前登录用户及其在当前机构的角色',
      en: 'The signed-in user with their roles in the current organization',
    },
  }),
  updatePersonalInfo: defineEndpoint({
    method: 'PUT',
    path: '/sys/user/updatePersonalInfo',
    access: 'session',
    body: personalInfoSchema,
    response: done,
    summary: {
      'zh-CN': '修改个人信息（新手机号或邮箱需验证码）',
      en: 'Changes one’s own details (a new phone number or e-mail address needs its code)',
    },
  }),
  sendVerificationCode: defineEndpoint({
    method: 'POST',
    path: '/sys/user/sendVerificationCode',
    access: 'session',
    body: sendCodeSchema,
    response: done,
    summary: {
      'zh-CN': '向新手机号或邮箱发送验证码',
      en: 'Sends a code to a new phone number or e-mail address of one’s own account',
    },
  }),
  checkVerificationCode: defineEndpoint({
    method: 'POST',
    path: '/sys/user/checkVerificationCode',
    access: 'session',
    body: checkCodeSchema,
    response: done,
    summary: { 'zh-CN': '校验新手机号或邮箱的验证码', en: 'Checks the code typed for a new address' },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/sys/user/password',
    access: 'session',
    body: changePasswordSchema,
    response: done,
    summary: {
      'zh-CN': '修改本人密码；其他设备上的登录随之退出',
      en: 'Changes one’s own password; the other sessions end',
    },
  }),

  list: defineEndpoint({
    method: 'GET',
    path: '/sys/user/list',
    access: { permission: AdminPerm.userList },
    query: userListQuerySchema,
    response: z.strictObject({ data: pageSchema(adminUserRowSchema) }),
    summary: {
      'zh-CN': '用户分页列表，可按姓名、手机号、科室、角色、状态筛选',
      en: 'One page of the users, filtered by name, phone, department, role or status',
    },
  }),
  adminInfo: defineEndpoint({
    method: 'GET',
    path: '/sys/user/info/:id/:organizationId',
    access: { permission: AdminPerm.userInfo },
    params: userInfoParamsSchema,
    response: z.strictObject({ data: adminUserInfoSchema }),
    summary: {
      'zh-CN': '用户详情及其所属机构、角色、科室',
      en: 'One user with their organizations, roles and departments',
    },
  }),
  postOptions: defineEndpoint({
    method: 'GET',
    path: '/sys/user/postOptions',
    access: { permission: AdminPerm.userList },
    query: userPostOptionsQuerySchema,
    response: z.strictObject({ data: userPostOptionsSchema }),
    summary: {
      'zh-CN': '某机构的岗位类型和岗位小类（用户表单的选项）',
      en: 'The post types and post small types of an organization, for the user form',
    },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/user/save',
    access: { permission: AdminPerm.userSave },
    body: userSaveSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number() }) }),
    summary: { 'zh-CN': '新增用户', en: 'Adds a user' },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/user/update',
    access: { permission: AdminPerm.userUpdate },
    body: userUpdateSchema,
    response: done,
    summary: { 'zh-CN': '修改用户', en: 'Changes a user' },
  }),
  updateStatus: defineEndpoint({
    method: 'POST',
    path: '/sys/user/updateStatus',
    access: { permission: AdminPerm.userStatus },
    body: userStatusSchema,
    response: done,
    summary: {
      'zh-CN': '启用或停用用户；停用即退出其登录',
      en: 'Enables or disables a user; disabling signs them out',
    },
  }),
  resetUserPassword: defineEndpoint({
    method: 'POST',
    path: '/sys/user/resetPassword',
    access: { permission: AdminPerm.userResetPassword },
    body: userIdSchema,
    response: done,
    summary: { 'zh-CN': '将用户密码重置为默认密码', en: 'Resets a user’s password to the default one' },
  }),
  upAndDownGrade: defineEndpoint({
    method: 'POST',
    path: '/sys/user/upAndDownGrade',
    access: { permission: AdminPerm.userGrade },
    body: userGradeSchema,
    response: done,
    summary: {
      'zh-CN': '设为或取消本机构管理员',
      en: 'Makes a user the organization administrator, or takes that role away',
    },
  }),
  checkOnline: defineEndpoint({
    method: 'POST',
    path: '/sys/user/checkOnlineUser',
    access: 'organization',
    body: checkOnlineSchema,
    response: z.strictObject({ data: onlineStateSchema }),
    summary: {
      'zh-CN': '用户（默认本人）是否在其他设备在线',
      en: 'Whether a user (by default oneself) is signed in on another device',
    },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/sys/user/delete',
    access: { permission: AdminPerm.userDelete },
    body: userIdsSchema,
    response: done,
    summary: { 'zh-CN': '将用户移出本机构', en: 'Takes users out of the current organization' },
  }),
  adminUsers: defineEndpoint({
    method: 'POST',
    path: '/sys/user/selectAdminUsers',
    access: { permission: AdminPerm.userList },
    response: z.strictObject({
      data: z.array(z.strictObject({ id: z.number(), name: z.string(), phone: z.string() })),
    }),
    summary: { 'zh-CN': '本机构的管理员', en: 'The administrators of the current organization' },
  }),
  saveOwnSignature: defineEndpoint({
    method: 'POST',
    path: '/sys/signature/save',
    access: 'organization',
    kind: 'upload',
    response: done,
    summary: { 'zh-CN': '上传本人签名图片', en: 'Uploads one’s own signature image' },
  }),
  saveSignature: defineEndpoint({
    method: 'POST',
    path: '/sys/signature/save/:id',
    access: { permission: AdminPerm.userUpdate },
    params: idParamSchema,
    kind: 'upload',
    response: done,
    summary: { 'zh-CN': '上传用户的签名图片', en: 'Uploads a user’s signature image' },
  }),
  signatureImage: defineEndpoint({
    method: 'GET',
    path: '/sys/signature/image/:id',
    access: 'organization',
    params: idParamSchema,
    kind: 'download',
    response: fileResponse,
    summary: { 'zh-CN': '用户的签名图片', en: 'A user’s signature image' },
  }),
};
