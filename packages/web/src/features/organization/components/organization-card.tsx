import { RightOutlined } from '@ant-design/icons';
import { Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale, localName } from '../../../lib/locale';
import type { SelectableOrganization } from '../api/organizations';
import styles from '../checkout.module.css';

const COLORS = ['#1677ff', '#13a8a8', '#722ed1', '#fa8c16', '#eb2f96', '#52c41a'];

type Props = {
  organization: SelectableOrganization;
  current: boolean;
  entering: boolean;
  disabled: boolean;
  onChoose: (organization: SelectableOrganization) => void;
};

/** One organization of the checkout screen: its name in the current language, departments, CA and current flags. */
export function OrganizationCard({ organization, current, entering, disabled, onChoose }: Props) {
  const { t } = useTranslation('org');
  const locale = currentLocale();
  const name = localName(organization, locale);
  const offices = organization.offices.map((o) => localName(o, locale));
  return (
    <button
      type="button"
      className={styles.card}
      aria-current={current}
      disabled={disabled}
      onClick={() => onChoose(organization)}
      data-organization-id={organization.id}
    >
      <span
        className={styles.avatar}
        style={{ background: COLORS[organization.id % COLORS.length] }}
        aria-hidden="true"
      >
        {Array.from(name)[0]}
      </span>
      <span className={styles.cardBody}>
        <span className={styles.cardName}>{name}</span>
        <span className={styles.cardMeta} title={offices.join(t('listSeparator'))}>
          {offices.length === 0
            ? t('card.noOffice')
            : t('card.offices', { count: offices.length, names: offices.join(t('listSeparator')) })}
        </span>
        {(current || organization.config.caIntegration) && (
          <span className={styles.tags}>
            {current && <Tag color="success">{t('card.current')}</Tag>}
            {organization.config.caIntegration && (
              <Tag color="processing" title={t('card.caHint')}>
                {t('card.ca')}
              </Tag>
            )}
          </span>
        )}
      </span>
      {entering ? <Spin size="small" /> : <RightOutlined className={styles.chevron} aria-hidden />}
    </button>
  );
}
