import { homeTasksEndpoints as endpoints, toPage, type Locale } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { scopedRoutes } from '../../http/scoped-routes';
import type { SessionContext } from '../../http/session';
import {
  appletTask,
  closeTask,
  listTasks,
  renewTaskLink,
  reportTask,
  saveTask,
  taskContents,
  taskDetail,
  taskTherapists,
  updateTask,
  type TaskScope,
} from './home-tasks.service';

const scopeOf = (session: SessionContext, locale: Locale): TaskScope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  locale,
});
const r = scopedRoutes(scopeOf);

/**
 * Home-training tasks (/sys/task/*): the list and a task name patients, so each read goes to the access log; writes
 * are in the operation log. The /sys/applet/task/:token calls are the patient's, opened by the task's link.
 */
export const homeTaskRoutes = [
  defineRoute(endpoints.page, {
    handler: async ({ app, session, locale, body, auditRead }) => {
      const { list, total } = await listTasks(app, scopeOf(session!, locale), body);
      auditRead({
        kind: 'list',
        patientId: body.patientId ?? null,
        subject: 'home tasks',
        rows: list.length,
        filters: body,
      });
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, locale, params, auditRead }) => {
      const data = await taskDetail(app, scopeOf(session!, locale), params.id);
      auditRead({ kind: 'record', patientId: data.patientId, subject: 'home task' });
      return { data };
    },
  }),
  r.data(endpoints.save, saveTask),
  r.action(endpoints.update, updateTask),
  r.action(endpoints.complete, (app, scope, body) => closeTask(app, scope, body, 'completed')),
  r.action(endpoints.stop, (app, scope, body) => closeTask(app, scope, body, 'stopped')),
  r.data(endpoints.renewLink, renewTaskLink),
  defineRoute(endpoints.therapists, {
    handler: async ({ app, session, locale }) => ({ data: await taskTherapists(app, scopeOf(session!, locale)) }),
  }),
  defineRoute(endpoints.contents, {
    handler: async ({ app, session, locale }) => ({ data: await taskContents(app, scopeOf(session!, locale)) }),
  }),
  // ---- public: the patient's mini-program, with the task's link ------------------------------------------------
  defineRoute(endpoints.appletTask, {
    handler: async ({ app, params, query, locale }) => ({
      data: await appletTask(app, params.token, query.lang ?? locale),
    }),
  }),
  defineRoute(endpoints.appletReport, {
    // a patient reports a few times a day; the limit keeps a script from filling a task's log
    rateLimit: { max: () => 30, windowMs: 60_000 },
    handler: async ({ app, params, body }) => {
      await reportTask(app, params.token, body);
      return {};
    },
  }),
];
