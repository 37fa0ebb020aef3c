import { ResultCode, accountKind, authEndpoints as endpoints } from '@rehab/shared';
import type { FastifyRequest } from 'fastify';
import { defineRoute } from '../../http/route';
import { login, resetPassword, slowDown } from './auth.service';
import { issueCaptcha } from './captcha.service';
import { countAttempt } from './throttle.service';
import { clockNow } from '../../kernel/clock';
import { issueCode } from './codes.service';
import { revokeSession } from './sessions.service';
import { findUserByAccount } from './users.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const bodyField = (name: string) => (req: FastifyRequest) => {
  const body = req.body as Record<string, unknown> | undefined;
  const value = body?.[name] ?? body?.phone ?? body?.email ?? body?.account;
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 64) : '';
};

export const authRoutes = [
  defineRoute(endpoints.login, {
    successKey: 'auth.loginSuccess',
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
        token: result.token,
        user: result.user,
        passwordAtRisk: result.passwordAtRisk,
        expire: app.config.sessionIdleMs,
      };
    },
  }),

  defineRoute(endpoints.captchaChallenge, {
    rateLimit: { max: (app) => app.config.rateLimit.loginPerMinute, windowMs: MINUTE },
    handler: async ({ app }) => issueCaptcha(app),
  }),

  defineRoute(endpoints.logout, {
    successKey: 'auth.logoutSuccess',
    handler: async ({ app, session }) => {
      await revokeSession(app, session.sessionId, 'logout');
      return {};
    },
  }),

  ...(['login', 'reset'] as const).map((purpose) =>
    defineRoute(purpose === 'login' ? endpoints.sendLoginCode : endpoints.sendResetCode, {
      successKey: 'auth.codeSent',
      rateLimit: { max: (app) => app.config.rateLimit.codePerMinute, windowMs: MINUTE, key: bodyField('address') },
      handler: async ({ app, body, locale, req }) => {
        // per caller too, whatever the target addresses: one address cannot spray codes over many accounts
        const caller = await countAttempt(
          app,
          [
            {
              scope: 'code-caller',
              key: req.ip.slice(0, 200),
              rule: { mode: 'window', free: app.config.codesPerCallerPerHour, windowMs: HOUR, maxDelayMs: HOUR },
            },
          ],
          clockNow(),
        );
        if (caller.waitMs > 0) throw slowDown(caller.waitMs);
        const channel = accountKind(body.address) === 'phone' ? 'phone' : 'email';
        // refused before looking the address up, so the answer does not tell who has an account
        if (!app.delivery.available(channel)) throw app.delivery.unavailable(channel);
        const user = await findUserByAccount(app.db, body.address);
        const enabled = user !== undefined && user.status === 1;
        await issueCode(app, {
          purpose,
          channel,
          address: body.address,
          locale,
          deliver: enabled,
        });
        return {};
      },
    }),
  ),

  /**
   * Activity on a screen that calls nothing: keeps the session from idling out on the server while the user works
   * (resolving the token records the time).
   */
  defineRoute(endpoints.heartbeat, {
    handler: async () => ({}),
  }),

  defineRoute(endpoints.resetPassword, {
    successKey: 'auth.resetSuccess',
    rateLimit: { max: (app) => app.config.rateLimit.loginPerMinute, windowMs: MINUTE, key: bodyField('address') },
    handler: async ({ app, body }) => {
      await resetPassword(app, body);
      return {};
    },
  }),
];
