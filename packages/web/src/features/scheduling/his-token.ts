/** Token refresh interval of the embedded schedule view (spec section 9). */
export const HIS_TOKEN_REFRESH_MS = 650_000;

/** Stores a hospital-system token where spec section 7 says: local storage and a cookie named `token`. */
export function storeHisToken(
  token: string,
  doc: Pick<Document, 'cookie'> = document,
  store: Pick<Storage, 'setItem'> = localStorage,
) {
  try {
    store.setItem('token', token);
  } catch {
    /* storage unavailable: the cookie and the session still carry it */
  }
  doc.cookie = `token=${encodeURIComponent(token)}; path=/; SameSite=Lax`;
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
