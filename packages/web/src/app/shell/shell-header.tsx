import { Avatar, Button, Dropdown, Layout, Tooltip, type MenuProps } from 'antd';
import {
  ApartmentOutlined,
  DownOutlined,
  GlobalOutlined,
  LockOutlined,
  LogoutOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOCALES, organizationsEndpoints, type Locale } from '@rehab/shared';
import { useEndpointQuery } from '../../lib/endpoints';
import { currentLocale, localName, switchLocale } from '../../lib/locale';
import { useProductEnabled, useSession } from '../../lib/session';
import { logout } from '../../lib/logout';
import { href, paths } from '../../lib/paths';
import { orgTitle } from './org-title';
import { initialOf } from './user-block';
import { MessageBanner, MessageBell } from './message-notice';
import { PostClockIn } from './post-clock-in';

/** Whether the user has another organization to switch to (asks for two rows: a second one is enough to know). */
function useHasOtherOrganization() {
  const { token } = useSession();
  return useEndpointQuery(
    organizationsEndpoints.chooseList,
    { query: { page: 1, limit: 2 } },
    { select: (r) => r.data.totalCount > 1, enabled: Boolean(token), staleTime: 10 * 60_000 },
  );
}

function OrganizationTitle({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { organization, office, offices } = useSession();
  const otherOrganization = useHasOtherOrganization();
  const locale = currentLocale();
  if (!organization) return null;
  const full = localName(organization, locale);
  const title = orgTitle(full, collapsed);
  const canSwitch = offices.length > 1 || otherOrganization.data === true;
  return (
    <div className="shell-org">
      <Tooltip title={title.cut ? full : undefined}>
        <span className="shell-org-title" data-testid="org-title">
          {title.text}
        </span>
      </Tooltip>
      <span className="shell-office" data-testid="office-name">
        <ApartmentOutlined /> {office ? localName(office, locale) : t('header.noOffice')}
      </span>
      {canSwitch && (
        <Button type="link" size="small" icon={<SwapOutlined />} onClick={() => navigate(paths.checkout)}>
          {t('header.switchOrganization')}
        </Button>
      )}
    </div>
  );
}

function LanguageSwitch() {
  const { t } = useTranslation('shell');
  const locale = currentLocale();
  const items: MenuProps['items'] = LOCALES.map((l) => ({ key: l, label: t(`common:language.${l}`) }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [locale],
        onClick: ({ key }) => {
          if (key !== locale) switchLocale(key as Locale);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        // the name holds the visible language name (WCAG 2.5.3), after what the button is for
        aria-label={t('common:language.current', { name: t(`common:language.${locale}`) })}
        data-testid="language-switch"
      >
        {t(`common:language.${locale}`)}
      </Button>
    </Dropdown>
  );
}

function UserMenu() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { user } = useSession();
  const items: MenuProps['items'] = [
    { key: 'myCenter', icon: <UserOutlined />, label: t('userMenu.myCenter') },
    { key: 'changePassword', icon: <LockOutlined />, label: t('userMenu.changePassword') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('userMenu.logout'), danger: true },
  ];
  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'myCenter') navigate(paths.myCenter);
    else if (key === 'changePassword') navigate(href(paths.myCenter, {}, { tab: 'password' }));
    else if (key === 'logout') void logout();
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: handleClick }}>
      <Button type="text" className="shell-user-menu" data-testid="user-menu">
        <Avatar size="small" className="shell-user-avatar">
          {initialOf(user?.name)}
        </Avatar>
        <span className="shell-user-menu-name">{user?.name}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/**
 * The header: organization and department with the switch, the new-message banner, the language switch and the user
 * menu.
 */
export function ShellHeader({ collapsed }: { collapsed: boolean }) {
  // the bell, the banner and the live channel belong to the messages module, which an organization can switch off
  const messagesOn = useProductEnabled('messages');
  return (
    <Layout.Header className="shell-header">
      <OrganizationTitle collapsed={collapsed} />
      {messagesOn && <MessageBanner />}
      <div className="shell-header-actions">
        <PostClockIn />
        {messagesOn && <MessageBell />}
        <LanguageSwitch />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
