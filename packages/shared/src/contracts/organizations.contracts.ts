import { z } from 'zod';
import { idParamSchema, pageQuerySchema } from '../schemas/common.schema';
import {
  chooseOrganizationSchema,
  chosenOrganizationSchema,
  lastLoginOrganizationSchema,
  organizationRefSchema,
  selectableOrganizationSchema,
} from '../schemas/auth.schema';
import {
  AdminPerm,
  organizationConfigQuerySchema,
  organizationConfigSchema,
  organizationConfigViewSchema,
  organizationDeleteSchema,
  organizationListQuerySchema,
  organizationNodeSchema,
  organizationSaveSchema,
  organizationUpdateSchema,
  relatedOrganizationSchema,
  relationListQuerySchema,
  relationSaveSchema,
  treeOptionSchema,
} from '../schemas/admin.schema';
import { defineEndpoint, pageSchema } from './endpoint';

/**
 * Choosing the organization of the session (spec section 4, Sign-in flow) and organization maintenance (spec
 * section 7, Organization): the tree, its config (CA integration and product switches) and relations.
 */
export const organizationsEndpoints = {
  chooseList: defineEndpoint({
    method: 'GET',
    path: '/sys/organization/chooseOrganizationList',
    access: 'session',
    query: pageQuerySchema,
    response: z.strictObject({ data: pageSchema(selectableOrganizationSchema) }),
    summary: {
      'zh-CN': '可进入的机构及本人在其中的科室（分页）',
      en: 'The organizations the user may enter, with their departments there (paged)',
    },
  }),
  lastLogin: defineEndpoint({
    method: 'GET',
    path: '/sys/organization/lastLoginOrganization',
    access: 'session',
    response: z.strictObject({ data: lastLoginOrganizationSchema }),
    summary: {
      'zh-CN': '上次登录的机构和科室，及能否直接进入',
      en: 'The last organization and department, and whether the user can go straight in',
    },
  }),
  defaultChoose: defineEndpoint({
    method: 'GET',
    path: '/sys/organization/defaultChooseOrganizationAndOffice',
    access: 'session',
    response: z.strictObject({
      data: lastLoginOrganizationSchema.extend({
        roleIdList: z.array(z.number()),
        /** present when the last organization was entered */
        organization: organizationRefSchema.optional(),
        caIntegration: z.boolean().optional(),
      }),
    }),
    summary: {
      'zh-CN': '能直接进入时进入上次的机构和科室',
      en: 'Enters the last organization and department when the user can go straight in',
    },
  }),
  choose: defineEndpoint({
    method: 'GET',
    path: '/sys/organization/chooseOrganization',
    access: 'session',
    query: chooseOrganizationSchema,
    response: z.strictObject({ data: chosenOrganizationSchema }),
    summary: {
      'zh-CN': '选择当前机构（和科室）',
      en: 'Makes an organization (and department) current for the session',
    },
  }),

  list: defineEndpoint({
    method: 'GET',
    path: '/sys/organization/list',
    access: { permission: AdminPerm.organizationList },
    query: organizationListQuerySchema,
    response: z.strictObject({ data: z.array(organizationNodeSchema) }),
    summary: {
      'zh-CN': '可管理的机构树，可按名称搜索',
      en: 'The tree of the organizations the caller manages, optionally searched by name',
    },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/organization/info/:id',
    access: { permission: AdminPerm.organizationInfo },
    params: idParamSchema,
    response: z.strictObject({ data: organizationNodeSchema }),
    summary: { 'zh-CN': '机构详情', en: 'One organization' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/organization/save',
    access: { permission: AdminPerm.organizationSave },
    body: organizationSaveSchema,
    response: z.strictObject({ data: organizationNodeSchema }),
    summary: { 'zh-CN': '新增机构', en: 'Adds an organization' },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/organization/update',
    access: { permission: AdminPerm.organizationUpdate },
    body: organizationUpdateSchema,
    response: z.strictObject({}),
    summary: { 'zh-CN': '修改机构', en: 'Changes an organization' },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/sys/organization/delete',
    access: { permission: AdminPerm.organizationDelete },
    body: organizationDeleteSchema,
    response: z.strictObject({}),
    summary: {
      'zh-CN': '删除没有用户、科室和下级的机构',
      en: 'Deletes organizations without users, departments or sub-organizations',
    },
  }),
  box: defineEndpoint({
    method: 'GET',
    path: '/sys/organization/listBoxByLoginOrganizationId',
    access: 'organization',
    response: z.strictObject({ data: z.array(treeOptionSchema) }),
    summary: {
      'zh-CN': '下拉选择用的机构：当前机构及其下级',
      en: 'Organizations for a dropdown: the current one and those below it',
    },
  }),
  config: defineEndpoint({
    method: 'POST',
    path: '/sys/organizationConfig/listSoftProduct',
    access: { permission: AdminPerm.organizationInfo },
    body: organizationConfigQuerySchema,
    response: z.strictObject({ data: organizationConfigViewSchema }),
    summary: {
      'zh-CN': '机构的产品模块开关和 CA 集成设置',
      en: 'The product switches and the CA integration setting of an organization',
    },
  }),
  saveConfig: defineEndpoint({
    method: 'POST',
    path: '/sys/organizationConfig/save',
    access: { permission: AdminPerm.organizationConfig },
    body: organizationConfigSchema,
    response: z.strictObject({}),
    summary: {
      'zh-CN': '保存机构的产品模块开关和 CA 集成设置',
      en: 'Saves the product switches and the CA integration setting of an organization',
    },
  }),
  relations: defineEndpoint({
    method: 'GET',
    path: '/sys/relationOrganization/list',
    access: { permission: AdminPerm.relationList },
    query: relationListQuerySchema,
    response: z.strictObject({ data: z.array(relatedOrganizationSchema) }),
    summary: { 'zh-CN': '机构的关联机构', en: 'The partner organizations of an organization' },
  }),
  saveRelations: defineEndpoint({
    method: 'POST',
    path: '/sys/relationOrganization/save',
    access: { permission: AdminPerm.relationSave },
    body: relationSaveSchema,
    response: z.strictObject({}),
    summary: { 'zh-CN': '保存机构的关联机构', en: 'Replaces the partner organizations of an organization' },
  }),
};
