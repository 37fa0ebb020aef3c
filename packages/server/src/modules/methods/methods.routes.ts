import {
  idParamSchema,
  methodListQuerySchema,
  MethodPerm,
  methodSaveSchema,
  methodScaleQuerySchema,
  methodUpdateProjectsSchema,
  methodUpdateSchema,
  toPage,
} from '@rehab/shared';
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
  defineRoute({
    method: 'POST',
    url: '/sys/method/list',
    access: { permission: MethodPerm.list },
    body: methodListQuerySchema,
    handler: async ({ app, session, body }) => {
      const { list, total } = await listMethods(app, session, body);
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/method/info/:id',
    access: { permission: MethodPerm.info },
    params: idParamSchema,
    handler: async ({ app, session, params }) => ({ data: await methodInfo(app, session, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/method/save',
    access: { permission: MethodPerm.save },
    body: methodSaveSchema,
    handler: async ({ app, session, body, locale }) => ({ data: await createMethod(app, session, body, locale) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/method/update',
    access: { permission: MethodPerm.update },
    body: methodUpdateSchema,
    handler: async ({ app, session, body, locale }) => {
      const { id, ...values } = body;
      return { data: await updateMethod(app, session, id, values, locale) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/method/delete/:id',
    access: { permission: MethodPerm.delete },
    params: idParamSchema,
    handler: async ({ app, session, params }) => deleteMethod(app, session, params.id),
  }),
  /** The enabled methods for the assessment screens: any member of the organization. */
  defineRoute({
    method: 'GET',
    url: '/sys/method/getScaleByOrganizationId',
    access: 'organization',
    query: methodScaleQuerySchema,
    handler: async ({ app, session, query, locale }) => ({
      data: await organizationScales(app, session, locale, query.phase),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/method/updateProjects',
    access: { permission: MethodPerm.updateProjects },
    body: methodUpdateProjectsSchema,
    handler: async ({ app, session, body }) => ({ data: await updateProjects(app, session, body.ids) }),
  }),
];
