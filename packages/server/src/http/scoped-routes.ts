import type { z } from 'zod';
import { idParamSchema, toPage, type Locale } from '@rehab/shared';
import type { AppContext } from '../context';
import { defineRoute, type RouteDef } from './route';
import type { SessionContext } from './session';

/**
 * The route shapes a module of an organization's records repeats, each behind one permission and with the
 * module's scope (organization, user, language ...) taken from the session:
 * - `page`: POST a page query, answers the `toPage` envelope of `{ list, total }`;
 * - `info`: GET `.../:id`, answers `data`;
 * - `data`: POST a body, answers `data` (save, submit ...);
 * - `action`: POST a body, answers the plain success envelope (delete, end ...).
 * Routes of any other shape are declared with `defineRoute` beside these.
 */
export function scopedRoutes<S>(scopeOf: (session: SessionContext, locale: Locale) => S) {
  type Page = z.ZodType<{ page: number; limit: number }>;
  type Run<B extends z.ZodType> = (app: AppContext, scope: S, body: z.output<B>) => Promise<unknown>;
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
  return {
    page: <B extends Page>(
      url: string,
      permission: string,
      body: B,
      run: (app: AppContext, scope: S, body: z.output<B>) => Promise<{ list: unknown[]; total: number }>,
    ): RouteDef =>
      defineRoute({
        method: 'POST',
        url,
        access: { permission },
        body,
        handler: async ({ app, session, locale, body }) => {
          const { list, total } = await run(app, scopeOf(session, locale), body as z.output<B>);
          return { data: toPage(list, total, body.page, body.limit) };
        },
      }),
    info: (url: string, permission: string, run: (app: AppContext, scope: S, id: number) => Promise<unknown>) =>
      defineRoute({
        method: 'GET',
        url,
        access: { permission },
        params: idParamSchema,
        handler: async ({ app, session, locale, params }) => ({
          data: await run(app, scopeOf(session, locale), params.id),
        }),
      }),
    data: <B extends z.ZodType>(url: string, permission: string, body: B, run: Run<B>) =>
      post(url, permission, body, run, true),
    action: <B extends z.ZodType>(url: string, permission: string, body: B, run: Run<B>) =>
      post(url, permission, body, run, false),
  };
}
