import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { logout, setLogoutNavigation } from '../lib/logout';
import { sessionEnd, sessionEndOf } from '../lib/session-end';
import { router } from './router';

// a 401 ends the session without a logout request (spec section 7); the login page says why and offers the page
// and the drafts back (issue 21)
setUnauthorizedHandler((body) => {
  sessionEnd.record(sessionEndOf(body));
  void logout({ callServer: false, forced: true });
});
setLogoutNavigation((to) => router.navigate(to, { replace: true }));

/**
 * The root: only the router. Ant Design (with its locale and theme) is a layout of the screens that use it, so
 * the login page, the first thing every user downloads, carries none of it.
 */
export function App() {
  return (
    // a screen whose strings are still downloading shows nothing for that moment, not the keys
    <Suspense fallback={null}>
      <RouterProvider router={router} />
    </Suspense>
  );
}
