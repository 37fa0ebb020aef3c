import { teamsEndpoints as endpoints, toPage } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { createTeam, deleteTeams, listTeams, selectTeams, teamInfo, updateTeam } from './teams.service';

/** Therapist groups (治疗小组) of the current organization, with their members, leader and department. */
export const teamRoutes = [
  defineRoute(endpoints.page, {
    handler: async ({ app, session, body, locale }) => {
      const { list, total } = await listTeams(app, session, body, locale);
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, params, locale }) => ({ data: await teamInfo(app, session, params.id, locale) }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, session, body, locale }) => ({ data: await createTeam(app, session, body, locale) }),
  }),
  defineRoute(endpoints.update, {
    handler: async ({ app, session, body, locale }) => {
      const { id, ...values } = body;
      return { data: await updateTeam(app, session, id, values, locale) };
    },
  }),
  defineRoute(endpoints.delete, {
    handler: async ({ app, session, body, t, locale }) => deleteTeams(app, session, body, t, locale),
  }),
  /** The enabled groups, for dropdowns: any member of the organization. */
  defineRoute(endpoints.select, {
    handler: async ({ app, session, locale }) => ({ data: await selectTeams(app, session, locale) }),
  }),
];
