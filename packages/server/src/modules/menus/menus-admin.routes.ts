import { MenuType, menusEndpoints as endpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { createMenu, deleteMenu, menuInfo, menuTree, updateMenu } from './menus-admin.service';

/** Menu administration (spec section 7, Administration: menu). Menus are platform-wide. */
export const menuAdminRoutes = [
  defineRoute(endpoints.list, {
    handler: async ({ app }) => ({ data: await menuTree(app) }),
  }),
  /** Directories and menus: the parents a new node can be placed under. */
  defineRoute(endpoints.select, {
    handler: async ({ app }) => ({ data: await menuTree(app, [MenuType.directory, MenuType.menu]) }),
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, params }) => ({ data: await menuInfo(app, params.id) }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, body }) => ({ data: await createMenu(app, body) }),
  }),
  defineRoute(endpoints.update, {
    handler: async ({ app, body }) => {
      const { menuId, ...values } = body;
      return { data: await updateMenu(app, menuId, values) };
    },
  }),
  defineRoute(endpoints.remove, {
    handler: async ({ app, params }) => {
      await deleteMenu(app, params.id);
      return {};
    },
  }),
];
