import { menusEndpoints as endpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { menuTreeFor } from './menus.service';

export const menuRoutes = [
  /** The sidebar and permission codes of the current session (spec section 7: GET /sys/menu/nav). */
  defineRoute(endpoints.nav, {
    handler: async ({ app, session }) => ({
      menuList: session.organizationId ? await menuTreeFor(app, session.roleIds, session.products) : [],
      permissions: [...session.permissions].sort(),
      /** product modules of the current organization that are switched on (the shell hides the others' controls) */
      products: [...session.products].sort(),
    }),
  }),
];
