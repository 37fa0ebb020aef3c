import { ResultCode, accountKind, loginSchema, resetPasswordSchema, sendCodeSchema, translate } from '@rehab/shared';
import type { FastifyRequest } from 'fastify';
import { defineRoute } from '../../http/route';
import { login, resetPassword } from './auth.service';
import { issueCode } from './codes.service';
import { sendFailed } from './delivery';
import { revokeSession } from './sessions.service';
import { findUserByAccount } from './users.repository';

const MINUTE = 60_000;
const bodyField = (name: string) => (req: FastifyRequest) => {
  const body = req.body as Record<string, unknown> | undefined;
  const value = body?.[name] ?? body?.phone ?? body?.email ?? body?.account;
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 64) : '';
};

export const authRoutes = [
  defineRoute({
    method: 'POST',
    url: '/sys/login',
    access: 'public',
    body: loginSchema,
    rateLimit: { max: (app) => app.config.rateLimit.loginPerMinute, windowMs: MINUTE, key: bodyField('account') },
    handler: async ({ app, body, req, reply, t }) => {
      const result = await login(app, body, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
      if (result.kind === 'signedInElsewhere') {
        return reply.send({
          code: ResultCode.signedInElsewhere,
          msg: t('auth.signedInElsewhere'),
          msgKey: 'auth.signedInElsewhere',
        });
      }
      return {
        msg: t('auth.loginSuccess'),
        token: result.token,
        user: result.user,
        passwordAtRisk: result.passwordAtRisk,
        expire: app.config.sessionIdleMs,
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/sys/logout',
    access: 'session',
    successKey: 'auth.logoutSuccess',
    handler: async ({ app, session }) => {
      await revokeSession(app, session.sessionId, 'logout');
    },
  }),

  ...(['login', 'reset'] as const).map((purpose) =>
    defineRoute({
      method: 'POST',
      url: purpose === 'login' ? '/sys/sendLoginVerificationCode' : '/sys/sendResetPasswordCode',
      access: 'public',
      body: sendCodeSchema,
      successKey: 'auth.codeSent',
      rateLimit: { max: (app) => app.config.rateLimit.codePerMinute, windowMs: MINUTE, key: bodyField('address') },
      handler: async ({ app, body, locale }) => {
        const channel = accountKind(body.address) === 'phone' ? 'phone' : 'email';
        // refused before looking the address up, so the answer does not tell who has an account
        if (!app.delivery.available(channel)) throw sendFailed();
        const user = await findUserByAccount(app.db, body.address);
        const enabled = user !== undefined && user.status === 1;
        await issueCode(app, {
          purpose,
          channel,
          address: body.address,
          locale,
          deliver: enabled,
        });
        return { msg: translate(locale, 'auth.codeSent') };
      },
    }),
  ),

  /**
   * Activity on a screen that calls nothing: keeps the session from idling out on the server while the user works
   * (resolving the token records the time).
   */
  defineRoute({
    method: 'GET',
    url: '/sys/session/heartbeat',
    access: 'session',
    handler: async () => undefined,
  }),

  defineRoute({
    method: 'POST',
    url: '/sys/resetPassword',
    access: 'public',
    body: resetPasswordSchema,
    successKey: 'auth.resetSuccess',
    rateLimit: { max: (app) => app.config.rateLimit.loginPerMinute, windowMs: MINUTE, key: bodyField('address') },
    handler: async ({ app, body }) => {
      await resetPassword(app, body);
    },
  }),
];
