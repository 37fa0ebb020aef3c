import fs from 'node:fs';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { z } from 'zod';
import {
  ResultCode,
  apiEnabled,
  httpStatusOf,
  issuesToProblems,
  normalizeLocale,
  translate,
  type Locale,
} from '@rehab/shared';
import type { AppContext } from './context';
import { AppError, forbidden } from './http/errors';
import type { Access, RouteDef } from './http/route';
import type { SessionContext } from './http/session';
import { resolveToken } from './modules/auth/sessions.service';
import { registerOperationLog } from './modules/logs/operation-log';
import { apiRoutes, benchBareRoutes } from './routes';
import { onClock } from './kernel/clock';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    session: SessionContext | null;
  }
  interface FastifyInstance {
    /** resolves once no API request is in progress (or after `timeoutMs`) */
    drain(timeoutMs?: number): Promise<void>;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

class ValidationError extends Error {
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super('validation');
  }
}

/**
 * PostgreSQL data exceptions caused by a value sent by the client: numeric out of range, invalid text
 * representation, string too long, bad date/time, a character the encoding cannot hold (NUL).
 */
const CLIENT_DATA_SQLSTATES = new Set(['22003', '22P02', '22001', '22007', '22008', '22021', '22P05']);

const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a database error, looking through drizzle's wrapper (`cause`). */
function sqlStateOf(error: unknown): string | null {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** The caller's language: the `language` header of the web app, else Accept-Language; zh-CN by default. */
function localeOf(req: FastifyRequest): Locale {
  const header = req.headers['language'] ?? req.headers['accept-language'];
  return normalizeLocale(Array.isArray(header) ? header[0] : header);
}

/**
 * An error as it may be logged. A drizzle query error carries the bound values in its message (password and code
 * hashes, e-mail addresses, phone numbers): keep the SQL and the database's own error, drop the values.
 */
function loggable(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause as { message?: string; code?: string } | undefined;
  const safe = new Error(
    `Failed query: ${error.query}${cause?.message ? ` (${cause.code ?? ''} ${cause.message})` : ''}`,
  );
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`Error: ${safe.message}`, ...frames].join('\n');
  return safe;
}

/** Builds the whole server (API, web app, runtime config) without listening, so tests can boot it on any port. */
export async function buildApp(app: AppContext, options: { routes?: RouteDef[] } = {}): Promise<FastifyInstance> {
  const server = Fastify({
    loggerInstance: app.log,
    trustProxy: app.config.trustProxy,
    // the token is a credential: never write it to the log
    requestIdHeader: false,
    // errors the router raises before any hook runs (a malformed %-escape, a path value past maxParamLength):
    // the same envelope as every other bad request, not fastify's own body
    frameworkErrors: (_error, req, reply) => {
      const locale = localeOf(req);
      (reply as FastifyReply)
        .status(400)
        .send({ code: ResultCode.badRequest, msg: translate(locale, 'error.badRequest'), msgKey: 'error.badRequest' });
    },
  });

  const inFlight = { count: 0 };
  server.decorate('drain', async (timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    while (inFlight.count > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  });
  server.decorateRequest('locale', 'zh-CN');
  server.decorateRequest('session', null);

  // every request runs on the application's clock (kernel/clock `now()`), so tests move time instead of sleeping
  server.addHook('onRequest', (_req, _reply, done) => onClock(app.clock, done));
  server.addHook('onRequest', async (req) => {
    req.locale = localeOf(req);
  });

  server.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    return payload;
  });

  server.setErrorHandler((error, req, reply) => {
    const t = (key: string, params?: Record<string, string | number>) => translate(req.locale, key, params);
    if (error instanceof ValidationError) {
      const problems = issuesToProblems(error.issues);
      const first = problems[0]!;
      return reply.status(400).send({
        code: ResultCode.badRequest,
        msg: t(first.key, first.params),
        msgKey: first.key,
        field: first.field,
        errors: problems.map((p) => ({ field: p.field, msg: t(p.key, p.params), msgKey: p.key })),
      });
    }
    if (error instanceof AppError) {
      return reply
        .status(httpStatusOf(error.code))
        .send({ code: error.code, msg: t(error.key, error.params), msgKey: error.key, ...error.extra });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ code: 413, msg: t('error.payloadTooLarge'), msgKey: 'error.payloadTooLarge' });
    }
    if (status === 429) {
      return reply.status(429).send({ code: 429, msg: t('error.tooManyRequests'), msgKey: 'error.tooManyRequests' });
    }
    if (status >= 400 && status < 500) {
      // malformed JSON, wrong content type and the like
      return reply.status(400).send({ code: 400, msg: t('error.badRequest'), msgKey: 'error.badRequest' });
    }
    const sqlState = sqlStateOf(error);
    if (sqlState && CLIENT_DATA_SQLSTATES.has(sqlState)) {
      // a value the schemas let through but the database cannot hold (an id past 2^31, a NUL character):
      // the caller's input is wrong, not the server
      req.log.warn({ sqlState, url: req.url }, 'input refused by the database');
      return reply.status(400).send({ code: 400, msg: t('error.badRequest'), msgKey: 'error.badRequest' });
    }
    if (sqlState === UNIQUE_VIOLATION) {
      // two requests claimed the same unique value at once; the handler's own check saw neither
      return reply.status(409).send({ code: ResultCode.conflict, msg: t('error.conflict'), msgKey: 'error.conflict' });
    }
    req.log.error({ err: loggable(error) }, 'unhandled error');
    return reply.status(500).send({ code: 500, msg: t('error.internal'), msgKey: 'error.internal' });
  });

  await server.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, message: 'rate limited' }),
  });

  // file uploads (multipart/form-data): each upload route reads its one file with its own size limit (req.file)
  await server.register(multipart, { throwFileSizeLimit: true, limits: { files: 1, fields: 20, parts: 24 } });

  // every API route must say what access it needs: registering one without is a programming error
  server.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access`);
    }
  });

  // every state-changing API request lands in the operation log once answered
  registerOperationLog(server, app, inFlight);

  await server.register(
    async (api) => {
      const routes = options.routes ?? [...apiRoutes, ...(app.config.benchBareRoutes ? benchBareRoutes : [])];
      for (const def of routes) registerRoute(api, app, def, inFlight);
    },
    { prefix: '/api' },
  );

  server.get('/runtime-config.js', { config: { access: 'public' } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store').type('application/javascript');
    return `window.__APP_CONFIG__ = ${JSON.stringify(app.config.client)};\n`;
  });

  const webDist = app.config.webDist;
  const indexHtml = webDist && fs.existsSync(path.join(webDist, 'index.html'));
  if (webDist && indexHtml) {
    await server.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, file) {
        res.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  server.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    // a missing file (an asset of an older build, say) is a 404, never the page: a module script answered with
    // HTML fails in the browser with a confusing MIME error
    const isFile = pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      isFile ||
      !(webDist && indexHtml) ||
      req.method !== 'GET'
    ) {
      return reply.status(404).send({
        code: ResultCode.notFound,
        msg: translate(req.locale, 'error.routeNotFound'),
        msgKey: 'error.routeNotFound',
      });
    }
    // a screen route of the single-page app
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });

  return server;
}

function registerRoute(api: FastifyInstance, app: AppContext, def: RouteDef, inFlight: { count: number }) {
  const limit = def.rateLimit;
  api.route({
    method: def.method,
    url: def.url,
    config: {
      access: def.access,
      ...(limit
        ? {
            rateLimit: {
              // after the body is parsed (the default onRequest hook runs before it, so `key` saw no body and every
              // account behind one address shared a single budget), before the session lookup and the handler
              hook: 'preValidation',
              max: limit.max(app),
              timeWindow: limit.windowMs,
              // by account when the request names one: the client address is only as good as X-Forwarded-For
              // (trustProxy), which a caller can make up to get a fresh budget on every request
              keyGenerator: (req: FastifyRequest) => `${def.url}|${limit.key?.(req) || `ip:${req.ip}`}`,
            },
          }
        : {}),
    },
    handler: async (req, reply) => {
      // counted from the first query to the last, so that shutdown closes the database only after the requests in
      // progress (also those whose client has gone) are done with it
      inFlight.count++;
      try {
        return await serve(req, reply);
      } finally {
        inFlight.count--;
      }
    },
  });

  async function serve(req: FastifyRequest, reply: FastifyReply) {
    await checkAccess(req);
    {
      const parse = (schema: z.ZodType | undefined, input: unknown) => {
        if (!schema) return undefined;
        const result = schema.safeParse(input ?? {});
        if (!result.success) throw new ValidationError(result.error.issues);
        return result.data;
      };
      const body = parse(def.body, req.body);
      const query = parse(def.query, req.query);
      const params = parse(def.params, req.params);
      const t = (key: string, p?: Record<string, string | number>) => translate(req.locale, key, p);
      const result = await def.handler({
        req,
        reply,
        app,
        body,
        query,
        params,
        locale: req.locale,
        t,
        session: req.session as SessionContext,
      });
      if (reply.sent) return reply;
      return { code: ResultCode.ok, msg: t(def.successKey ?? 'common.success'), ...(result ?? {}) };
    }
  }

  async function checkAccess(req: FastifyRequest) {
    if (def.access === 'public') {
      const token = tokenOf(req);
      if (token) req.session = await resolveToken(app, token).catch(() => null);
      return;
    }
    const session = await resolveToken(app, tokenOf(req));
    req.session = session;
    if (def.access === 'session') return;
    if (!session.organizationId) throw forbidden('error.noOrganization');
    // a product module the organization switched off answers 403 whatever the caller's roles (shared PRODUCT_SCOPES)
    if (!apiEnabled(def.url, session.products)) throw forbidden('product.disabled');
    if (typeof def.access === 'object' && !session.permissions.has(def.access.permission)) throw forbidden();
  }
}

function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers['token'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 200 ? value : undefined;
}
