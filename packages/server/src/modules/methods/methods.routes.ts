import { methodsEndpoints as endpoints, toPage } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import {
  createMethod,
  deleteMethod,
  listMethods,
  methodInfo,
  organizationScales,
  updateMethod,
  updateProjects,
} from './methods.service';

/** The assessment methods of the current organization (spec section 7, Master data: method). */
export const methodRoutes = [
  defineRoute(endpoints.list, {
    handler: async ({ app, session, body }) => {
      const { list, total } = await listMethods(app, session, body);
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, params }) => ({ data: await methodInfo(app, session, params.id) }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, session, body, locale }) => ({ data: await createMethod(app, session, body, locale) }),
  }),
  defineRoute(endpoints.update, {
    handler: async ({ app, session, body, locale }) => {
      const { id, ...values } = body;
      return { data: await updateMethod(app, session, id, values, locale) };
    },
  }),
  defineRoute(endpoints.delete, {
    handler: async ({ app, session, params }) => {
      await deleteMethod(app, session, params.id);
      return {};
    },
  }),
  /** The enabled methods for the assessment screens: any member of the organization. */
  defineRoute(endpoints.scales, {
    handler: async ({ app, session, query, locale }) => ({
      data: await organizationScales(app, session, locale, query.phase),
    }),
  }),
  defineRoute(endpoints.updateProjects, {
    handler: async ({ app, session, body }) => ({ data: await updateProjects(app, session, body.ids) }),
  }),
];
