import { schedulingEndpoints } from '@rehab/shared';
import { callEndpoint } from './endpoints';
import { session } from './session';

/** Token refresh interval of the embedded schedule view (spec section 9). */
export const HIS_TOKEN_REFRESH_MS = 650_000;

/**
 * Stores a hospital-system token where spec section 7 says: local storage and a cookie named `token`. A frame of the
 * hospital system's page may be denied both (third-party storage): then the tab's session alone carries it.
 */
export function storeHisToken(
  token: string,
  doc: Pick<Document, 'cookie'> = document,
  store?: Pick<Storage, 'setItem'>,
) {
  try {
    (store ?? localStorage).setItem('token', token);
  } catch {
    /* storage unavailable: the cookie and the session still carry it */
  }
  try {
    doc.cookie = `token=${encodeURIComponent(token)}; path=/; SameSite=Lax`;
  } catch {
    /* cookies denied to the frame */
  }
}

/**
 * Repeats the token refresh of the embedded view every 650,000 ms: POST /sys/ssoLogin with loginSystem=1 and the
 * user id (the current token proves the caller), then hands the new token to `onToken`. A failure is only logged
 * (spec section 8: token refresh failures are only logged). Answers the stop function.
 */
export function startHisTokenRefresh(options: {
  userId: number;
  post: (body: { loginSystem: 1; userId: number }) => Promise<{ token: string }>;
  onToken: (token: string) => void;
  every?: number;
  timers?: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
}): () => void {
  const timers = options.timers ?? {
    set: (fn: () => void, ms: number) => setInterval(fn, ms),
    clear: (h: unknown) => clearInterval(h as ReturnType<typeof setInterval>),
  };
  const handle = timers.set(() => {
    options
      .post({ loginSystem: 1, userId: options.userId })
      .then((res) => options.onToken(res.token))
      .catch((error: unknown) => console.warn('token refresh failed', error));
  }, options.every ?? HIS_TOKEN_REFRESH_MS);
  return () => timers.clear(handle);
}

/**
 * The hospital-system entry's exchange: the user id the hospital system signed (`ts`, `sign`) for a token through
 * POST /sys/ssoLogin (loginSystem=1); the token is stored (`storeHisToken`) and the tab's session opens in the
 * organization and office the server chose. The embedded schedule view and the treatment record frame start so.
 */
export async function signInFromHis(entry: { userId: number; ts?: string; sign?: string }) {
  const res = await callEndpoint(schedulingEndpoints.ssoLogin, {
    body: { loginSystem: 1, userId: entry.userId, ts: entry.ts, sign: entry.sign },
  });
  storeHisToken(res.token);
  session.update({
    token: res.token,
    organization: res.data.organization,
    office: res.data.office,
    offices: res.data.office ? [res.data.office] : [],
    roleIdList: res.user.roleIdList,
  });
  return res;
}

/** The timed token refresh of an embedded page, on the entry's user (see startHisTokenRefresh). */
export function refreshHisToken(userId: number) {
  return startHisTokenRefresh({
    userId,
    post: (body) => callEndpoint(schedulingEndpoints.ssoLogin, { body }),
    onToken: (next) => {
      storeHisToken(next);
      session.update({ token: next });
    },
  });
}
