import { z } from 'zod';

/**
 * What an endpoint needs: `public` (no token), `session` (a signed-in user, organization not yet chosen),
 * `organization` (signed in with a current organization) or a permission code (which implies `organization`).
 * A permission with a `device` kind also lets a device of that kind in without a session (a TV with a screen link:
 * its token in its own header, valid for the endpoints of its kind only; the organization is the device's).
 */
export type Access = 'public' | 'session' | 'organization' | { permission: string; device?: DeviceKind };

/** The kinds of unattended device that may call an endpoint without a session. */
export type DeviceKind = 'screen' | 'equipment';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `json`: the `{ code, msg, ... }` envelope; `download`: a file on success; `upload`: a multipart body, JSON answer. */
export type EndpointKind = 'json' | 'download' | 'upload';

type Schema = z.ZodType | undefined;

/**
 * One API endpoint as both sides see it: method, path (Fastify style, under /api), the access it needs, the zod
 * schemas of its input and of what the server adds to the `{ code, msg }` envelope, as it is on the wire (JSON:
 * dates as ISO strings). Declared with `defineEndpoint`, one file per module (`*.contracts.ts`).
 */
export type Endpoint<
  M extends HttpMethod = HttpMethod,
  A extends Access = Access,
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends z.ZodType = z.ZodType,
> = {
  method: M;
  path: string;
  access: A;
  params: P;
  query: Q;
  body: B;
  response: R;
  summary: { 'zh-CN': string; en: string };
  kind: EndpointKind;
  /** how long a browser waits for the answer, when not the client's default (30 s) */
  timeoutMs?: number;
};

export function defineEndpoint<
  M extends HttpMethod,
  A extends Access,
  R extends z.ZodType,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
>(def: {
  method: M;
  path: string;
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  summary: { 'zh-CN': string; en: string };
  kind?: EndpointKind;
  timeoutMs?: number;
}): Endpoint<M, A, P, Q, B, R> {
  return {
    method: def.method,
    path: def.path,
    access: def.access,
    params: def.params as P,
    query: def.query as Q,
    body: def.body as B,
    response: def.response,
    summary: def.summary,
    kind: def.kind ?? 'json',
    ...(def.timeoutMs ? { timeoutMs: def.timeoutMs } : {}),
  };
}

type In<S> = S extends z.ZodType ? z.input<S> : never;
type Part<K extends string, S> = S extends z.ZodType ? { [k in K]: In<S> } : { [k in K]?: never };

/** What a caller sends: `{ params?, query?, body? }`, each key present when the endpoint has that schema. */
export type EndpointInput<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** What the server adds to the envelope, as the caller reads it. */
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** Names of the `:name` segments of a Fastify path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

/** The answer of a download endpoint: a file, not JSON (so nothing to check or describe but its type). */
export const fileResponse = z.custom<Blob>(() => true);

/** The plain success answer: nothing beside `{ code, msg }` (an action: delete, end, cancel ...). */
export const okResponse = z.strictObject({});

/** A page of rows as `toPage` answers it. */
export const pageSchema = <T extends z.ZodType>(row: T) =>
  z.strictObject({
    list: z.array(row),
    totalCount: z.number().int(),
    pageSize: z.number().int(),
    currPage: z.number().int(),
    totalPage: z.number().int(),
  });
