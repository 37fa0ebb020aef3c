import { useEffect } from 'react';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLATFORM_NOTICE_LIMITS, platformNoticeSendSchema } from '@rehab/shared';
import { FormModal } from '../../components/form-modal';
import { zodRule } from '../../lib/form-rules';
import { currentLocale, localName } from '../../lib/locale';
import { useOrganizationOptions } from '../../lib/queries/organization-options';
import { RichTextEditor, editorText } from '../../components/rich-text/rich-text-editor';
import { usePlatformRoles, useSendPlatformNotice } from './api';

type Values = {
  title: string;
  content: string;
  target: 'all' | 'chosen';
  organizationIds?: number[];
  roleIds?: number[];
};

/** Writes and sends a platform notice: title, rich-text body, every organization or chosen ones, optional roles. */
export function NoticeSendModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('platformAdmin');
  const locale = currentLocale();
  const [form] = Form.useForm<Values>();
  const send = useSendPlatformNotice();
  const organizations = useOrganizationOptions();
  const roles = usePlatformRoles('operationMessage', open);
  const target = Form.useWatch('target', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ target: 'chosen', organizationIds: [], roleIds: [], content: '' });
  }, [open, form]);

  return (
    <FormModal<Values>
      open={open}
      title={t('notice.send')}
      width={720}
      form={form}
      testId="notice"
      pending={send.isPending}
      action={t('notice.send')}
      okText={t('notice.sendNow')}
      onClose={onClose}
      onSubmit={(v) =>
        send.mutateAsync({
          title: v.title,
          content: v.content,
          targetAll: v.target === 'all',
          organizationIds: v.target === 'all' ? [] : (v.organizationIds ?? []),
          roleIds: v.roleIds ?? [],
        })
      }
    >
      <Form.Item
        name="title"
        label={t('notice.columns.title')}
        required
        validateFirst
        rules={[zodRule(platformNoticeSendSchema.shape.title, t('notice.columns.title'))]}
      >
        <Input maxLength={PLATFORM_NOTICE_LIMITS.titleMax} showCount data-testid="notice-title" />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('notice.content')}
        required
        rules={[
          {
            validator: async (_r, v: string | undefined) => {
              if (!v || !editorText(v)) throw new Error(t('notice.contentRequired'));
              if (v.length > PLATFORM_NOTICE_LIMITS.contentMax) throw new Error(t('notice.contentTooLong'));
            },
          },
        ]}
      >
        <RichTextEditor placeholder={t('notice.contentPlaceholder')} />
      </Form.Item>
      <Form.Item name="target" label={t('notice.columns.targets')}>
        <Radio.Group
          options={[
            { value: 'chosen', label: t('notice.chosenOrganizations') },
            { value: 'all', label: t('notice.allOrganizations') },
          ]}
          data-testid="notice-target"
        />
      </Form.Item>
      {target !== 'all' && (
        <Form.Item
          name="organizationIds"
          label={t('notice.organizations')}
          rules={[{ required: true, type: 'array', min: 1, message: t('notice.organizationsRequired') }]}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            maxTagCount="responsive"
            loading={organizations.isLoading}
            options={(organizations.data ?? []).map((o) => ({ value: o.id, label: localName(o, locale) }))}
            data-testid="notice-organizations"
          />
        </Form.Item>
      )}
      <Form.Item name="roleIds" label={t('notice.roles')} extra={t('notice.rolesHint')}>
        <Select
          mode="multiple"
          allowClear
          loading={roles.isLoading}
          placeholder={t('notice.allRoles')}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: localName(r, locale) }))}
          data-testid="notice-roles"
        />
      </Form.Item>
    </FormModal>
  );
}
