import { useEffect } from 'react';
import { App, Form, InputNumber, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteSettings } from '@rehab/shared';
import { showApiError } from '../../lib/form-errors';
import { useRemoteSettings, useSaveRemoteSettings } from './api';

/**
 * The organization's consultation settings: the department head's approval before a request leaves, how long the
 * receiving side may still read a consultation after it ended, and how long a request waits for an answer.
 */
export function SettingsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('telemedicine');
  const { message } = App.useApp();
  const [form] = Form.useForm<RemoteSettings>();
  const settings = useRemoteSettings();
  const save = useSaveRemoteSettings();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({ body: v });
      message.success(t('done', { action: t('settings.title') }));
      onClose();
    } catch (error) {
      showApiError(error, t('failed'), message.error, form);
    }
  };

  return (
    <Modal open title={t('settings.title')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending}>
      <Form<RemoteSettings> form={form} layout="vertical" data-testid="remote-settings-form">
        <Form.Item
          name="requiresApproval"
          label={t('settings.requiresApproval')}
          valuePropName="checked"
          extra={t('settings.requiresApprovalHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="retentionDays"
          label={t('settings.retentionDays')}
          extra={t('settings.retentionHint')}
          rules={[{ required: true }]}
        >
          <InputNumber min={0} max={3650} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="expiryHours" label={t('settings.expiryHours')} rules={[{ required: true }]}>
          <InputNumber min={1} max={720} precision={0} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
