import type { z } from 'zod';
import { idParamSchema, toPage, type Endpoint, type Locale } from '@rehab/shared';
import type { AppContext } from '../context';
import { defineRoute, type HandlerResult, type RouteDef } from './route';
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
 * Contract form (preferred): `r.page(endpoints.x.page, run)`, method, path, access and body from the shared contract
 * and `run`'s result checked against its response type. Object form (modules not yet on contracts): url, permission
 * and body schema. Routes of any other shape are declared with `defineRoute` beside these.
 */
export function scopedRoutes<S>(scopeOf: (session: SessionContext, locale: Locale) => S) {
  type Page = z.ZodType<{ page: number; limit: number }>;
  type Run<B extends z.ZodType> = (app: AppContext, scope: S, body: z.output<B>) => Promise<unknown>;
  type RunContract<E extends Endpoint, R> = (app: AppContext, scope: S, body: BodyOf<E>) => Promise<R>;
  type AnyRun = (app: AppContext, scope: S, input: never) => Promise<unknown>;

  /** A POST of a body; `answer` puts the result under `data`, else the plain success envelope. */
  const post = <B extends z.ZodType>(url: string, permission: string, body: B, run: Run<B>, answer: boolean) =>
    defineRoute({
      method: 'POST',
      url,
      access: { permission },
      body,
      handler: async ({ app, session, locale, body }) => {
        const data = await run(app, scopeOf(session, locale), body as z.output<B>);
        return answer ? { data } : undefined;
      },
    });

  /** A contract route running `run` on the scope and the body (or the `:id` of the path, `byId`), then `wrap`. */
  const contractRoute = (
    contract: Endpoint,
    run: AnyRun,
    wrap: (result: unknown, body: unknown) => object | undefined,
    byId = false,
  ) =>
    defineRoute(contract, {
      handler: async ({ app, session, locale, body, params }) => {
        const input = byId ? (params as { id: number }).id : body;
        // a scoped route needs an organization, so there is always a session
        return wrap(await run(app, scopeOf(session!, locale), input as never), body) as never;
      },
    });

  const paged = (result: unknown, body: unknown) => {
    const { list, total } = result as { list: unknown[]; total: number };
    const { page, limit } = body as { page: number; limit: number };
    return { data: toPage(list, total, page, limit) };
  };
  const asData = (data: unknown) => ({ data });
  const plain = () => undefined;

  function page<E extends Endpoint>(contract: E, run: RunContract<E, { list: RowOf<E>[]; total: number }>): RouteDef;
  function page<B extends Page>(
    url: string,
    permission: string,
    body: B,
    run: (app: AppContext, scope: S, body: z.output<B>) => Promise<{ list: unknown[]; total: number }>,
  ): RouteDef;
  function page(...args: unknown[]): RouteDef {
    if (typeof args[0] !== 'string') return contractRoute(args[0] as Endpoint, args[1] as AnyRun, paged);
    const [url, permission, body, run] = args as [string, string, Page, AnyRun];
    return defineRoute({
      method: 'POST',
      url,
      access: { permission },
      body,
      handler: async ({ app, session, locale, body }) =>
        paged(await run(app, scopeOf(session, locale), body as never), body),
    });
  }

  function info<E extends Endpoint>(
    contract: E,
    run: (app: AppContext, scope: S, id: number) => Promise<DataOf<E>>,
  ): RouteDef;
  function info(
    url: string,
    permission: string,
    run: (app: AppContext, scope: S, id: number) => Promise<unknown>,
  ): RouteDef;
  function info(...args: unknown[]): RouteDef {
    if (typeof args[0] !== 'string') return contractRoute(args[0] as Endpoint, args[1] as AnyRun, asData, true);
    const [url, permission, run] = args as [string, string, (app: AppContext, scope: S, id: number) => unknown];
    return defineRoute({
      method: 'GET',
      url,
      access: { permission },
      params: idParamSchema,
      handler: async ({ app, session, locale, params }) => ({
        data: await run(app, scopeOf(session, locale), params.id),
      }),
    });
  }

  function data<E extends Endpoint>(contract: E, run: RunContract<E, DataOf<E>>): RouteDef;
  function data<B extends z.ZodType>(url: string, permission: string, body: B, run: Run<B>): RouteDef;
  function data(...args: unknown[]): RouteDef {
    if (typeof args[0] !== 'string') return contractRoute(args[0] as Endpoint, args[1] as AnyRun, asData);
    const [url, permission, body, run] = args as [string, string, z.ZodType, Run<z.ZodType>];
    return post(url, permission, body, run, true);
  }

  function action<E extends Endpoint>(contract: E, run: RunContract<E, unknown>): RouteDef;
  function action<B extends z.ZodType>(url: string, permission: string, body: B, run: Run<B>): RouteDef;
  function action(...args: unknown[]): RouteDef {
    if (typeof args[0] !== 'string') return contractRoute(args[0] as Endpoint, args[1] as AnyRun, plain);
    const [url, permission, body, run] = args as [string, string, z.ZodType, Run<z.ZodType>];
    return post(url, permission, body, run, false);
  }

  return { page, info, data, action };
}
