import { PatientPerm, patientPageSchema } from '@rehab/shared';
import { defineRoute, type RouteDef } from '../../http/route';
import { patientListQueries } from './patient-list.service';

type Rows = { rows: unknown[][] };
/** The driver's own client: a pg.Pool (PostgreSQL) or a PGlite instance (it alone has `exec`). */
type RawClient = {
  exec?: unknown;
  query(...args: unknown[]): Promise<Rows>;
};

/** Runs one statement as drizzle rendered it, rows as arrays (the columns repeat names, as `id` of two tables). */
function runRaw(client: RawClient, q: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = q.toSQL();
  return (
    typeof client.exec === 'function'
      ? client.query(sql, params, { rowMode: 'array' })
      : client.query({ text: sql, values: params, rowMode: 'array' })
  ).then((r) => r.rows);
}

/**
 * Benchmark-only routes (`npm run bench`), registered only when the server starts with BENCH_BARE_ROUTES=1 and never
 * in normal runs. `/bench/patient/queryOutPatientPage` takes the patient list's request and runs the very statements
 * the list call runs (`patientListQueries`, rendered by drizzle's `toSQL()`) straight through the driver's client,
 * answering the rows as they come: the list call's throughput measured beside it shows what the ORM's row mapping
 * and the presentation cost. Same access as the list call; organization from the session.
 */
export const patientBenchRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    url: '/bench/patient/queryOutPatientPage',
    access: { permission: PatientPerm.list },
    body: patientPageSchema,
    handler: async ({ app, session, locale, body }) => {
      const client = (app.db as unknown as { $client: RawClient }).$client;
      const queries = patientListQueries(
        app.db,
        { organizationId: session.organizationId!, userId: session.userId, locale },
        body,
      );
      const [total] = await runRaw(client, queries.count);
      const rows = await runRaw(client, queries.rows);
      // the second column of a row is the course id (listColumns: patientId, treatmentId, ...)
      const ids = rows.map((r) => Number(r[1]));
      const progress = ids.length ? await runRaw(client, queries.progress(ids)) : [];
      return { data: { total: Number(total?.[0] ?? 0), rows, progress } };
    },
  }),
];
