import { leasesEndpoints as endpoints, toPage, type Locale } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { scopedRoutes } from '../../http/scoped-routes';
import type { SessionContext } from '../../http/session';
import { patientOptions } from '../patients';
import { leasableEquipment, listLeases, returnLease, saveLease, type LeaseScope } from './leases.service';

const scopeOf = (session: SessionContext): LeaseScope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
});
const r = scopedRoutes((session: SessionContext, _locale: Locale) => scopeOf(session));

/** Equipment lease (/sys/lease/*): the list names patients, so each read goes to the access log. */
export const leaseRoutes = [
  defineRoute(endpoints.page, {
    handler: async ({ app, session, body, auditRead }) => {
      const { list, total } = await listLeases(app, scopeOf(session!), body);
      auditRead({ kind: 'list', subject: 'leases', rows: list.length, filters: body });
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  r.data(endpoints.save, saveLease),
  r.data(endpoints.return, returnLease),
  defineRoute(endpoints.equipment, {
    handler: async ({ app, session }) => ({ data: await leasableEquipment(app, scopeOf(session!)) }),
  }),
  defineRoute(endpoints.patients, {
    handler: async ({ app, session, query, auditRead }) => {
      const data = await patientOptions(app.db, session!.organizationId!, query.keyword);
      auditRead({ kind: 'list', subject: 'patient picker', rows: data.length });
      return { data };
    },
  }),
];
