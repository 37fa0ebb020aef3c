import {
  BreakPerm,
  breakEndSchema,
  breakIdsSchema,
  breakListQuerySchema,
  breakSaveSchema,
  breakUpdateSchema,
  idParamSchema,
  toPage,
} from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { createBreak, currentBreak, deleteBreaks, endBreak, getBreak, listBreaks, updateBreak } from './break.service';

/**
 * Maintenance windows (/system/break; docs/decisions.md): the super administrator's list, add, edit, end now and
 * delete, and the public current notice the login page and the shell show.
 */
export const breakRoutes = [
  /** Public: the login page shows it before anyone signs in. Answers null when nothing is due within 24 h. */
  defineRoute({
    method: 'GET',
    url: '/sys/break/current',
    access: 'public',
    handler: async ({ app, locale }) => ({ data: await currentBreak(app, locale) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/break/list',
    access: { permission: BreakPerm.list },
    query: breakListQuerySchema,
    handler: async ({ app, query }) => {
      const { list, total } = await listBreaks(app, query);
      return { data: { ...toPage(list, total, query.page, query.limit), timezone: app.config.scheduler.timezone } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/break/info/:id',
    access: { permission: BreakPerm.info },
    params: idParamSchema,
    handler: async ({ app, params }) => ({ data: await getBreak(app, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/break/save',
    access: { permission: BreakPerm.save },
    body: breakSaveSchema,
    handler: async ({ app, body, session }) => ({ data: await createBreak(app, body, session.userId) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/break/update',
    access: { permission: BreakPerm.update },
    body: breakUpdateSchema,
    handler: async ({ app, body, session }) => {
      const { id, ...values } = body;
      return { data: await updateBreak(app, id, values, session.userId) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/break/end',
    access: { permission: BreakPerm.end },
    body: breakEndSchema,
    handler: async ({ app, body, session }) => ({ data: await endBreak(app, body.id, session.userId) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/break/delete',
    access: { permission: BreakPerm.delete },
    body: breakIdsSchema,
    handler: async ({ app, body }) => {
      await deleteBreaks(app, body);
    },
  }),
];
