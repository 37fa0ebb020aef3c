import type { Locale } from '@rehab/shared';
import { localName } from '../../lib/locale';
import type { MenuNode } from '../../lib/session';

/** Menu item types of the menu tree (administration: directory, menu, button). */
export const MenuType = { directory: 0, menu: 1, button: 2 } as const;

export type SidebarItem = {
  /** the screen path for a menu, `dir:<menuId>` for a directory */
  key: string;
  label: string;
  icon: string | null;
  /** screen path (always with a leading slash) or an external address */
  url: string | null;
  external: boolean;
  children?: SidebarItem[];
};

const isExternal = (url: string) => /^https?:\/\//i.test(url);
const normalizeUrl = (url: string) =>
  isExternal(url) ? url : `/${url.replace(/^\/+/, '')}`.replace(/\/+$/, '') || '/';

/**
 * The sidebar from the menu tree the server sent (it holds only what the user may open): directories become
 * submenus, menus become items, buttons are permissions and do not show. Sorted by orderNum; a directory left
 * without items is dropped; a menu without an address cannot be opened and is dropped too.
 */
export function sidebarItems(menuList: readonly MenuNode[], locale: Locale): SidebarItem[] {
  const build = (nodes: readonly MenuNode[]): SidebarItem[] =>
    [...nodes]
      .filter((n) => n.type !== MenuType.button)
      .sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId)
      .flatMap((n): SidebarItem[] => {
        const label = localName(n, locale);
        const children = build(n.list ?? []);
        if (n.type === MenuType.directory || (children.length > 0 && !n.url)) {
          return children.length
            ? [{ key: `dir:${n.menuId}`, label, icon: n.icon, url: null, external: false, children }]
            : [];
        }
        if (!n.url) return [];
        const url = normalizeUrl(n.url);
        return [{ key: url, label, icon: n.icon, url, external: isExternal(url) }];
      });
  return build(menuList);
}

const flatten = (items: readonly SidebarItem[], parents: string[] = []): { item: SidebarItem; parents: string[] }[] =>
  items.flatMap((item) => (item.children ? flatten(item.children, [...parents, item.key]) : [{ item, parents }]));

/**
 * The sidebar item to highlight: the route's `activeMenu` hint when it names an item (a detail screen shows its
 * list as current), else the item whose address is the longest prefix of the current path at a segment boundary.
 */
export function selectedItem(
  items: readonly SidebarItem[],
  pathname: string,
  activeMenu?: string,
): { key: string; parents: string[] } | null {
  const all = flatten(items).filter(({ item }) => !item.external);
  if (activeMenu) {
    const hit = all.find(({ item }) => item.url === normalizeUrl(activeMenu));
    if (hit) return { key: hit.item.key, parents: hit.parents };
  }
  const path = normalizeUrl(pathname);
  let best: { key: string; parents: string[]; length: number } | null = null;
  for (const { item, parents } of all) {
    const url = item.url!;
    const matches = path === url || path.startsWith(url === '/' ? '/' : `${url}/`);
    if (matches && (!best || url.length > best.length)) best = { key: item.key, parents, length: url.length };
  }
  return best && { key: best.key, parents: best.parents };
}

/** The first screen of the sidebar (where to go when the current one may not be opened), or null. */
export function firstScreen(items: readonly SidebarItem[]): string | null {
  return flatten(items).find(({ item }) => !item.external)?.item.url ?? null;
}
