import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale, localName } from '../../../lib/locale';
import type { SelectableOrganization } from '../api/organizations';
import styles from '../checkout.module.css';

type Props = {
  organization: SelectableOrganization | null;
  officeId: number | null;
  entering: boolean;
  onSelect: (officeId: number) => void;
  onEnter: (officeId: number) => void;
  onCancel: () => void;
};

/** Step two of checkout: the department to work in, when the user has several in the chosen organization. */
export function OfficeDialog({ organization, officeId, entering, onSelect, onEnter, onCancel }: Props) {
  const { t } = useTranslation('org');
  const locale = currentLocale();

  return (
    <Modal
      open={organization !== null}
      title={t('office.title')}
      okText={t('office.enter')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ disabled: officeId === null, loading: entering }}
      onOk={() => officeId !== null && onEnter(officeId)}
      onCancel={onCancel}
      width={520}
      destroyOnHidden
    >
      {organization && (
        <>
          <p style={{ margin: '0 0 12px', color: 'rgba(0,0,0,0.55)' }}>
            {t('office.prompt', { organization: localName(organization, locale) })}
          </p>
          <div className={styles.offices} role="radiogroup" aria-label={t('office.title')}>
            {organization.offices.map((office) => (
              <button
                key={office.id}
                type="button"
                role="radio"
                aria-checked={office.id === officeId}
                className={styles.office}
                onClick={() => onSelect(office.id)}
                onDoubleClick={() => onEnter(office.id)}
              >
                <span className={styles.radio} aria-hidden="true" />
                <span>{localName(office, locale)}</span>
              </button>
            ))}
          </div>
        </>
      )}
    </Modal>
  );
}
