import type { z } from 'zod';
import { toPage, type Endpoint, type Locale } from '@rehab/shared';
import type { AppContext } from '../context';
import { defineRoute, type HandlerResult, type ReadAuditEntry, type RouteDef } from './route';
import type { SessionContext } from './session';

/** The body a contract's route parses (its `z.output`). */
type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
/** What a contract answers under `data`. */
type DataOf<E extends Endpoint> = HandlerResult<E> extends { data: infer D } ? D : never;
/** A row of a contract's page answer (`pageSchema(row)` under `data`). */
type RowOf<E extends Endpoint> = DataOf<E> extends { list: (infer R)[] } ? R : never;

/**
 * The route shapes a module of an organization's records repeats, each with the module's scope (organization, user,
 * language ...) taken from the session:
 * - `page`: POST a page query, answers the `toPage` envelope of `{ list, total }`;
 * - `info`: GET `.../:id`, answers `data`;
 * - `data`: POST a body, answers `data` (save, submit ...);
 * - `action`: POST a body, answers the plain success envelope (delete, end ...).
 * Each takes the shared contract (`r.page(patientsEndpoints.comboPage, run)`): method, path, access and body come from
 * it and `run`'s result is checked against its response type. Routes of any other shape are declared with
 * `defineRoute` beside these. `page` and `data` take `{ patientRows: true }` for a read that lists patients (a report's
 * detail rows): it is written to the access log as a list read with its row count and filters (issue 22), since
 * reads stay out of the operation log. `page`, `info` and `data` take `{ audit }` for any other read of patient data:
 * the access-log entry made from the input (the body, or the id) and the result.
 */
export function scopedRoutes<S>(scopeOf: (session: SessionContext, locale: Locale) => S) {
  type RunContract<E extends Endpoint, R> = (app: AppContext, scope: S, body: BodyOf<E>) => Promise<R>;
  type AnyRun = (app: AppContext, scope: S, input: never) => Promise<unknown>;

  /** A contract route running `run` on the scope and the body (or the `:id` of the path, `byId`), then `wrap`. */
  const contractRoute = (
    contract: Endpoint,
    run: AnyRun,
    wrap: (result: unknown, body: unknown) => object | undefined,
    byId = false,
    reads: { patientRows?: boolean; audit?: (input: never, result: never) => ReadAuditEntry } = {},
  ) =>
    defineRoute(contract, {
      handler: async ({ app, session, locale, body, params, auditRead }) => {
        const input = byId ? (params as { id: number }).id : body;
        // a scoped route needs an organization, so there is always a session
        const result = await run(app, scopeOf(session!, locale), input as never);
        if (reads.patientRows) auditRead({ kind: 'list', rows: rowCount(result), filters: body });
        if (reads.audit) auditRead(reads.audit(input as never, result as never));
        return wrap(result, body) as never;
      },
    });
  const rowCount = (result: unknown) => {
    const list = Array.isArray(result) ? result : (result as { list?: unknown[] } | null)?.list;
    return Array.isArray(list) ? list.length : undefined;
  };

  const paged = (result: unknown, body: unknown) => {
    const { list, total } = result as { list: unknown[]; total: number };
    const { page, limit } = body as { page: number; limit: number };
    return { data: toPage(list, total, page, limit) };
  };
  const asData = (data: unknown) => ({ data });
  const plain = () => undefined;

  type Reads<I, R> = { patientRows?: boolean; audit?: (input: I, result: R) => ReadAuditEntry };
  type PageOf<E extends Endpoint> = { list: RowOf<E>[]; total: number };
  const page = <E extends Endpoint>(
    contract: E,
    run: RunContract<E, PageOf<E>>,
    reads: Reads<BodyOf<E>, PageOf<E>> = {},
  ): RouteDef => contractRoute(contract, run as AnyRun, paged, false, reads);
  const info = <E extends Endpoint>(
    contract: E,
    run: (app: AppContext, scope: S, id: number) => Promise<DataOf<E>>,
    reads: Pick<Reads<number, DataOf<E>>, 'audit'> = {},
  ): RouteDef => contractRoute(contract, run as AnyRun, asData, true, reads);
  const data = <E extends Endpoint>(
    contract: E,
    run: RunContract<E, DataOf<E>>,
    reads: Reads<BodyOf<E>, DataOf<E>> = {},
  ): RouteDef => contractRoute(contract, run as AnyRun, asData, false, reads);
  const action = <E extends Endpoint>(contract: E, run: RunContract<E, unknown>): RouteDef =>
    contractRoute(contract, run as AnyRun, plain);

  return { page, info, data, action };
}
