import { toPage, organizationsEndpoints as endpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { chooseOrganization, lastLoginOrganization, selectableOrganizations } from './organizations.service';

export const organizationRoutes = [
  defineRoute(endpoints.chooseList, {
    handler: async ({ app, session, query }) => {
      const { list, total } = await selectableOrganizations(app, session.userId, query.page, query.limit);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute(endpoints.lastLogin, {
    handler: async ({ app, session }) => ({ data: await lastLoginOrganization(app, session.userId) }),
  }),
  defineRoute(endpoints.defaultChoose, {
    handler: async ({ app, session }) => {
      const last = await lastLoginOrganization(app, session.userId);
      if (!last.defaultChoose || !last.childOrganization || last.needSelectOffice) {
        return { data: { ...last, roleIdList: [] } };
      }
      const chosen = await chooseOrganization(app, session, last.childOrganization.id, last.office?.id);
      return { data: { ...last, ...chosen } };
    },
  }),
  defineRoute(endpoints.choose, {
    handler: async ({ app, session, query }) => ({
      data: await chooseOrganization(app, session, query.id, query.officeId),
    }),
  }),
];
