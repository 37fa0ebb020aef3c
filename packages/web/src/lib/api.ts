import { ResultCode } from '@rehab/shared';
import { appConfig } from './config';
import { currentLocale } from './locale';
import { session } from './session';

/** A refused call: the server's code and message (already in the user's language) and the field it names. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
  get field(): string | undefined {
    return this.body.field as string | undefined;
  }
  get msgKey(): string | undefined {
    return this.body.msgKey as string | undefined;
  }
}

export type Envelope = { code: number; msg: string };
type Options = { body?: unknown; query?: Record<string, unknown>; signal?: AbortSignal; timeoutMs?: number };

let onUnauthorized: (body: Envelope) => void = () => undefined;
/** The shell decides what a 401 does (spec: log out without a logout request and go to /login). */
export function setUnauthorizedHandler(handler: (body: Envelope) => void) {
  onUnauthorized = handler;
}

const TIMEOUT_MS = 30_000;

/**
 * The main client of spec section 7: token and language headers, JSON bodies, a 30 s timeout. Code 0 resolves
 * with the whole envelope; code 2 (signed in elsewhere) and other business codes reject with an ApiError the
 * caller can inspect; 401 also triggers the unauthorized handler.
 */
export async function request<T extends object = object>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: Options = {},
): Promise<Envelope & T> {
  const url = new URL(appConfig.apiBase + path, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { language: currentLocale() };
  const token = session.get().token;
  if (token) headers.token = token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const timeout = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const res = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'include',
    signal,
  });
  let body: Envelope & T;
  try {
    body = (await res.json()) as Envelope & T;
  } catch {
    throw new ApiError(res.status || 500, res.statusText || 'Network error', res.status);
  }
  if (body.code === undefined || body.code === ResultCode.ok) return body;
  if (body.code === ResultCode.unauthorized) onUnauthorized(body);
  throw new ApiError(body.code, body.msg, res.status, body as Record<string, unknown>);
}

export const api = {
  get: <T extends object = object>(path: string, query?: Record<string, unknown>) => request<T>('GET', path, { query }),
  post: <T extends object = object>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  put: <T extends object = object>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  delete: <T extends object = object>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
};
