import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { Locale } from '@rehab/shared';
import type { AppContext } from './context';
import { registerApiDocs } from './http/api-docs';
import { frameworkErrors, localeOf, registerErrorHandler } from './http/errors-handler';
import { registerRoute } from './http/register-routes';
import type { Access, ReadAuditEntry, RouteDef } from './http/route';
import type { DeviceContext, SessionContext } from './http/session';
import { registerStaticWeb } from './http/static-web';
import { registerInputTextCheck } from './http/input-text';
import { isHisFramePage, registerSecurityHeaders } from './http/security-headers';
import { registerOperationLog } from './modules/logs/operation-log';
import { registerAccessLog } from './modules/logs/access-log';
import { apiRoutes, benchBareRoutes } from './routes';
import { onClock } from './kernel/clock';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    session: SessionContext | null;
    /** the device let in by its token where the route's access allows one (access.ts) */
    device: DeviceContext | null;
    /** the reads of patient data the route reported (ctx.auditRead), for the access log */
    readAudits?: ReadAuditEntry[];
  }
  interface FastifyInstance {
    /** resolves once no API request is in progress (or after `timeoutMs`) */
    drain(timeoutMs?: number): Promise<void>;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Builds the whole server (API, web app, runtime config) without listening, so tests can boot it on any port. */
export async function buildApp(app: AppContext, options: { routes?: RouteDef[] } = {}): Promise<FastifyInstance> {
  const server = Fastify({
    loggerInstance: app.log,
    trustProxy: app.config.trustProxy,
    // the token is a credential: never write it to the log
    requestIdHeader: false,
    frameworkErrors,
  });

  const inFlight = { count: 0 };
  server.decorate('drain', async (timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    while (inFlight.count > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  });
  server.decorateRequest('locale', 'zh-CN');
  server.decorateRequest('session', null);
  server.decorateRequest('device', null);

  // every request runs on the application's clock (kernel/clock `now()`), so tests move time instead of sleeping
  server.addHook('onRequest', (_req, _reply, done) => onClock(app.clock, done, app.calendar.timeZone));
  server.addHook('onRequest', async (req) => {
    req.locale = localeOf(req);
  });

  server.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    // the treatment record page may be framed by the hospital system (its CSP frame-ancestors names the origins,
    // which X-Frame-Options cannot express); everything else by this origin only
    if (!(app.config.hisFrameAncestors.length > 0 && isHisFramePage(req.url)))
      reply.header('X-Frame-Options', 'SAMEORIGIN');
    return payload;
  });
  // Content-Security-Policy, COOP, Permissions-Policy (http/security-headers)
  registerSecurityHeaders(server, app.config);

  registerErrorHandler(server);
  // NUL and lone surrogates in a body, query or path: refused before validation (http/input-text)
  registerInputTextCheck(server);

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
  // and every read of patient data a route reports, in the access log
  registerAccessLog(server, app, inFlight);

  await server.register(
    async (api) => {
      const routes = options.routes ?? [...apiRoutes, ...(app.config.benchBareRoutes ? benchBareRoutes : [])];
      for (const def of routes) registerRoute(api, app, def, inFlight);
      registerApiDocs(api);
    },
    { prefix: '/api' },
  );

  await registerStaticWeb(server, app);

  return server;
}
