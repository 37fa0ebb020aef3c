import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router';
import type { RouteHandle } from '../guards';

/**
 * One line of the route table: the path pattern (from lib/paths.ts), the screen loaded on demand, and the menu the
 * user must hold (checked by MenuGuard) with the sidebar item it highlights.
 */
export type ScreenRoute = {
  path: string;
  screen: () => Promise<ComponentType>;
  /** the menu url this screen belongs to: without it the no-permission dialog shows */
  menu?: string;
  /** the sidebar item to highlight for a detail screen */
  activeMenu?: string;
  loader?: LoaderFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
};

/** The route of a table line: the screen's code downloads when the route is first matched. */
export function screenRoute({ path, screen, menu, activeMenu, loader, shouldRevalidate }: ScreenRoute): RouteObject {
  const handle: RouteHandle | undefined = menu ? { menu, ...(activeMenu ? { activeMenu } : {}) } : undefined;
  return {
    path,
    ...(handle ? { handle } : {}),
    ...(loader ? { loader } : {}),
    ...(shouldRevalidate ? { shouldRevalidate } : {}),
    lazy: async () => ({ Component: await screen() }),
  };
}
