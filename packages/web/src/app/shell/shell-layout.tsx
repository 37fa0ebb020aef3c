import { useState, type MouseEvent } from 'react';
import { Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { BreakBanner } from '../../features/break/components/break-banner';
import { useScrollableTables } from './scrollable-tables';
import { SessionTimeoutDialog } from './session-timeout-dialog';
import { ShellFooter } from './shell-footer';
import { ShellHeader } from './shell-header';
import { Sidebar } from './sidebar';
import { useMediaQuery } from './use-media-query';
import './shell.css';

/** Spec section 9: the sidebar collapses by itself at a window width of 1024 px or less. */
export const NARROW_QUERY = '(max-width: 1024px)';

const MAIN_CONTENT_ID = 'main-content';

/** The skip link moves the focus to the content itself (a fragment change would go through the router). */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

/** The frame around every screen but login, reset and checkout: sidebar, header, content, footer, dialogs. */
export function ShellLayout() {
  const { t } = useTranslation('shell');
  const narrow = useMediaQuery(NARROW_QUERY);
  const [collapsed, setCollapsed] = useState(narrow);
  const [wasNarrow, setWasNarrow] = useState(narrow);
  // the next screen is still loading (its code or data): the old one stays, marked busy for assistive technology
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useScrollableTables(t('scrollableTable'));

  // crossing the width limit decides anew; in between the toggle decides
  if (narrow !== wasNarrow) {
    setWasNarrow(narrow);
    setCollapsed(narrow);
  }

  return (
    <Layout className="shell">
      <a className="shell-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
        {t('skipToContent')}
      </a>
      <Layout.Sider
        className="shell-sider"
        width={224}
        collapsedWidth={72}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        trigger={
          <span
            className="shell-sider-trigger"
            aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
            data-testid="sider-toggle"
          >
            {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          </span>
        }
      >
        <Sidebar collapsed={collapsed} />
      </Layout.Sider>
      <Layout className="shell-main">
        <ShellHeader collapsed={collapsed} />
        <BreakBanner />
        <Layout.Content
          className="shell-content"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          aria-busy={navigation.state !== 'idle'}
          data-path={pathname}
        >
          <Outlet />
        </Layout.Content>
        <ShellFooter />
      </Layout>
      <SessionTimeoutDialog />
    </Layout>
  );
}
