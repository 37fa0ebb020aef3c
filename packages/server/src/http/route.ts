import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Access, Endpoint, Locale } from '@rehab/shared';
import type { AppContext } from '../context';
import type { DeviceContext, SessionContext } from './session';

/**
 * What a route needs: `public` (no token), `session` (a signed-in user, organization not yet chosen),
 * `organization` (signed in with a current organization) or a permission code (which implies `organization`).
 * Declared in the shared package with the endpoint contracts.
 */
export type { Access };

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
  session: A extends 'public'
    ? SessionContext | null
    : A extends { device: string }
      ? SessionContext | null
      : SessionContext;
  /** the device let in instead of a session, on routes whose access names a device kind (else null) */
  device: DeviceContext | null;
  /**
   * Records a read of patient data in the access log (issue 22): which patient, what (a record, a report, a file, a
   * list or an export with its row count and filters). Written once the request has answered successfully.
   */
  auditRead: (entry: ReadAuditEntry) => void;
};

/** One read of patient data, as a route reports it for the access log (modules/logs access-log). */
export type ReadAuditEntry = {
  kind: 'record' | 'report' | 'file' | 'list' | 'export';
  patientId?: number | null;
  /** what was read when it is not the patient itself: a course, an assessment, an attachment */
  subject?: string;
  rows?: number;
  filters?: unknown;
  /**
   * a read that repeats itself all day (a board that refreshes on every booking and on a timer): one row per user,
   * organization and route a clinic day, the first, instead of one per refresh (its filters are the first read's)
   */
  oncePerDay?: boolean;
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
  /** the shared contract the route was declared from (method, url, access and schemas are its own) */
  contract?: Endpoint;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: (ctx: RouteContext<any, any, any, any>) => Promise<object | void>;
};

/** A value as a handler may return it: a `Date` wherever the wire has a string (JSON writes it as ISO 8601). */
export type Serializable<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? Serializable<U>[]
    : T extends object
      ? { [K in keyof T]: Serializable<T[K]> }
      : T;

/**
 * What a contract route's handler returns: the contract's response (merged into the envelope); nothing for a file or
 * for a response with no fields (the plain success envelope).
 */
export type HandlerResult<E extends Endpoint> =
  z.input<E['response']> extends Blob
    ? object | void
    : Record<string, never> extends z.input<E['response']>
      ? object | void
      : Serializable<z.input<E['response']>>;

/** A contract route's handler; one that sends the answer itself (a file, bytes kept pre-serialized) returns the reply. */
export type ContractHandler<E extends Endpoint> = (
  ctx: RouteContext<E['body'], E['query'], E['params'], E['access']>,
) => Promise<HandlerResult<E> | FastifyReply>;

/**
 * Declares one endpoint. Contract form (preferred): `defineRoute(endpoints.versions.info, { handler })` takes path,
 * access and input schemas from the shared contract and checks the handler's result against its response type.
 * Object form: the path (under /api), the access it needs, the shared zod schemas of its input and the handler.
 * Either way the handler's result is merged into the `{ code: 0, msg }` envelope.
 */
export function defineRoute<E extends Endpoint>(
  contract: E,
  impl: { handler: ContractHandler<E>; rateLimit?: RouteDef['rateLimit']; successKey?: string },
): RouteDef;
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
}): RouteDef;
export function defineRoute(
  def: RouteDef | Endpoint,
  impl?: { handler: ContractHandler<Endpoint>; rateLimit?: RouteDef['rateLimit']; successKey?: string },
): RouteDef {
  if (!impl) return def as RouteDef;
  const contract = def as Endpoint;
  return {
    method: contract.method,
    url: contract.path,
    access: contract.access,
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.query ? { query: contract.query } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(impl.rateLimit ? { rateLimit: impl.rateLimit } : {}),
    ...(impl.successKey ? { successKey: impl.successKey } : {}),
    contract,
    handler: impl.handler as RouteDef['handler'],
  };
}
