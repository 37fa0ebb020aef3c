import { useEffect } from 'react';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { versionSaveSchema, type VersionRow } from '@rehab/shared';
import { FormModal } from '../../../components/form-modal';
import { schemaField } from '../../../lib/form-rules';
import { useSaveVersion } from '../api/versions';

type Props = { row: VersionRow | null; open: boolean; onClose: () => void };
type Values = { version: string; releaseNote: string; releaseNoteEn?: string; isCurrent: boolean };

/** Adds or edits a version; the rules are the shared schema's, so the form refuses what the server refuses. */
export function VersionFormModal({ row, open, onClose }: Props) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<Values>();
  const save = useSaveVersion();
  const action = row ? t('version.edit') : t('version.add');
  // required, the longest length and the rule come from the shared schema the server checks
  const version = schemaField(versionSaveSchema, 'version', t('version.columns.version'));
  const note = schemaField(versionSaveSchema, 'releaseNote', t('version.columns.releaseNote'));
  const noteEn = schemaField(versionSaveSchema, 'releaseNoteEn', t('version.columns.releaseNoteEn'));

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

  return (
    <FormModal
      open={open}
      title={action}
      form={form}
      testId="version"
      pending={save.isPending}
      action={action}
      onClose={onClose}
      onSubmit={(values) =>
        save.mutateAsync({ ...values, releaseNoteEn: values.releaseNoteEn ?? '', ...(row ? { id: row.id } : {}) })
      }
    >
      <Form.Item
        name="version"
        label={t('version.columns.version')}
        required={version.required}
        rules={version.rules}
        extra={t('version.versionHint')}
      >
        <Input maxLength={version.maxLength} placeholder="1.2.0" data-testid="version-input" />
      </Form.Item>
      <Form.Item
        name="releaseNote"
        label={t('version.columns.releaseNote')}
        required={note.required}
        rules={note.rules}
      >
        <Input.TextArea rows={4} maxLength={note.maxLength} showCount data-testid="version-note" />
      </Form.Item>
      <Form.Item name="releaseNoteEn" label={t('version.columns.releaseNoteEn')} rules={noteEn.rules}>
        <Input.TextArea rows={4} maxLength={noteEn.maxLength} showCount data-testid="version-note-en" />
      </Form.Item>
      <Form.Item name="isCurrent" label={t('version.columns.isCurrent')} valuePropName="checked">
        <Switch data-testid="version-current" />
      </Form.Item>
    </FormModal>
  );
}
