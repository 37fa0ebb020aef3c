import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches } from 'react-router';
import { currentLocale } from '../../lib/locale';
import { useSession } from '../../lib/session';
import type { RouteHandle } from '../guards';
import { paths } from '../../lib/paths';
import { MenuIcon } from './menu-icons';
import { selectedItem, sidebarItems, type SidebarItem } from './sidebar-items';
import { UserBlock } from './user-block';

type MenuItems = NonNullable<MenuProps['items']>;

const toMenuItems = (items: readonly SidebarItem[]): MenuItems =>
  items.map((item) =>
    item.children
      ? {
          key: item.key,
          icon: <MenuIcon name={item.icon} directory />,
          label: item.label,
          children: toMenuItems(item.children),
        }
      : {
          key: item.key,
          icon: <MenuIcon name={item.icon} />,
          label: item.external ? (
            <a href={item.url!} target="_blank" rel="noreferrer" title={item.label}>
              {item.label}
            </a>
          ) : (
            // the full name on hover, where a long (English) name is cut
            <Link to={item.url!} title={item.label}>
              {item.label}
            </Link>
          ),
        },
  );

/** The sidebar: logo and product name, the user block, and the menus of the session (spec section 2, Shell). */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('shell');
  const { menuList } = useSession();
  const location = useLocation();
  const matches = useMatches();
  const items = useMemo(() => sidebarItems(menuList, currentLocale()), [menuList]);
  const activeMenu = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.activeMenu)?.handle as
    RouteHandle | undefined;
  const selected = selectedItem(items, location.pathname, activeMenu?.activeMenu);
  const [openKeys, setOpenKeys] = useState<string[]>(selected?.parents ?? []);
  const [shownKey, setShownKey] = useState(selected?.key);

  // opening a screen (by a link, a card, the address bar) unfolds the directory that holds it
  if (selected?.key !== shownKey) {
    setShownKey(selected?.key);
    if (selected?.parents.length) setOpenKeys((keys) => Array.from(new Set([...keys, ...selected.parents])));
  }

  return (
    <div className="shell-sidebar">
      <Link to={paths.home} className="shell-brand" aria-label={t('common:appName')}>
        <img src="/logo.svg" alt="" width={32} height={32} />
        {!collapsed && <span className="shell-brand-name">{t('common:appName')}</span>}
      </Link>
      <UserBlock collapsed={collapsed} />
      <nav aria-label={t('sidebar.navigation')}>
        <Menu
          theme="dark"
          mode="inline"
          inlineIndent={16}
          items={toMenuItems(items)}
          selectedKeys={selected ? [selected.key] : []}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        />
      </nav>
    </div>
  );
}
