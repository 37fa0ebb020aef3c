import { api } from '../lib/api';
import { session } from '../lib/session';
import { storage } from '../lib/storage';
import { paths } from './paths';

let loggingOut = false;

/**
 * Logout of spec section 4: calls the logout request once (unless suppressed, as after a 401), clears everything
 * but the version, release notes, language and remembered account, and goes to /login with the preserved login
 * query (loginRoleType, CAState). On the schedule view (embedded in the hospital system) it does not redirect.
 */
export async function logout(options: { callServer?: boolean; extraQuery?: Record<string, string> } = {}) {
  if (loggingOut) return;
  loggingOut = true;
  try {
    if (options.callServer !== false && session.get().token) {
      await api.post('/sys/logout').catch(() => undefined);
    }
    session.clear();
    storage.remove('targetRoute');
    // the cached server state of the signed-in screens (loaded with them)
    (await import('../lib/query-client')).queryClient.clear();
    if (window.location.href.includes('schedulingView')) return;
    const query = new URLSearchParams({
      ...(storage.get<Record<string, string>>('loginQuery') ?? {}),
      ...options.extraQuery,
    });
    const search = query.toString();
    const { router } = await import('./router');
    await router.navigate(`${paths.login}${search ? `?${search}` : ''}`, { replace: true });
  } finally {
    loggingOut = false;
  }
}
