import { qrLoginEndpoints as endpoints } from '@rehab/shared';
import type { FastifyRequest } from 'fastify';
import { defineRoute } from '../../http/route';
import type { OrgSession } from '../../http/session';
import { userPlaces } from './places.service';
import {
  cancelQrLogin,
  confirmQrLogin,
  createQrLogin,
  pollQrLogin,
  qrNonceCookie,
  scanQrLogin,
} from './qr-login.service';

const MINUTE = 60_000;
/** polls a minute per request: the page polls every 3 s (20), with room for a retry or two */
const POLLS_PER_MINUTE = 40;

const clientOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/** One cookie's value from the Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** Where the phone opens the confirmation page: the web app the asking browser was served from. */
function webOrigin(req: FastifyRequest) {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/\s]+$/.test(origin)) return origin;
  return `${req.protocol}://${req.host}`;
}

/** QR collaborative login (issue 19; docs/decisions.md "Issue 19") and the user's places. */
export const qrLoginRoutes = [
  defineRoute(endpoints.qrCode, {
    rateLimit: { max: (app) => app.config.rateLimit.loginPerMinute, windowMs: MINUTE },
    handler: async ({ app, req, reply }) => {
      const { nonce, ...data } = await createQrLogin(app, clientOf(req), webOrigin(req));
      const secure = req.protocol === 'https' ? '; Secure' : '';
      // kept a while past the request's lifetime: a poll just after it expired still says "expired"
      const maxAge = Math.ceil(app.config.qrLoginLifetimeMs / 1000) + 600;
      reply.header(
        'set-cookie',
        `${qrNonceCookie(data.signDataId)}=${nonce}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`,
      );
      return { data };
    },
  }),
  defineRoute(endpoints.poll, {
    rateLimit: {
      max: () => POLLS_PER_MINUTE,
      windowMs: MINUTE,
      key: (req) => `qr:${String((req.params as { signDataId?: string }).signDataId ?? '').slice(0, 64)}`,
    },
    handler: async ({ app, params, req }) => ({
      data: await pollQrLogin(
        app,
        { ...params, nonce: cookieValue(req.headers.cookie, qrNonceCookie(params.signDataId)) },
        clientOf(req),
      ),
    }),
  }),
  defineRoute(endpoints.scan, {
    handler: async ({ app, session, body, locale }) => ({
      data: await scanQrLogin(app, session as OrgSession, body.qrId, locale),
    }),
  }),
  defineRoute(endpoints.confirm, {
    handler: async ({ app, session, body }) => {
      await confirmQrLogin(app, session as OrgSession, body.qrId);
      return {};
    },
  }),
  defineRoute(endpoints.cancel, {
    handler: async ({ app, session, body }) => {
      await cancelQrLogin(app, session as OrgSession, body.qrId);
      return {};
    },
  }),
  defineRoute(endpoints.userPlaces, {
    handler: async ({ app, session, locale }) => ({ data: await userPlaces(app, session.userId, locale) }),
  }),
];
