import { SESSION_END_REASONS, type SessionEnded } from '@rehab/shared';
import { PUBLIC_PATHS, paths } from './paths';
import { storage } from './storage';

/** Where a forced sign-out leaves why the session ended, for the login page (kept through the logout). */
export const SESSION_END_KEY = 'sessionEnded';
/** Set while the session was begun by the QR code sign-in (a "code order"); cleared with the session. */
export const CODE_ORDER_KEY = 'codeOrder';
/** Where the page to come back to waits through the login and the checkout. */
export const RETURN_KEY = 'targetRoute';

/**
 * A path the app may go to after signing in again: an app path on this origin (`/patient/manage?x=1`), never
 * another site (`//evil.example`, `https://…`, `/\evil`), nor a public page (the login itself) or the checkout.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\s]/.test(value.slice(0, 2)) || [...value].some((c) => c.charCodeAt(0) < 32)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://app.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://app.invalid') return null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (path === paths.root || path === paths.checkout || PUBLIC_PATHS.includes(path)) return null;
  return url.pathname + url.search + url.hash;
}

/** The `sessionEnded` of a 401 answer, if it is one the login page can explain. */
export function sessionEndOf(body: unknown): SessionEnded | null {
  const ended = body && typeof body === 'object' ? (body as { sessionEnded?: unknown }).sessionEnded : undefined;
  if (!ended || typeof ended !== 'object') return null;
  const { reason, at, idleMs } = ended as Record<string, unknown>;
  if (!SESSION_END_REASONS.includes(reason as SessionEnded['reason']) || typeof at !== 'string') return null;
  return { reason: reason as SessionEnded['reason'], at, ...(typeof idleMs === 'number' ? { idleMs } : {}) };
}

export const sessionEnd = {
  record(ended: SessionEnded | null) {
    storage.set(SESSION_END_KEY, ended);
  },
  read: () => sessionEndOf({ sessionEnded: storage.get(SESSION_END_KEY) }),
  clear() {
    storage.remove(SESSION_END_KEY);
  },
};

/** The page to come back to after signing in, taken once (null when none or not a safe app path). */
export function takeReturnPath(): string | null {
  const target = safeRedirect(storage.get<string>(RETURN_KEY));
  storage.remove(RETURN_KEY);
  return target;
}
