import { Avatar, Card, Descriptions, Divider, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale, localName } from '../../../lib/locale';
import { roleName, type UserInfo } from '../api/user-info';
import { VersionInfo } from './version-info';

/** Who is signed in: name, roles, contact, organization, department; and the product version. */
export function UserSummary({ info }: { info: UserInfo }) {
  const { t } = useTranslation('profile');
  const locale = currentLocale();
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card className="profile-summary" data-testid="profile-summary">
      <div className="profile-summary-head">
        <Avatar size={72} className="profile-avatar">
          {Array.from(info.name)[0] ?? '?'}
        </Avatar>
        <div className="profile-summary-name">{info.name}</div>
        <div className="profile-summary-roles">
          {info.roles.map((r) => (
            <Tag key={r.roleId} color="blue">
              {roleName(r, locale)}
            </Tag>
          ))}
        </div>
      </div>
      <Descriptions
        column={1}
        size="small"
        colon={false}
        className="profile-summary-details"
        items={[
          { key: 'phone', label: t('fields.phone'), children: info.phone },
          { key: 'email', label: t('fields.email'), children: info.email || t('summary.notSet') },
          {
            key: 'organization',
            label: t('summary.organization'),
            children: info.organization ? localName(info.organization, locale) : t('summary.notSet'),
          },
          {
            key: 'office',
            label: t('summary.office'),
            children: info.office ? localName(info.office, locale) : t('summary.notSet'),
          },
          {
            key: 'keepLogin',
            label: t('fields.keepLogin'),
            children: info.keepLogin ? t('summary.on') : t('summary.off'),
          },
          {
            key: 'passwordChangedAt',
            label: t('summary.passwordChangedAt'),
            children: info.passwordChangedAt
              ? dateFormat.format(new Date(info.passwordChangedAt))
              : t('summary.neverChanged'),
          },
        ]}
      />
      <Divider className="profile-divider" />
      <VersionInfo />
    </Card>
  );
}
