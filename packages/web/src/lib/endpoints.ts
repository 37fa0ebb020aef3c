import {
  queryOptions,
  useMutation,
  useQueryClient,
  useQuery,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { type Endpoint, type EndpointInput, type EndpointResponse } from '@rehab/shared';
import { request, requestFile, type Envelope, type RequestOptions } from './api';

/**
 * Calls of the shared endpoint contracts (`endpoints.versions.page` and the like) through the one client
 * (lib/api.ts): the path, method and types come from the contract, so a feature names no API path and re-types no
 * answer.
 */

type AnyInput = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
/** The input argument: optional when the endpoint takes none. */
type InputArgs<E extends Endpoint> =
  object extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];
export type EndpointAnswer<E extends Endpoint> = Envelope & EndpointResponse<E>;

/** The path of a call under the API base: `:name` segments filled from `input.params`, URI-encoded. */
export function endpointPath(e: Endpoint, params: Record<string, unknown> = {}): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${e.method} ${e.path}: no value for :${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * The query key of a call: the path's segments (`['sys', 'version', 'info', '3']`), then the query and body when
 * there are any. Without input it stops at the first path parameter, so it is the prefix of every call of the
 * endpoint; `['sys', 'version']` is the prefix of the whole module.
 */
export function endpointKey<E extends Endpoint>(e: E, input?: EndpointInput<E>): QueryKey {
  const { params, ...rest } = (input ?? {}) as AnyInput;
  const key: unknown[] = [];
  for (const segment of e.path.split('/').filter(Boolean)) {
    if (!segment.startsWith(':')) {
      key.push(segment);
      continue;
    }
    const value = params?.[segment.slice(1)];
    if (value === undefined) return key;
    key.push(String(value));
  }
  const given = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return Object.keys(given).length > 0 ? [...key, given] : key;
}

function optionsOf(e: Endpoint, input: AnyInput = {}): RequestOptions {
  return {
    query: input.query,
    // as api.post and api.put send it: an empty object when there is no body
    body: input.body ?? (e.method === 'GET' ? undefined : {}),
    // the contract's own wait (the spec's 300 s for the organization's scales), else the client's default
    ...(e.timeoutMs ? { timeoutMs: e.timeoutMs } : {}),
  };
}

function call(e: Endpoint, input?: AnyInput, extra: RequestOptions = {}) {
  return request(e.method, endpointPath(e, input?.params), { ...optionsOf(e, input), ...extra });
}

/** One call: the whole answer, `{ code, msg, ...response }`; a refusal rejects with an ApiError. */
export function callEndpoint<E extends Endpoint>(e: E, ...[input]: InputArgs<E>): Promise<EndpointAnswer<E>> {
  return call(e, input as AnyInput) as Promise<EndpointAnswer<E>>;
}

/** A call sent as the page closes (fetch keepalive): it completes after the tab is gone; the answer is not awaited. */
export function callEndpointOnUnload<E extends Endpoint>(e: E, ...[input]: InputArgs<E>): void {
  void call(e, input as AnyInput, { keepalive: true }).catch(() => undefined);
}

export type EndpointQueryOptions<E extends Endpoint, TData> = Omit<
  UseQueryOptions<EndpointResponse<E>, Error, TData>,
  'queryKey' | 'queryFn'
> & {
  /** added after the endpoint's key, for what the answer depends on besides the input (the language, say) */
  keySuffix?: readonly unknown[];
  /** the call is a device's (a TV with a screen link), see RequestOptions.device */
  device?: RequestOptions['device'];
};

/**
 * TanStack query options of a call (for `useQuery`, `prefetchQuery`, `ensureQueryData`): key from `endpointKey`,
 * the answer as data (`select` picks a part, e.g. `(r) => r.data`).
 */
export function endpointQuery<E extends Endpoint, TData = EndpointResponse<E>>(
  e: E,
  input: EndpointInput<E>,
  options: EndpointQueryOptions<E, TData> = {},
) {
  const { keySuffix = [], device, ...rest } = options;
  return queryOptions<EndpointResponse<E>, Error, TData>({
    ...rest,
    queryKey: [...endpointKey(e, input), ...keySuffix],
    queryFn: () => call(e, input as AnyInput, device ? { device } : {}) as Promise<EndpointResponse<E>>,
  });
}

/** `useQuery(endpointQuery(e, input, options))` */
export function useEndpointQuery<E extends Endpoint, TData = EndpointResponse<E>>(
  e: E,
  input: EndpointInput<E>,
  options?: EndpointQueryOptions<E, TData>,
) {
  return useQuery(endpointQuery(e, input, options));
}

/** Query keys to invalidate: an endpoint (every call of it) or a key prefix (`['sys', 'version']`). */
export type Invalidates = readonly (Endpoint | QueryKey)[];

/** Invalidates (and so refetches the active of) the queries under each endpoint or key prefix. */
export function invalidateEndpoints(queryClient: ReturnType<typeof useQueryClient>, invalidates: Invalidates) {
  return Promise.all(
    invalidates.map((k) =>
      queryClient.invalidateQueries({ queryKey: Array.isArray(k) ? k : endpointKey(k as Endpoint) }),
    ),
  );
}

/**
 * A mutation of one endpoint: `mutate(input)` calls it; on success the `invalidates` queries refresh (awaited)
 * before the caller's own `onSuccess`.
 */
export function useEndpointMutation<E extends Endpoint, TContext = unknown>(
  e: E,
  options: Omit<UseMutationOptions<EndpointAnswer<E>, Error, EndpointInput<E>, TContext>, 'mutationFn'> & {
    invalidates?: Invalidates;
  } = {},
) {
  const queryClient = useQueryClient();
  const { invalidates = [], onSuccess, ...rest } = options;
  return useMutation<EndpointAnswer<E>, Error, EndpointInput<E>, TContext>({
    ...rest,
    mutationFn: (input) => call(e, input as AnyInput) as Promise<EndpointAnswer<E>>,
    onSuccess: async (...args) => {
      await invalidateEndpoints(queryClient, invalidates);
      return onSuccess?.(...args);
    },
  });
}

/** A download endpoint's file and the name its Content-Disposition gives (null: none). */
export function downloadEndpoint<E extends Endpoint>(e: E, ...[input]: InputArgs<E>) {
  const given = (input ?? {}) as AnyInput;
  return requestFile(e.method, endpointPath(e, given.params), optionsOf(e, given));
}

/** An upload endpoint: the multipart `form` (its file and fields) to the contract's path; the JSON answer. */
export function uploadEndpoint<E extends Endpoint>(
  e: E,
  input: Omit<EndpointInput<E>, 'body'>,
  form: FormData,
): Promise<EndpointAnswer<E>> {
  const given = input as AnyInput;
  return request(e.method, endpointPath(e, given.params), { query: given.query, form }) as Promise<EndpointAnswer<E>>;
}
