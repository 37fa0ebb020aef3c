import { useState } from 'react';
import { Alert, App, Empty, Modal, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrganizationNode } from '@rehab/shared';
import { currentLocale, localName } from '../../../lib/locale';
import { useRelations, useSaveRelations } from '../api/organizations';
import { showApiError } from '../../../lib/form-errors';

/** The related organizations of one (relationOrganization list and save); read-only without the save permission. */
export function RelationsModal({
  organization,
  organizations,
  editable,
  onClose,
}: {
  organization: OrganizationNode | null;
  organizations: OrganizationNode[];
  editable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const locale = currentLocale();
  const relations = useRelations(organization?.id ?? null);
  const save = useSaveRelations();
  // the user's choice, else what is stored
  const [choice, setChoice] = useState<{ organizationId: number; ids: number[] } | null>(null);
  const selected =
    choice && choice.organizationId === organization?.id ? choice.ids : (relations.data ?? []).map((o) => o.id);
  const setSelected = (ids: number[]) => setChoice({ organizationId: organization!.id, ids });
  const close = () => {
    setChoice(null);
    onClose();
  };

  const handleOk = async () => {
    if (!editable) return close();
    const action = t('org.relations');
    try {
      await save.mutateAsync({ organizationId: organization!.id, relatedIds: selected });
      message.success(t('common:status.success', { action }));
      close();
    } catch (error) {
      showApiError(error, t('common:status.failure', { action }), message.error);
    }
  };

  return (
    <Modal
      open={organization !== null}
      title={organization ? t('org.relationsTitle', { name: localName(organization, locale) }) : ''}
      onOk={handleOk}
      onCancel={close}
      okText={editable ? t('common:action.save') : t('common:action.close')}
      cancelText={t('common:action.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'org-relations-save' } as never}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('org.relationsHint')}</Typography.Text>
        {relations.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
        {editable ? (
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            value={selected}
            onChange={setSelected}
            options={organizations
              .filter((o) => o.id !== organization?.id)
              .map((o) => ({ value: o.id, label: localName(o, locale) }))}
            data-testid="org-relations-select"
          />
        ) : relations.data?.length ? (
          <Space wrap>
            {relations.data.map((o) => (
              <Tag key={o.id}>{localName(o, locale)}</Tag>
            ))}
          </Space>
        ) : (
          <Empty description={t('org.noRelations')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Space>
    </Modal>
  );
}
