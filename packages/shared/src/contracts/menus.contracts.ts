import { z } from 'zod';
import { idParamSchema } from '../schemas/common.schema';
import { nameLangSchema } from '../schemas/auth.schema';
import { AdminPerm, adminMenuNodeSchema, menuSaveSchema, menuUpdateSchema } from '../schemas/admin.schema';
import type { MenuNode } from '../menu';
import { defineEndpoint } from './endpoint';

/** A node of the sidebar tree (directories and menus, no buttons). */
export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.strictObject({
    menuId: z.number(),
    parentId: z.number(),
    type: z.number(),
    name: z.string(),
    nameLang: nameLangSchema,
    url: z.string().nullable(),
    perms: z.string().nullable(),
    icon: z.string().nullable(),
    orderNum: z.number(),
    list: z.array(menuNodeSchema),
  }),
);

/** The session's sidebar and menu administration (spec section 7, Administration: menu). Menus are platform-wide. */
export const menusEndpoints = {
  nav: defineEndpoint({
    method: 'GET',
    path: '/sys/menu/nav',
    access: 'session',
    response: z.strictObject({
      menuList: z.array(menuNodeSchema),
      permissions: z.array(z.string()),
      /** product modules of the current organization that are switched on */
      products: z.array(z.string()),
    }),
    summary: {
      'zh-CN': '当前会话的侧边菜单、权限码和已开通的产品模块',
      en: 'The sidebar, permission codes and switched-on product modules of the session',
    },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/sys/menu/list',
    access: { permission: AdminPerm.menuList },
    response: z.strictObject({ data: z.array(adminMenuNodeSchema) }),
    summary: { 'zh-CN': '完整菜单树（含按钮）', en: 'The whole menu tree, buttons included' },
  }),
  select: defineEndpoint({
    method: 'GET',
    path: '/sys/menu/select',
    access: { permission: AdminPerm.menuList },
    response: z.strictObject({ data: z.array(adminMenuNodeSchema) }),
    summary: {
      'zh-CN': '目录和菜单（新节点可选的上级）',
      en: 'Directories and menus: the parents a new node can be placed under',
    },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/menu/info/:id',
    access: { permission: AdminPerm.menuInfo },
    params: idParamSchema,
    response: z.strictObject({ data: adminMenuNodeSchema }),
    summary: { 'zh-CN': '菜单详情', en: 'One menu node' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/menu/save',
    access: { permission: AdminPerm.menuSave },
    body: menuSaveSchema,
    response: z.strictObject({ data: adminMenuNodeSchema }),
    summary: { 'zh-CN': '新增目录、菜单或按钮', en: 'Adds a directory, menu or button' },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/menu/update',
    access: { permission: AdminPerm.menuUpdate },
    body: menuUpdateSchema,
    response: z.strictObject({ data: adminMenuNodeSchema }),
    summary: {
      'zh-CN': '修改菜单节点（内置菜单不可改类型和路由）',
      en: 'Changes a menu node (a built-in one keeps its type and route)',
    },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/sys/menu/delete/:id',
    access: { permission: AdminPerm.menuDelete },
    params: idParamSchema,
    response: z.strictObject({}),
    summary: {
      'zh-CN': '删除菜单节点（有下级或内置的除外）',
      en: 'Deletes a menu node (not one with children nor a built-in one)',
    },
  }),
};
