import { ResultCode, type Locale } from '@rehab/shared';

type Params = Record<string, string | number>;

/**
 * An error the API answers on purpose: a result code (also the HTTP status, see `httpStatusOf`), an i18n key and
 * its parameters. The error handler translates it into the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
    /** the message's parameters, or a function of the caller's language for a text that needs it (a duration) */
    readonly params: Params | ((locale: Locale) => Params) = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

export const badRequest = (key = 'error.badRequest', params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.badRequest, key, params);
export const unauthorized = (key = 'error.unauthorized') => new AppError(ResultCode.unauthorized, key);
export const forbidden = (key = 'error.forbidden') => new AppError(ResultCode.forbidden, key);
export const notFound = (key = 'error.notFound') => new AppError(ResultCode.notFound, key);
export const conflict = (key = 'error.conflict', params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.conflict, key, params);
export const tooManyRequests = (key = 'error.tooManyRequests', params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.tooManyRequests, key, params);
