import { toPage, officesEndpoints as endpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { createOffice, deleteOffice, listOffices, officeBox, officeInfo, updateOffice } from './offices.service';

/** Departments of the current organization (spec section 7, Master data: office). */
export const officeRoutes = [
  defineRoute(endpoints.list, {
    handler: async ({ app, session, body }) => {
      const { list, total } = await listOffices(app, session, body);
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, params }) => ({ data: await officeInfo(app, session, params.id) }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, session, body }) => ({ data: await createOffice(app, session, body) }),
  }),
  defineRoute(endpoints.update, {
    handler: async ({ app, session, body }) => {
      const { id, ...values } = body;
      return { data: await updateOffice(app, session, id, values) };
    },
  }),
  defineRoute(endpoints.remove, {
    handler: async ({ app, session, params }) => {
      await deleteOffice(app, session, params.id);
      return {};
    },
  }),
  /**
   * Departments for dropdowns: any signed-in member lists their organization's; an administrator also those of an
   * organization they manage (the user form assigns departments across organizations).
   */
  defineRoute(endpoints.box, {
    handler: async ({ app, session, query }) => ({ data: await officeBox(app, session, query.organizationId) }),
  }),
];
