import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { operationLogs } from './logs.tables';
import { redactSecrets } from './redact';
import { pgCode } from '../../db/pg-error';
import { storableText } from '../../http/input-text';
import { isReadCall, operationKindOf } from '@rehab/shared';

const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE']);
/** posts that change nothing a person did: the screen's periodic keep-alive would flood the log */
// a device's heartbeat and sample batches (every few seconds per device) are their own record (dev_sample,
// last_activity_at); its session start and end are logged
const NOT_LOGGED = new Set([
  '/api/sys/session/heartbeat',
  '/api/sys/device/ingest/heartbeat',
  '/api/sys/device/ingest/samples',
  // the QR login page polls every 3 s; the sign-in it ends with is logged by the qr-login module with the user
  '/api/sys/ca/pollLoginStatus/:signDataId/:code',
  // a video call's signals (offers, answers, ICE candidates: dozens a call); joining, admitting and leaving are logged
  '/api/sys/remoteDiagnosis/call/signal/:id',
]);
/**
 * The spec's API reads with POST too (lists, lookups, reports): those record nothing a person changed and would bury
 * the changes, so calls that only read (`isReadCall`: by the path's last word and a list of reports) are not logged;
 * reads of patient data are in the access log. Exports are logged: data left the system.
 */
/** larger parameters are stored as a note: the log is for finding who did what, not a copy of every upload */
const MAX_PARAMS_CHARS = 8000;

/**
 * What the log stores as the operation: the permission code the route requires (`sys:version:save`), which the list
 * turns into the screen and button names in the reader's language; for routes without one (sign-in, own profile)
 * the path slug, `POST /sys/version/save` reading as "version save", path parameters left out.
 */
export function operationOf(url: string, access: unknown): string {
  if (access && typeof access === 'object' && 'permission' in access) return String(access.permission);
  return operationName(url);
}

/** `POST /sys/version/save` reads as "version save"; path parameters are left out. */
export function operationName(url: string): string {
  const words = url
    .split('/')
    .filter((s) => s && s !== 'sys' && !s.startsWith(':'))
    .join(' ');
  return words || url;
}

function paramsOf(req: FastifyRequest): unknown {
  const parts: Record<string, unknown> = {};
  if (req.body !== undefined && req.body !== null && req.body !== '') parts.body = redactSecrets(req.body);
  const query = req.query as Record<string, unknown> | undefined;
  if (query && Object.keys(query).length > 0) parts.query = redactSecrets(query);
  const params = req.params as Record<string, unknown> | undefined;
  if (params && Object.keys(params).length > 0) parts.path = redactSecrets(params);
  const text = JSON.stringify(parts);
  return text.length > MAX_PARAMS_CHARS ? { truncated: true, chars: text.length } : parts;
}

/**
 * Records every state-changing API request (POST, PUT, DELETE) in `sys_log` once it has been answered: the write
 * runs after the reply, is counted as work in progress (shutdown waits for it), and a failure is only logged.
 */
export function registerOperationLog(server: FastifyInstance, app: AppContext, inFlight: { count: number }) {
  server.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.routeOptions.url;
    if (
      !STATE_CHANGING.has(req.method) ||
      !url?.startsWith('/api/') ||
      !req.routeOptions.config?.access ||
      NOT_LOGGED.has(url) ||
      isReadCall(url.slice('/api'.length))
    )
      return;
    const pattern = url.slice('/api'.length);
    const session = req.session;
    const row = {
      userId: session?.userId ?? null,
      userName: session?.userName ?? null,
      organizationId: session?.organizationId ?? null,
      operation: operationOf(pattern, req.routeOptions.config.access),
      method: req.method,
      url: pattern,
      params: paramsOf(req),
      durationMs: Math.round(reply.elapsedTime),
      ip: req.ip?.slice(0, 64) ?? null,
      status: reply.statusCode,
    };
    inFlight.count++;
    void writeOperationLog(app, row).finally(() => inFlight.count--);
  });
}

type OperationLogRow = typeof operationLogs.$inferInsert;

/** A copy of the parameters where every string and key holds only storable characters. */
export function storable(value: unknown, depth = 0): unknown {
  // characters jsonb cannot hold (requests with them are refused at parsing; this is the second line)
  if (typeof value === 'string') return storableText(value);
  if (!value || typeof value !== 'object' || depth > 16) return value;
  if (Array.isArray(value)) return value.map((v) => storable(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [storable(k), storable(v, depth + 1)]),
  );
}

const cut = (text: string | null | undefined, max: number) => (text == null ? text : text.slice(0, max));

/**
 * Writes one operation-log row. When the row cannot be stored as it is, a fallback row keeps who did what, where and
 * when, without the parameters (`{ dropped: true }`): a write is never left without its row. What reaches the
 * server log on failure is the route and the database's error code, never the parameters (they may carry patients'
 * names and phone numbers).
 */
export async function writeOperationLog(app: AppContext, input: OperationLogRow) {
  const body = input.params && typeof input.params === 'object' ? (input.params as { body?: unknown }).body : undefined;
  const row = { ...input, kind: input.kind ?? operationKindOf(input.method, input.url, body) };
  try {
    await app.db.insert(operationLogs).values({ ...row, params: storable(row.params) });
    return;
  } catch (err) {
    app.log.warn({ url: row.url, sqlState: pgCode(err) }, 'operation log row refused: writing it without parameters');
  }
  const fallback: OperationLogRow = {
    ...row,
    userName: cut(row.userName, 64),
    operation: cut(row.operation, 200)!,
    method: cut(row.method, 8)!,
    url: cut(row.url, 200)!,
    ip: cut(row.ip, 64),
    params: { dropped: true },
  };
  try {
    await app.db.insert(operationLogs).values(fallback);
  } catch (err) {
    app.log.error({ url: row.url, sqlState: pgCode(err) }, 'operation log not written');
  }
}
