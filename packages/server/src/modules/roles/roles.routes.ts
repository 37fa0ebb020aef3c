import { toPage, rolesEndpoints as endpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import {
  createRole,
  deleteRoles,
  grantableMenuTree,
  listRoles,
  roleInfo,
  selectRoles,
  updateRole,
} from './roles.service';

/** Roles with their menu permissions (spec section 7, Administration: role; Staff: role/select). */
export const roleRoutes = [
  defineRoute(endpoints.list, {
    handler: async ({ app, session, query }) => {
      const { list, total } = await listRoles(app, session, query);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, params }) => ({ data: await roleInfo(app, session, params.id) }),
  }),
  defineRoute(endpoints.select, {
    handler: async ({ app, session, query }) => ({ data: await selectRoles(app, session, query.organizationId) }),
  }),
  /** The menu tree a role form offers: the menus the caller holds (all for the super administrator). */
  defineRoute(endpoints.menuTree, {
    handler: async ({ app, session }) => ({ data: await grantableMenuTree(app, session) }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, session, body }) => ({ data: await createRole(app, session, body) }),
  }),
  defineRoute(endpoints.update, {
    handler: async ({ app, session, body }) => {
      const { roleId, ...values } = body;
      await updateRole(app, session, roleId, values);
      return {};
    },
  }),
  defineRoute(endpoints.remove, {
    handler: async ({ app, session, body }) => {
      await deleteRoles(app, session, body);
      return {};
    },
  }),
];
