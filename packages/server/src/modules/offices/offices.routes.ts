import {
  AdminPerm,
  idParamSchema,
  officeListBoxQuerySchema,
  officeListQuerySchema,
  officeSaveSchema,
  officeUpdateSchema,
  toPage,
} from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { createOffice, deleteOffice, listOffices, officeBox, officeInfo, updateOffice } from './offices.service';

/** Departments of the current organization (spec section 7, Master data: office). */
export const officeRoutes = [
  defineRoute({
    method: 'POST',
    url: '/sys/office/list',
    access: { permission: AdminPerm.officeList },
    body: officeListQuerySchema,
    handler: async ({ app, session, body }) => {
      const { list, total } = await listOffices(app, session, body);
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/office/info/:id',
    access: { permission: AdminPerm.officeInfo },
    params: idParamSchema,
    handler: async ({ app, session, params }) => ({ data: await officeInfo(app, session, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/office/save',
    access: { permission: AdminPerm.officeSave },
    body: officeSaveSchema,
    handler: async ({ app, session, body }) => ({ data: await createOffice(app, session, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/office/update',
    access: { permission: AdminPerm.officeUpdate },
    body: officeUpdateSchema,
    handler: async ({ app, session, body }) => {
      const { id, ...values } = body;
      return { data: await updateOffice(app, session, id, values) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/office/delete/:id',
    access: { permission: AdminPerm.officeDelete },
    params: idParamSchema,
    handler: async ({ app, session, params }) => deleteOffice(app, session, params.id),
  }),
  /**
   * Departments for dropdowns: any signed-in member lists their organization's; an administrator also those of an
   * organization they manage (the user form assigns departments across organizations).
   */
  defineRoute({
    method: 'GET',
    url: '/sys/office/listBox',
    access: 'organization',
    query: officeListBoxQuerySchema,
    handler: async ({ app, session, query }) => ({ data: await officeBox(app, session, query.organizationId) }),
  }),
];
