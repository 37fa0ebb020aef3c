import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { menuUrls, useSession } from '../lib/session';
import { storage } from '../lib/storage';
import { guardDecision } from './guard';
import { lazy, Suspense } from 'react';

const NoPermission = lazy(async () => ({ default: (await import('./shell/no-permission')).NoPermission }));

/** The route guard of spec section 2 around every screen. */
export function RouteGuard() {
  const location = useLocation();
  const { token, organization } = useSession();
  const decision = guardDecision({
    pathname: location.pathname,
    search: location.search,
    hasToken: Boolean(token),
    hasOrganization: Boolean(organization),
  });
  if (decision.allow) return <Outlet />;
  if (decision.rememberTarget) storage.set('targetRoute', decision.rememberTarget);
  const loginQuery = storage.get<Record<string, string>>('loginQuery') ?? {};
  const search = decision.redirect === '/login' ? new URLSearchParams(loginQuery).toString() : '';
  return <Navigate to={{ pathname: decision.redirect, search: search ? `?${search}` : '' }} replace />;
}

export type RouteHandle = {
  /** the menu url this screen belongs to: the user must hold that menu, else the no-permission dialog shows */
  menu?: string;
  /** the sidebar item to highlight for a detail screen (spec: detail routes carry a hint) */
  activeMenu?: string;
};

/** Screens bound to a menu open only for users holding that menu. */
export function MenuGuard() {
  const matches = useMatches();
  const { menuList } = useSession();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.menu)?.handle as
    RouteHandle | undefined;
  if (handle?.menu && !menuUrls(menuList).has(handle.menu)) {
    return (
      <Suspense fallback={null}>
        <NoPermission />
      </Suspense>
    );
  }
  return <Outlet />;
}
