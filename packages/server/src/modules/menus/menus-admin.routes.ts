import { AdminPerm, MenuType, idParamSchema, menuSaveSchema, menuUpdateSchema } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { createMenu, deleteMenu, menuInfo, menuTree, updateMenu } from './menus-admin.service';

/** Menu administration (spec section 7, Administration: menu). Menus are platform-wide. */
export const menuAdminRoutes = [
  defineRoute({
    method: 'GET',
    url: '/sys/menu/list',
    access: { permission: AdminPerm.menuList },
    handler: async ({ app }) => ({ data: await menuTree(app) }),
  }),
  /** Directories and menus: the parents a new node can be placed under. */
  defineRoute({
    method: 'GET',
    url: '/sys/menu/select',
    access: { permission: AdminPerm.menuList },
    handler: async ({ app }) => ({ data: await menuTree(app, [MenuType.directory, MenuType.menu]) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/menu/info/:id',
    access: { permission: AdminPerm.menuInfo },
    params: idParamSchema,
    handler: async ({ app, params }) => ({ data: await menuInfo(app, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/menu/save',
    access: { permission: AdminPerm.menuSave },
    body: menuSaveSchema,
    handler: async ({ app, body }) => ({ data: await createMenu(app, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/menu/update',
    access: { permission: AdminPerm.menuUpdate },
    body: menuUpdateSchema,
    handler: async ({ app, body }) => {
      const { menuId, ...values } = body;
      return { data: await updateMenu(app, menuId, values) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/menu/delete/:id',
    access: { permission: AdminPerm.menuDelete },
    params: idParamSchema,
    handler: async ({ app, params }) => deleteMenu(app, params.id),
  }),
];
