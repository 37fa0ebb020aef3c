import { organizationsEndpoints as endpoints } from '@rehab/shared';
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
  defineRoute(endpoints.list, {
    handler: async ({ app, session, query }) => ({ data: await organizationTree(app, session, query.name) }),
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, params }) => ({ data: await organizationInfo(app, session, params.id) }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, body }) => ({ data: await createOrganization(app, body) }),
  }),
  defineRoute(endpoints.update, {
    handler: async ({ app, session, body }) => {
      const { id, ...values } = body;
      await updateOrganization(app, session, id, values);
      return {};
    },
  }),
  defineRoute(endpoints.remove, {
    handler: async ({ app, session, body }) => {
      await deleteOrganizations(app, session, body);
      return {};
    },
  }),
  defineRoute(endpoints.box, {
    handler: async ({ app, session }) => ({ data: await organizationBox(app, session) }),
  }),
  defineRoute(endpoints.config, {
    handler: async ({ app, session, body, locale }) => ({
      data: await organizationConfig(app, session, body.organizationId ?? session.organizationId!, locale),
    }),
  }),
  defineRoute(endpoints.saveConfig, {
    handler: async ({ app, session, body }) => {
      await saveOrganizationConfig(app, session, body);
      return {};
    },
  }),
  defineRoute(endpoints.relations, {
    handler: async ({ app, session, query }) => ({
      data: await relatedOrganizations(app, session, query.organizationId ?? session.organizationId!),
    }),
  }),
  defineRoute(endpoints.saveRelations, {
    handler: async ({ app, session, body }) => {
      await saveRelations(app, session, body.organizationId, body.relatedIds);
      return {};
    },
  }),
];
