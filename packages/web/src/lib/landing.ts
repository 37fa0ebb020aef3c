import { paths } from './paths';
import { session, type MenuNode } from './session';
import { takeReturnPath } from './session-end';

/**
 * The one screen a menu holds, when it holds exactly one (directories and buttons are not screens). Spec section 4,
 * sign-in step 3: an administrator whose only menu is the signature list (menu 486 of the product this one replaces)
 * lands on it; the same holds for any account given a single screen, which would otherwise land on a home page it
 * may not open.
 */
export function soleScreen(menuList: MenuNode[]): string | null {
  const screens: string[] = [];
  const walk = (nodes: MenuNode[]) => {
    for (const n of nodes) {
      if (n.type === 1 && n.url) screens.push(n.url);
      walk(n.list ?? []);
    }
  };
  walk(menuList);
  return screens.length === 1 ? screens[0]! : null;
}

/**
 * Where a sign-in ends once the organization is chosen and its menu loaded: the page a forced sign-out left (taken
 * once), else the account's only screen, else home.
 */
export function landingPath(): string {
  return takeReturnPath() ?? soleScreen(session.get().menuList) ?? paths.root;
}
