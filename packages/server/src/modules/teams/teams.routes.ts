import {
  idParamSchema,
  TeamPerm,
  teamDeleteSchema,
  teamListQuerySchema,
  teamSaveSchema,
  teamUpdateSchema,
  toPage,
} from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { createTeam, deleteTeams, listTeams, selectTeams, teamInfo, updateTeam } from './teams.service';

/** Therapist groups (治疗小组) of the current organization, with their members, leader and department. */
export const teamRoutes = [
  defineRoute({
    method: 'POST',
    url: '/sys/treatmentTeam/list',
    access: { permission: TeamPerm.list },
    body: teamListQuerySchema,
    handler: async ({ app, session, body, locale }) => {
      const { list, total } = await listTeams(app, session, body, locale);
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/treatmentTeam/info/:id',
    access: { permission: TeamPerm.info },
    params: idParamSchema,
    handler: async ({ app, session, params, locale }) => ({ data: await teamInfo(app, session, params.id, locale) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/treatmentTeam/save',
    access: { permission: TeamPerm.save },
    body: teamSaveSchema,
    handler: async ({ app, session, body, locale }) => ({ data: await createTeam(app, session, body, locale) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/treatmentTeam/update',
    access: { permission: TeamPerm.update },
    body: teamUpdateSchema,
    handler: async ({ app, session, body, locale }) => {
      const { id, ...values } = body;
      return { data: await updateTeam(app, session, id, values, locale) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/treatmentTeam/delete',
    access: { permission: TeamPerm.delete },
    body: teamDeleteSchema,
    handler: async ({ app, session, body, t }) => deleteTeams(app, session, body, t),
  }),
  /** The enabled groups, for dropdowns: any member of the organization. */
  defineRoute({
    method: 'GET',
    url: '/sys/treatmentTeam/select',
    access: 'organization',
    handler: async ({ app, session }) => ({ data: await selectTeams(app, session) }),
  }),
];
