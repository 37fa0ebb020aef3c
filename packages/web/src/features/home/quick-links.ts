import type { Locale } from '@rehab/shared';
import { localName } from '../../lib/locale';
import type { MenuNode } from '../../lib/session';

export type QuickLink = { url: string; label: string };

/** The quick access shows the first few screens; the sidebar has them all. */
export const QUICK_LINK_LIMIT = 10;

/**
 * Screens of the user's menu tree for the home page's quick access: menus with an address (not directories, not
 * buttons, not the home screen itself, not external addresses), in sidebar order, at most `limit` of them.
 */
export function quickLinks(
  menuList: readonly MenuNode[],
  locale: Locale,
  exclude: readonly string[] = [],
  limit = QUICK_LINK_LIMIT,
): QuickLink[] {
  const out: QuickLink[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const n of [...nodes].sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId)) {
      if (n.type === 1 && n.url && !/^https?:/i.test(n.url)) {
        const url = `/${n.url.replace(/^\/+/, '')}`;
        if (!exclude.includes(url)) out.push({ url, label: localName(n, locale) });
      }
      walk(n.list ?? []);
    }
  };
  walk(menuList);
  return out.slice(0, limit);
}
