import { useEffect } from 'react';
import { App, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { releaseNoteSchema, versionTextSchema, type VersionRow } from '@rehab/shared';
import { ApiError } from '../../../lib/api';
import { zodRule } from '../../../lib/form-rules';
import { useSaveVersion } from '../api/versions';

type Props = { row: VersionRow | null; open: boolean; onClose: () => void };
type Values = { version: string; releaseNote: string; releaseNoteEn?: string; isCurrent: boolean };
const FIELDS = ['version', 'releaseNote', 'releaseNoteEn', 'isCurrent'];

/** Adds or edits a version; the rules are the shared schema's, so the form refuses what the server refuses. */
export function VersionFormModal({ row, open, onClose }: Props) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveVersion();
  const action = row ? t('version.edit') : t('version.add');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            version: row.version,
            releaseNote: row.releaseNote,
            releaseNoteEn: row.releaseNoteEn,
            isCurrent: row.isCurrent,
          }
        : { isCurrent: false },
    );
  }, [open, row, form]);

  const handleOk = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync({ ...values, releaseNoteEn: values.releaseNoteEn ?? '', ...(row ? { id: row.id } : {}) });
      message.success(t('common:status.success', { action }));
      onClose();
    } catch (error) {
      const msg = error instanceof ApiError ? error.message : '';
      if (error instanceof ApiError && error.field && FIELDS.includes(error.field)) {
        form.setFields([{ name: error.field as keyof Values, errors: [msg] }]);
      }
      message.error(msg || t('common:status.failure', { action }));
    }
  };

  return (
    <Modal
      open={open}
      title={action}
      width={600}
      onOk={handleOk}
      onCancel={onClose}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'version-save' } as never}
      forceRender
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical" data-testid="version-form" requiredMark>
        <Form.Item
          name="version"
          label={t('version.columns.version')}
          required
          rules={[zodRule(versionTextSchema, t('version.columns.version'))]}
          extra={t('version.versionHint')}
        >
          <Input maxLength={32} placeholder="1.2.0" data-testid="version-input" />
        </Form.Item>
        <Form.Item
          name="releaseNote"
          label={t('version.columns.releaseNote')}
          required
          rules={[zodRule(releaseNoteSchema.min(1), t('version.columns.releaseNote'))]}
        >
          <Input.TextArea rows={4} maxLength={2000} showCount data-testid="version-note" />
        </Form.Item>
        <Form.Item
          name="releaseNoteEn"
          label={t('version.columns.releaseNoteEn')}
          rules={[zodRule(releaseNoteSchema.optional(), t('version.columns.releaseNoteEn'))]}
        >
          <Input.TextArea rows={4} maxLength={2000} showCount data-testid="version-note-en" />
        </Form.Item>
        <Form.Item name="isCurrent" label={t('version.columns.isCurrent')} valuePropName="checked">
          <Switch data-testid="version-current" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
