import { useEffect, useState } from 'react';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoleId, userSaveSchema } from '@rehab/shared';
import { FormModal } from '../../components/form-modal';
import { zodRule } from '../../lib/form-rules';
import { currentLocale, localName } from '../../lib/locale';
import { useAdminCandidates, usePlatformRoles, useSaveAdminAccount } from './api';

type Values = {
  organizationId: number;
  mode: 'new' | 'existing';
  name?: string;
  phone?: string;
  email?: string;
  password?: string;
  roleIds?: number[];
  userId?: number;
};

const fields = userSaveSchema.shape;

/**
 * Adds an organization administrator: a new account for the chosen organization (the default password when none is
 * given, other platform roles optional), or a member of that organization promoted.
 */
export function AdminAccountModal({
  open,
  organizations,
  onClose,
}: {
  open: boolean;
  organizations: { value: number; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation('platformAdmin');
  const locale = currentLocale();
  const [form] = Form.useForm<Values>();
  const save = useSaveAdminAccount();
  const mode = Form.useWatch('mode', form);
  const organizationId = Form.useWatch('organizationId', form);
  const [keyword, setKeyword] = useState('');
  const candidates = useAdminCandidates(open && mode === 'existing' ? organizationId : undefined, keyword);
  const roles = usePlatformRoles('adminAccount', open);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ mode: 'new', roleIds: [] });
  }, [open, form]);

  const submit = (v: Values) =>
    save.mutateAsync(
      v.mode === 'new'
        ? {
            mode: 'new',
            organizationId: v.organizationId,
            name: v.name ?? '',
            phone: v.phone ?? '',
            email: v.email || null,
            password: v.password || null,
            roleIds: v.roleIds ?? [],
          }
        : { mode: 'existing', organizationId: v.organizationId, userId: v.userId! },
    );

  return (
    <FormModal<Values>
      open={open}
      title={t('account.add')}
      form={form}
      testId="admin-account"
      pending={save.isPending}
      action={t('account.add')}
      onClose={() => {
        setKeyword('');
        onClose();
      }}
      onSubmit={submit}
    >
      <Form.Item
        name="organizationId"
        label={t('account.columns.organization')}
        rules={[
          { required: true, message: t('common:form.pleaseSelect', { label: t('account.columns.organization') }) },
        ]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          options={organizations}
          placeholder={t('common:form.pleaseSelect', { label: t('account.columns.organization') })}
          onChange={() => form.setFieldValue('userId', undefined)}
          data-testid="admin-account-organization"
        />
      </Form.Item>
      <Form.Item name="mode" label={t('account.mode')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'new', label: t('account.modeNew') },
            { value: 'existing', label: t('account.modeExisting') },
          ]}
          data-testid="admin-account-mode"
        />
      </Form.Item>
      {mode === 'existing' ? (
        <Form.Item
          name="userId"
          label={t('account.member')}
          extra={t('account.memberHint')}
          rules={[{ required: true, message: t('common:form.pleaseSelect', { label: t('account.member') }) }]}
        >
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            disabled={!organizationId}
            loading={candidates.isFetching}
            placeholder={organizationId ? t('account.memberPlaceholder') : t('account.chooseOrganizationFirst')}
            notFoundContent={organizationId ? t('account.noCandidates') : null}
            options={(candidates.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` }))}
            data-testid="admin-account-member"
          />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            name="name"
            label={t('account.columns.name')}
            required
            rules={[zodRule(fields.name, t('account.columns.name'))]}
          >
            <Input maxLength={64} data-testid="admin-account-name" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('account.columns.phone')}
            required
            rules={[zodRule(fields.phone, t('account.columns.phone'))]}
          >
            <Input maxLength={11} data-testid="admin-account-phone" />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('account.columns.email')}
            rules={[zodRule(fields.email, t('account.columns.email'))]}
          >
            <Input maxLength={64} data-testid="admin-account-email" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('account.password')}
            extra={t('account.passwordHint')}
            rules={[zodRule(fields.password, t('account.password'))]}
          >
            <Input.Password maxLength={20} autoComplete="new-password" data-testid="admin-account-password" />
          </Form.Item>
          <Form.Item name="roleIds" label={t('account.otherRoles')} extra={t('account.otherRolesHint')}>
            <Select
              mode="multiple"
              allowClear
              loading={roles.isLoading}
              options={(roles.data ?? [])
                .filter((r) => r.id !== RoleId.orgAdmin)
                .map((r) => ({ value: r.id, label: localName(r, locale) }))}
            />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
