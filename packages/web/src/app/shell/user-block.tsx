import { Avatar, Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../lib/locale';
import { useSession } from '../../lib/session';
import { roleName, useUserInfo } from '../../features/profile/api/user-info';

/** The first character of a name, for the avatar. */
export const initialOf = (name: string | undefined) => Array.from(name?.trim() ?? '')[0] ?? '?';

/** User name with the role names in the current language under it (spec section 2, Shell). */
export function UserBlock({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const info = useUserInfo();
  const locale = currentLocale();
  const name = info.data?.name ?? user?.name ?? '';
  const roles = info.data?.roles.map((r) => roleName(r, locale)).join(t('sidebar.roleSeparator')) ?? '';
  const avatar = (
    <Avatar size={collapsed ? 36 : 44} className="shell-user-avatar">
      {initialOf(name)}
    </Avatar>
  );
  if (collapsed) {
    return (
      <div className="shell-user shell-user-collapsed">
        <Tooltip placement="right" title={roles ? `${name} · ${roles}` : name}>
          {avatar}
        </Tooltip>
      </div>
    );
  }
  return (
    <div className="shell-user" data-testid="user-block">
      {avatar}
      <div className="shell-user-text">
        <div className="shell-user-name" title={name}>
          {name}
        </div>
        {info.isPending ? (
          <Skeleton.Input active size="small" className="shell-user-role-skeleton" />
        ) : (
          <div className="shell-user-role" title={roles} data-testid="user-role">
            {info.isError ? '' : roles || t('sidebar.noRole')}
          </div>
        )}
      </div>
    </div>
  );
}
