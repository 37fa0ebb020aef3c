import { toPage, translate, logsEndpoints as endpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { clockNow } from '../../kernel/clock';
import { listOperationLogs } from './logs.service';
import { accessLogRowsForExport, listAccessLogs, patientViewers, toCsv } from './access-log';

export const logRoutes = [
  /** The operation log of the current organization, newest first, with filters. */
  defineRoute(endpoints.list, {
    handler: async ({ app, session, query, locale }) => {
      const { list, total } = await listOperationLogs(app.db, session.organizationId!, query, locale);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),

  /** The access log of patient data of the current organization (issue 22), newest first, with filters. */
  defineRoute(endpoints.accessList, {
    handler: async ({ app, session, query }) => {
      const { list, total } = await listAccessLogs(app.db, session.organizationId!, query);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),

  /** The access log as filtered, as CSV: itself an export, so it is recorded with its row count and filters. */
  defineRoute(endpoints.accessExport, {
    handler: async ({ app, session, query, locale, reply, auditRead }) => {
      const rows = await accessLogRowsForExport(app.db, session.organizationId!, query);
      const h = (key: string) => translate(locale, `accessLog.${key}`);
      const csv = toCsv(
        [h('time'), h('user'), h('patient'), h('kind'), h('subject'), h('operation'), h('rows'), h('ip')],
        rows.map((r) => [
          r.createdAt,
          r.userName,
          r.patientId,
          translate(locale, `accessLog.kind_${r.kind}`),
          r.subject,
          r.operation,
          r.rows,
          r.ip,
        ]),
      );
      auditRead({ kind: 'export', subject: 'access log', rows: rows.length, filters: query });
      const stamp = clockNow().toISOString().replace(/[-:T]/g, '').slice(0, 14);
      await reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="access-log-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  }),

  /** Who has looked at one patient (the patient detail's panel); looking at it is no read of the patient's data. */
  defineRoute(endpoints.patientViewers, {
    handler: async ({ app, session, params }) => ({
      data: await patientViewers(app.db, session.organizationId!, params.id),
    }),
  }),
];
