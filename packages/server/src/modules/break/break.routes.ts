import { breakEndpoints as endpoints, toPage } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { clockNow } from '../../kernel/clock';
import {
  createBreak,
  currentBreak,
  deleteBreaks,
  endBreak,
  fromWallClock,
  getBreak,
  listBreaks,
  moveBreakEnd,
  stopList,
  updateBreak,
} from './break.service';

/**
 * Maintenance windows (/system/break; docs/decisions.md): the super administrator's list, add, edit, end now and
 * delete, and the public current notice the login page and the shell show.
 */
export const breakRoutes = [
  /** Public: the login page shows it before anyone signs in. Answers null when nothing is due within 24 h. */
  defineRoute(endpoints.current, {
    handler: async ({ app, locale }) => ({ data: await currentBreak(app, locale) }),
  }),
  defineRoute(endpoints.list, {
    handler: async ({ app, query }) => {
      const { list, total } = await listBreaks(app, query);
      return { data: { ...toPage(list, total, query.page, query.limit), timezone: app.config.scheduler.timezone } };
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, params }) => ({ data: await getBreak(app, params.id) }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, body, session }) => ({ data: await createBreak(app, body, session.userId) }),
  }),
  defineRoute(endpoints.update, {
    handler: async ({ app, body, session }) => {
      const { id, ...values } = body;
      return { data: await updateBreak(app, id, values, session.userId) };
    },
  }),
  defineRoute(endpoints.end, {
    handler: async ({ app, body, session }) => ({ data: await endBreak(app, body.id, session.userId) }),
  }),
  defineRoute(endpoints.delete, {
    handler: async ({ app, body }) => {
      await deleteBreaks(app, body);
      return {};
    },
  }),
  /** The spec's config calls, mapped onto the maintenance windows (docs/decisions.md, issue 20 calls and routes). */
  defineRoute(endpoints.stopList, {
    handler: async ({ app, body }) => {
      const timezone = app.config.scheduler.timezone;
      const at = body.time ? fromWallClock(body.time, timezone) : clockNow();
      return { data: { list: await stopList(app, at), timezone } };
    },
  }),
  defineRoute(endpoints.stopJob, {
    handler: async ({ app, body, session }) => ({
      data:
        body.type === 'end'
          ? await endBreak(app, body.id, session.userId)
          : await moveBreakEnd(app, body.id, body.time!, session.userId),
    }),
  }),
];
