import { z } from 'zod';
import { idParamSchema } from '../schemas/common.schema';
import {
  AdminPerm,
  adminMenuNodeSchema,
  roleDeleteSchema,
  roleInfoSchema,
  roleListQuerySchema,
  roleOptionSchema,
  roleRowSchema,
  roleSaveSchema,
  roleSelectQuerySchema,
  roleUpdateSchema,
} from '../schemas/admin.schema';
import { defineEndpoint, pageSchema } from './endpoint';

/** Roles with their menu permissions (spec section 7, Administration: role; Staff: role/select). */
export const rolesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/sys/role/list',
    access: { permission: AdminPerm.roleList },
    query: roleListQuerySchema,
    response: z.strictObject({ data: pageSchema(roleRowSchema) }),
    summary: { 'zh-CN': '角色分页列表，可按名称搜索', en: 'One page of the roles, optionally searched by name' },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/role/info/:id',
    access: { permission: AdminPerm.roleInfo },
    params: idParamSchema,
    response: z.strictObject({ data: roleInfoSchema }),
    summary: { 'zh-CN': '角色详情及其菜单权限', en: 'One role with its menu permissions' },
  }),
  select: defineEndpoint({
    method: 'GET',
    path: '/sys/role/select',
    access: 'organization',
    query: roleSelectQuerySchema,
    response: z.strictObject({ data: z.array(roleOptionSchema) }),
    summary: { 'zh-CN': '某机构可分配的角色', en: 'The roles a user form offers for an organization' },
  }),
  menuTree: defineEndpoint({
    method: 'GET',
    path: '/sys/role/menuTree',
    access: { permission: AdminPerm.roleList },
    response: z.strictObject({ data: z.array(adminMenuNodeSchema) }),
    summary: { 'zh-CN': '当前用户可授予的菜单树', en: 'The menu tree the caller may grant' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/role/save',
    access: { permission: AdminPerm.roleSave },
    body: roleSaveSchema,
    response: z.strictObject({ data: z.strictObject({ roleId: z.number() }) }),
    summary: { 'zh-CN': '新增角色', en: 'Adds a role' },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/role/update',
    access: { permission: AdminPerm.roleUpdate },
    body: roleUpdateSchema,
    response: z.strictObject({}),
    summary: { 'zh-CN': '修改角色及其菜单权限', en: 'Changes a role and its menu permissions' },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/sys/role/delete',
    access: { permission: AdminPerm.roleDelete },
    body: roleDeleteSchema,
    response: z.strictObject({}),
    summary: {
      'zh-CN': '删除角色（内置角色和有人使用的角色除外）',
      en: 'Deletes roles (not built-in ones nor roles someone holds)',
    },
  }),
};
