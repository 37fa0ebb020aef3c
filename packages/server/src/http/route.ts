import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Locale } from '@rehab/shared';
import type { AppContext } from '../context';
import type { SessionContext } from './session';

/**
 * What a route needs: `public` (no token), `session` (a signed-in user, organization not yet chosen),
 * `organization` (signed in with a current organization) or a permission code (which implies `organization`).
 */
export type Access = 'public' | 'session' | 'organization' | { permission: string };

type Schema = z.ZodType | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteContext<B extends Schema, Q extends Schema, P extends Schema, A extends Access> = {
  req: FastifyRequest;
  reply: FastifyReply;
  app: AppContext;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  locale: Locale;
  t: (key: string, params?: Record<string, string | number>) => string;
  session: A extends 'public' ? SessionContext | null : SessionContext;
};

export type RouteDef = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** per-route request limit, keyed by what `key` picks out of the request (the account), else by client address */
  rateLimit?: { max: (ctx: AppContext) => number; windowMs: number; key?: (req: FastifyRequest) => string };
  /** i18n key of the success message; `common.success` by default */
  successKey?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: (ctx: RouteContext<any, any, any, any>) => Promise<object | void>;
};

/**
 * Declares one endpoint: its path (under /api), the access it needs, the shared zod schemas of its input and the
 * handler. The handler's result is merged into the `{ code: 0, msg }` envelope.
 */
export function defineRoute<
  A extends Access,
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
>(def: {
  method: RouteDef['method'];
  url: string;
  access: A;
  body?: B;
  query?: Q;
  params?: P;
  rateLimit?: RouteDef['rateLimit'];
  successKey?: string;
  handler: (ctx: RouteContext<B, Q, P, A>) => Promise<object | void>;
}): RouteDef {
  return def as RouteDef;
}
