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
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RequestOptions = {
  /** a JSON body */
  body?: unknown;
  /** a multipart body (an upload), sent as it is: the browser writes its content type */
  form?: FormData;
  query?: Record<string, unknown>;
  signal?: AbortSignal;
  /** 30 s unless given */
  timeoutMs?: number;
  /** the call outlives the page (sent as it closes: a hang-up) */
  keepalive?: boolean;
  /**
   * A call of an unattended device (a TV with a screen link): its token goes in its own header instead of the
   * session's, and a 401 rejects without signing anybody out.
   */
  device?: { header: string; token: string };
};

let onUnauthorized: (body: Envelope) => void = () => undefined;
/** The shell decides what a 401 does (spec: log out without a logout request and go to /login). */
export function setUnauthorizedHandler(handler: (body: Envelope) => void) {
  onUnauthorized = handler;
}

const TIMEOUT_MS = 30_000;

/** One call with the token and language headers and the timeout; the answer as it comes. */
async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const url = new URL(appConfig.apiBase + path, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { language: currentLocale() };
  if (options.device) headers[options.device.header] = options.device.token;
  else {
    const token = session.get().token;
    if (token) headers.token = token;
  }
  if (options.body !== undefined && !options.form) headers['content-type'] = 'application/json';
  const timeout = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  return fetch(url, {
    method,
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    credentials: 'include',
    signal,
    ...(options.keepalive ? { keepalive: true } : {}),
  });
}

/** The envelope of an answer: code 0 resolves, any other code rejects (401 also calls the unauthorized handler). */
async function envelopeOf<T extends object>(res: Response, device = false): Promise<Envelope & T> {
  let body: Envelope & T;
  try {
    body = (await res.json()) as Envelope & T;
  } catch {
    throw new ApiError(res.status || 500, res.statusText || 'Network error', res.status);
  }
  if (body.code === undefined || body.code === ResultCode.ok) return body;
  if (body.code === ResultCode.unauthorized && !device) onUnauthorized(body);
  throw new ApiError(body.code, body.msg, res.status, body as Record<string, unknown>);
}

/**
 * The main client of spec section 7: token and language headers, JSON bodies (or a multipart `form`), a 30 s
 * timeout. Code 0 resolves with the whole envelope; code 2 (signed in elsewhere) and other business codes reject
 * with an ApiError the caller can inspect; 401 also triggers the unauthorized handler.
 */
export async function request<T extends object = object>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<Envelope & T> {
  return envelopeOf<T>(await send(method, path, options), Boolean(options.device));
}

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` first, then `filename="…"`). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
  return plain ? (plain[1] ?? plain[2]!.trim()) : null;
}

/**
 * A file answer (downloads, images), through the same headers, timeout and 401 handling as `request`. A refusal
 * comes as the JSON envelope and rejects with its ApiError (`status` 404 for a missing file).
 */
export async function requestFile(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await send(method, path, options);
  if (!res.ok || (res.headers.get('content-type') ?? '').startsWith('application/json')) {
    await envelopeOf(res.clone());
    if (!res.ok) throw new ApiError(res.status, res.statusText, res.status);
  }
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) };
}

export const api = {
  get: <T extends object = object>(path: string, query?: Record<string, unknown>) => request<T>('GET', path, { query }),
  post: <T extends object = object>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  put: <T extends object = object>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  delete: <T extends object = object>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
  /** a multipart upload (POST unless said); the JSON envelope as `request` answers it */
  upload: <T extends object = object>(
    path: string,
    form: FormData,
    options: Omit<RequestOptions, 'form' | 'body'> & { method?: Method } = {},
  ) => request<T>(options.method ?? 'POST', path, { ...options, form }),
  /** a file answer: GET, or another method with a JSON body */
  download: (path: string, options: Omit<RequestOptions, 'form'> & { method?: Method } = {}) =>
    requestFile(options.method ?? (options.body === undefined ? 'GET' : 'POST'), path, options),
};
