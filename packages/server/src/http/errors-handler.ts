import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ResultCode, httpStatusOf, issuesToProblems, normalizeLocale, translate, type Locale } from '@rehab/shared';
import { AppError } from './errors';
import { pgCode } from '../db/pg-error';

/** Input that failed its route's schema: answered 400 with every problem, in the caller's language. */
export class ValidationError extends Error {
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

/** The caller's language: the `language` header of the web app, else Accept-Language; zh-CN by default. */
export function localeOf(req: FastifyRequest): Locale {
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

/**
 * Errors the router raises before any hook runs (a malformed %-escape, a path value past maxParamLength): the same
 * envelope as every other bad request, not fastify's own body. Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(_error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const locale = localeOf(req);
  reply
    .status(400)
    .send({ code: ResultCode.badRequest, msg: translate(locale, 'error.badRequest'), msgKey: 'error.badRequest' });
}

/** Every error a route throws, as the `{ code, msg, msgKey }` envelope in the caller's language. */
export function registerErrorHandler(server: FastifyInstance) {
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
      return reply.status(httpStatusOf(error.code)).send({
        code: error.code,
        msg: t(error.key, typeof error.params === 'function' ? error.params(req.locale) : error.params),
        msgKey: error.key,
        ...error.extra,
      });
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
    const sqlState = pgCode(error);
    if (sqlState && CLIENT_DATA_SQLSTATES.has(sqlState)) {
      // a value the schemas let through but the database cannot hold (an id past 2^31, a NUL character):
      // the caller's input is wrong, not the server
      req.log.warn({ sqlState, url: req.routeOptions.url }, 'input refused by the database');
      return reply.status(400).send({ code: 400, msg: t('error.badRequest'), msgKey: 'error.badRequest' });
    }
    if (sqlState === UNIQUE_VIOLATION) {
      // two requests claimed the same unique value at once; the handler's own check saw neither
      return reply.status(409).send({ code: ResultCode.conflict, msg: t('error.conflict'), msgKey: 'error.conflict' });
    }
    req.log.error({ err: loggable(error) }, 'unhandled error');
    return reply.status(500).send({ code: 500, msg: t('error.internal'), msgKey: 'error.internal' });
  });
}
