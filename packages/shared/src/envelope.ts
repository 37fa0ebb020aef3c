/**
 * The response envelope of every API call: `{ code, msg, ... }`. `code` 0 is success; errors carry a
 * non-zero code that matches the HTTP status, except the business codes the original product used
 * (2: signed in elsewhere, 1: not found in a lookup that the screens treat as "no record").
 */
export const ResultCode = {
  ok: 0,
  notFoundRecord: 1,
  signedInElsewhere: 2,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  internal: 500,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export type ApiOk<T extends object = object> = { code: 0; msg: string } & T;

export type ApiError = {
  code: number;
  msg: string;
  /** i18n key of the message, so a client can translate it again */
  msgKey?: string;
  /** for validation errors: the path of the first offending field, dotted (e.g. `address` or `items.0.name`) */
  field?: string;
  errors?: { field: string; msg: string; msgKey: string }[];
};

export type Page<T> = {
  list: T[];
  totalCount: number;
  pageSize: number;
  currPage: number;
  totalPage: number;
};

export function toPage<T>(list: T[], totalCount: number, page: number, limit: number): Page<T> {
  return {
    list,
    totalCount,
    pageSize: limit,
    currPage: page,
    totalPage: limit > 0 ? Math.ceil(totalCount / limit) : 0,
  };
}

/** HTTP status for a result code: business codes answer 200, the rest their own status. */
export function httpStatusOf(code: number): number {
  if (code === ResultCode.ok || code === ResultCode.notFoundRecord || code === ResultCode.signedInElsewhere) return 200;
  if (code >= 400 && code < 600) return code;
  return 400;
}

/**
 * Why a session is over, as a 401 answer tells it (issue 21): signed in elsewhere, idle past the limit, past its
 * lifetime, signed out, ended by a password change or a disabled account. The login page says so in the user's
 * language, with the time.
 */
export const SESSION_END_REASONS = ['replaced', 'idle', 'expired', 'signedOut', 'password', 'disabled'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
/** `sessionEnded` of a 401 answer: the reason, when it ended (ISO 8601) and, for idle, the limit in ms. */
export type SessionEnded = { reason: SessionEndReason; at: string; idleMs?: number };
