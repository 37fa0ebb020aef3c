import type { FastifyInstance } from 'fastify';
import { ResultCode } from '@rehab/shared';
import { AppError } from './errors';

/**
 * Characters no field of the product may hold: NUL (PostgreSQL text and jsonb cannot store it, and a NUL in a field a
 * route ignores made the operation-log insert fail after the write had succeeded) and UTF-16 surrogates without
 * their pair (JSON can escape them, UTF-8 cannot encode them).
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const FORBIDDEN = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** `text` with every NUL and lone surrogate replaced by U+FFFD: what a log row may store of a value. */
export const storableText = (text: string) => text.replace(new RegExp(FORBIDDEN, 'g'), '\uFFFD');

const MAX_DEPTH = 64;

/**
 * The path (`items.1.name`) of the first string or key of a parsed JSON value or query that holds a forbidden
 * character, or null when there is none.
 */
export function forbiddenTextPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? path.join('.') || '(body)' : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = forbiddenTextPath(value[i], [...path, String(i)], depth + 1);
      if (hit !== null) return hit;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    // the key itself names the field as far as it can be printed
    if (FORBIDDEN.test(key)) return [...path, key.replace(new RegExp(FORBIDDEN, 'g'), '?')].join('.');
    const hit = forbiddenTextPath(v, [...path, key], depth + 1);
    if (hit !== null) return hit;
  }
  return null;
}

/**
 * Refuses, before validation and before any handler, an API request whose JSON body, query or path parameters hold
 * a NUL or a lone surrogate: 400 naming the field, in the caller's language, nothing written.
 */
export function registerInputTextCheck(server: FastifyInstance) {
  server.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const field =
      forbiddenTextPath(req.query) ??
      forbiddenTextPath(req.params) ??
      (req.body !== undefined && req.body !== null ? forbiddenTextPath(req.body) : null);
    if (field !== null) {
      throw new AppError(ResultCode.badRequest, 'error.forbiddenCharacter', { field }, { field });
    }
  });
}
