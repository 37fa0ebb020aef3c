import {
  AdminPerm,
  idParamSchema,
  roleDeleteSchema,
  roleListQuerySchema,
  roleSaveSchema,
  roleSelectQuerySchema,
  roleUpdateSchema,
  toPage,
} from '@rehab/shared';
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
  defineRoute({
    method: 'GET',
    url: '/sys/role/list',
    access: { permission: AdminPerm.roleList },
    query: roleListQuerySchema,
    handler: async ({ app, session, query }) => {
      const { list, total } = await listRoles(app, session, query);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/role/info/:id',
    access: { permission: AdminPerm.roleInfo },
    params: idParamSchema,
    handler: async ({ app, session, params }) => ({ data: await roleInfo(app, session, params.id) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/role/select',
    access: 'organization',
    query: roleSelectQuerySchema,
    handler: async ({ app, session, query }) => ({ data: await selectRoles(app, session, query.organizationId) }),
  }),
  /** The menu tree a role form offers: the menus the caller holds (all for the super administrator). */
  defineRoute({
    method: 'GET',
    url: '/sys/role/menuTree',
    access: { permission: AdminPerm.roleList },
    handler: async ({ app, session }) => ({ data: await grantableMenuTree(app, session) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/role/save',
    access: { permission: AdminPerm.roleSave },
    body: roleSaveSchema,
    handler: async ({ app, session, body }) => ({ data: await createRole(app, session, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/role/update',
    access: { permission: AdminPerm.roleUpdate },
    body: roleUpdateSchema,
    handler: async ({ app, session, body }) => {
      const { roleId, ...values } = body;
      await updateRole(app, session, roleId, values);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/role/delete',
    access: { permission: AdminPerm.roleDelete },
    body: roleDeleteSchema,
    handler: async ({ app, session, body }) => deleteRoles(app, session, body),
  }),
];
