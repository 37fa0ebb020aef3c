import { toPage, pageQuerySchema, chooseOrganizationSchema } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { chooseOrganization, lastLoginOrganization, selectableOrganizations } from './organizations.service';

export const organizationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/sys/organization/chooseOrganizationList',
    access: 'session',
    query: pageQuerySchema,
    handler: async ({ app, session, query }) => {
      const { list, total } = await selectableOrganizations(app, session.userId, query.page, query.limit);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/organization/lastLoginOrganization',
    access: 'session',
    handler: async ({ app, session }) => ({ data: await lastLoginOrganization(app, session.userId) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/organization/defaultChooseOrganizationAndOffice',
    access: 'session',
    handler: async ({ app, session }) => {
      const last = await lastLoginOrganization(app, session.userId);
      if (!last.defaultChoose || !last.childOrganization || last.needSelectOffice) {
        return { data: { ...last, roleIdList: [] } };
      }
      const chosen = await chooseOrganization(app, session, last.childOrganization.id, last.office?.id);
      return { data: { ...last, ...chosen } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/organization/chooseOrganization',
    access: 'session',
    query: chooseOrganizationSchema,
    handler: async ({ app, session, query }) => ({
      data: await chooseOrganization(app, session, query.id, query.officeId),
    }),
  }),
];
