import {
  AdminPerm,
  idParamSchema,
  organizationConfigQuerySchema,
  organizationConfigSchema,
  organizationDeleteSchema,
  organizationListQuerySchema,
  organizationSaveSchema,
  organizationUpdateSchema,
  relationListQuerySchema,
  relationSaveSchema,
} from '@rehab/shared';
import { defineRoute } from '../../http/route';
import {
  createOrganization,
  deleteOrganizations,
  organizationBox,
  organizationConfig,
  organizationInfo,
  organizationTree,
  relatedOrganizations,
  saveOrganizationConfig,
  saveRelations,
  updateOrganization,
} from './organizations-admin.service';

/**
 * Organization maintenance (spec section 7, Organization): the tree, its config (CA integration and product
 * switches) and relations. Creating, editing and deleting organizations is the super administrator's (by grant);
 * an organization administrator sees their own organization and edits its config.
 */
export const organizationAdminRoutes = [
  defineRoute({
    method: 'GET',
    url: '/sys/organization/list',
    access: { permission: AdminPerm.organizationList },
    query: organizationListQuerySchema,
    handler: async ({ app, session, query }) => ({ data: await organizationTree(app, session, query.name) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/organization/info/:id',
    access: { permission: AdminPerm.organizationInfo },
    params: idParamSchema,
    handler: async ({ app, session, params }) => ({ data: await organizationInfo(app, session, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/organization/save',
    access: { permission: AdminPerm.organizationSave },
    body: organizationSaveSchema,
    handler: async ({ app, body }) => ({ data: await createOrganization(app, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/organization/update',
    access: { permission: AdminPerm.organizationUpdate },
    body: organizationUpdateSchema,
    handler: async ({ app, session, body }) => {
      const { id, ...values } = body;
      await updateOrganization(app, session, id, values);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/organization/delete',
    access: { permission: AdminPerm.organizationDelete },
    body: organizationDeleteSchema,
    handler: async ({ app, session, body }) => deleteOrganizations(app, session, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/organization/listBoxByLoginOrganizationId',
    access: 'organization',
    handler: async ({ app, session }) => ({ data: await organizationBox(app, session) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/organizationConfig/listSoftProduct',
    access: { permission: AdminPerm.organizationInfo },
    body: organizationConfigQuerySchema,
    handler: async ({ app, session, body, locale }) => ({
      data: await organizationConfig(app, session, body.organizationId ?? session.organizationId!, locale),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/organizationConfig/save',
    access: { permission: AdminPerm.organizationConfig },
    body: organizationConfigSchema,
    handler: async ({ app, session, body }) => saveOrganizationConfig(app, session, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/relationOrganization/list',
    access: { permission: AdminPerm.relationList },
    query: relationListQuerySchema,
    handler: async ({ app, session, query }) => ({
      data: await relatedOrganizations(app, session, query.organizationId ?? session.organizationId!),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/relationOrganization/save',
    access: { permission: AdminPerm.relationSave },
    body: relationSaveSchema,
    handler: async ({ app, session, body }) => saveRelations(app, session, body.organizationId, body.relatedIds),
  }),
];
