import { toPage, tubesEndpoints as endpoints, type Locale } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { scopedRoutes } from '../../http/scoped-routes';
import type { SessionContext } from '../../http/session';
import { patientOptions } from '../patients';
import { careTube, listTubes, removeTube, saveTube, tubeDetail, type TubeScope } from './tubes.service';

const scopeOf = (session: SessionContext): TubeScope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
});
const r = scopedRoutes((session: SessionContext, _locale: Locale) => scopeOf(session));

/** Tube and catheter care (/sys/pipeline/*): every read of a patient's tubes goes to the access log. */
export const tubeRoutes = [
  defineRoute(endpoints.page, {
    handler: async ({ app, session, body, auditRead }) => {
      const { list, total } = await listTubes(app, scopeOf(session!), body);
      auditRead({
        kind: 'list',
        patientId: body.patientId ?? null,
        subject: 'tubes',
        rows: list.length,
        filters: body,
      });
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, params, auditRead }) => {
      const data = await tubeDetail(app, scopeOf(session!), params.id);
      auditRead({ kind: 'record', patientId: data.tube.patientId, subject: `tube ${params.id}` });
      return { data };
    },
  }),
  r.data(endpoints.save, saveTube),
  r.action(endpoints.care, careTube),
  r.action(endpoints.remove, removeTube),
  defineRoute(endpoints.patients, {
    handler: async ({ app, session, query, auditRead }) => {
      const data = await patientOptions(app.db, session!.organizationId!, query.keyword);
      auditRead({ kind: 'list', subject: 'patient picker', rows: data.length });
      return { data };
    },
  }),
];
