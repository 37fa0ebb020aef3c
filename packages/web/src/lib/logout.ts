import { authEndpoints } from '@rehab/shared';
import { callEndpoint } from './endpoints';
import { paths } from './paths';
import { session } from './session';
import { storage } from './storage';
import { clearAllDrafts } from './drafts';
import { CODE_ORDER_KEY, safeRedirect, sessionEnd } from './session-end';

let loggingOut = false;
let navigate: (to: string) => Promise<void> | void = (to) => window.location.assign(to);

/** The app hands its router's navigation in, so that logging out does not reload the page. */
export function setLogoutNavigation(fn: (to: string) => Promise<void> | void) {
  navigate = fn;
}

/**
 * Logout of spec section 4: calls the logout request once (unless suppressed, as after a 401), clears everything
 * but the version, release notes, language and remembered account, and goes to /login with the preserved login
 * query (loginRoleType, CAState; after a session begun by the QR code, CAState=1&isCodeOrder=true). On the schedule view (embedded in the hospital system) it does not redirect.
 * A deliberate logout also removes the form drafts (they hold patient data); a `forced` one (the session ended
 * elsewhere, by the idle limit) keeps them and the page, which the login page offers to return to (issue 21).
 */
export async function logout(
  options: { callServer?: boolean; forced?: boolean; extraQuery?: Record<string, string> } = {},
) {
  if (loggingOut) return;
  loggingOut = true;
  try {
    if (options.callServer !== false && session.get().token) {
      await callEndpoint(authEndpoints.logout).catch(() => undefined);
    }
    const here = options.forced ? safeRedirect(window.location.pathname + window.location.search) : null;
    // a session begun by scanning the QR code (a "code order") returns to the QR mode (spec section 2)
    const codeOrder = storage.get<number>(CODE_ORDER_KEY) === 1;
    session.clear();
    storage.remove('targetRoute');
    if (!options.forced) {
      clearAllDrafts();
      sessionEnd.clear();
    }
    // the cached server state of the signed-in screens (loaded with them)
    (await import('./query-client')).queryClient.clear();
    if (window.location.href.includes('schedulingView')) return;
    const query = new URLSearchParams({
      ...(storage.get<Record<string, string>>('loginQuery') ?? {}),
      ...(codeOrder ? { CAState: '1', isCodeOrder: 'true' } : {}),
      ...options.extraQuery,
      ...(here ? { redirect: here } : {}),
    });
    const search = query.toString();
    await navigate(`${paths.login}${search ? `?${search}` : ''}`);
  } finally {
    loggingOut = false;
  }
}
