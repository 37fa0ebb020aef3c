import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ResultCode, translate } from '@rehab/shared';
import type { AppContext } from '../context';
import { checkAccess } from './access';
import { ValidationError } from './errors-handler';
import type { RouteDef } from './route';
import type { SessionContext } from './session';

/**
 * Registers one API route (inside the /api prefix): its access and rate limit as route config, then per request
 * the access check, the input schemas, the handler and the `{ code: 0, msg }` envelope. With `checkResponses`
 * (tests) a contract route's answer is checked against the contract's response schema as it goes on the wire.
 */
export function registerRoute(api: FastifyInstance, app: AppContext, def: RouteDef, inFlight: { count: number }) {
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

  const checked = app.config.checkResponses && def.contract?.kind !== 'download' ? def.contract : undefined;

  async function serve(req: FastifyRequest, reply: FastifyReply) {
    await checkAccess(app, def, req);
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
      device: req.device,
      auditRead: (entry) => void (req.readAudits ??= []).push(entry),
    });
    if (reply.sent) return reply;
    const answer = { code: ResultCode.ok, msg: t(def.successKey ?? 'common.success'), ...(result ?? {}) };
    if (checked) {
      const problem = responseProblem(checked.response, answer);
      if (problem) {
        const msg = `${def.method} ${def.url}: the answer does not match its contract: ${problem}`;
        req.log.error(msg);
        return reply.status(500).send({ code: ResultCode.internal, msg, msgKey: 'error.internal' });
      }
    }
    return answer;
  }
}

/** The first difference between an answer, as JSON carries it, and the contract's response (null: none). */
export function responseProblem(response: z.ZodType, answer: object): string | null {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { code, msg, ...wire } = JSON.parse(JSON.stringify(answer)) as Record<string, unknown>;
  const result = response.safeParse(wire);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return `${issue.path.length ? issue.path.join('.') : '(top)'}: ${issue.message}`;
}
