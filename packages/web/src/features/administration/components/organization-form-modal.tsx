import { useEffect } from 'react';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { organizationSaveSchema, type OrganizationNode } from '@rehab/shared';
import { zodRule } from '../../../lib/form-rules';
import { currentLocale, localName } from '../../../lib/locale';
import { useSaveOrganization } from '../api/organizations';
import { FormModal } from '../../../components/form-modal';

export type OrganizationFormTarget = { organization?: OrganizationNode; parentId?: number };
type Values = {
  name: string;
  nameEn?: string;
  parentId?: number | null;
  contactName?: string;
  contactPhone?: string;
  address?: string;
  enabled: boolean;
};

const shape = organizationSaveSchema.shape;

/** Adds (optionally under a parent) or edits an organization. */
export function OrganizationFormModal({
  target,
  organizations,
  onClose,
}: {
  target: OrganizationFormTarget | null;
  organizations: OrganizationNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const [form] = Form.useForm<Values>();
  const save = useSaveOrganization();
  const editing = target?.organization;
  const action = editing ? t('org.edit') : t('org.add');

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    const o = target.organization;
    form.setFieldsValue(
      o
        ? {
            name: o.name,
            nameEn: o.nameLang.en ?? '',
            parentId: o.parentId,
            contactName: o.contactName ?? '',
            contactPhone: o.contactPhone ?? '',
            address: o.address ?? '',
            enabled: o.status === 1,
          }
        : { parentId: target.parentId ?? null, enabled: true },
    );
  }, [target, form]);

  return (
    <FormModal
      open={target !== null}
      title={action}
      width={640}
      form={form}
      testId="org"
      pending={save.isPending}
      action={action}
      onClose={onClose}
      onSubmit={(values) => {
        const { enabled, ...rest } = values;
        return save.mutateAsync({ ...(editing ? { id: editing.id } : {}), ...rest, status: enabled ? 1 : 0 });
      }}
    >
      <div className="admin-form-grid">
        <Form.Item name="name" label={t('org.name')} required rules={[zodRule(shape.name, t('org.name'))]}>
          <Input maxLength={50} data-testid="org-name" />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('nameEn')}
          rules={[zodRule(shape.nameEn, t('nameEn'))]}
          tooltip={t('nameEnHint')}
        >
          <Input maxLength={100} data-testid="org-name-en" />
        </Form.Item>
        <Form.Item name="parentId" label={t('org.parent')}>
          <Select
            allowClear
            options={organizations
              .filter((o) => o.id !== editing?.id)
              .map((o) => ({ value: o.id, label: localName(o, locale) }))}
            data-testid="org-parent"
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('org.status')} valuePropName="checked">
          <Switch checkedChildren={t('enabled')} unCheckedChildren={t('disabled')} />
        </Form.Item>
        <Form.Item
          name="contactName"
          label={t('org.contactName')}
          rules={[zodRule(shape.contactName, t('org.contactName'))]}
        >
          <Input maxLength={21} />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label={t('org.contactPhone')}
          rules={[zodRule(shape.contactPhone, t('org.contactPhone'))]}
        >
          <Input maxLength={20} data-testid="org-phone" />
        </Form.Item>
      </div>
      <Form.Item name="address" label={t('org.address')} rules={[zodRule(shape.address, t('org.address'))]}>
        <Input.TextArea maxLength={60} showCount rows={2} />
      </Form.Item>
    </FormModal>
  );
}
