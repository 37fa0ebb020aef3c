import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { performanceEndpoints, type AchievementTherapistRow } from '@rehab/shared';
import { useEndpointMutation } from '../../lib/endpoints';
import { figure } from './common';

/**
 * A statement line's quality coefficient (考核系数): the figure, and for who may record one in an open month an edit
 * button (the coefficient 0.00-2.00 and a reason). The server keeps every version; the latest counts.
 */
export function QualityCell({
  row,
  month,
  editable,
}: {
  row: AchievementTherapistRow;
  month: string;
  editable: boolean;
}) {
  const { t } = useTranslation('performance');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ coefficient: number; reason?: string }>();
  const save = useEndpointMutation(performanceEndpoints.qualitySave, {
    invalidates: [performanceEndpoints.therapists, performanceEndpoints.qualities],
    onError: (error) => message.error(error.message),
  });
  return (
    <Space size={4}>
      <span data-testid={`perf-quality-${row.staffId}`}>{figure(row.qualityX100)}</span>
      {editable && (
        <Button
          size="small"
          type="text"
          icon={<EditOutlined />}
          aria-label={t('quality.edit')}
          title={t('quality.edit')}
          onClick={() => {
            form.setFieldsValue({ coefficient: row.qualityX100 / 100, reason: undefined });
            setOpen(true);
          }}
          data-testid={`perf-quality-edit-${row.staffId}`}
        />
      )}
      <Modal
        open={open}
        title={t('quality.title', { name: row.staffName, month })}
        onCancel={() => setOpen(false)}
        confirmLoading={save.isPending}
        onOk={async () => {
          const v = await form.validateFields();
          save.mutate(
            { body: { staffId: row.staffId, month, coefficient: v.coefficient, reason: v.reason } },
            { onSuccess: () => setOpen(false) },
          );
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('quality.help')}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item
            name="coefficient"
            label={t('quality.coefficient')}
            rules={[{ required: true, message: t('required') }]}
          >
            <InputNumber
              min={0}
              max={2}
              step={0.01}
              precision={2}
              style={{ width: '100%' }}
              data-testid="perf-quality-input"
            />
          </Form.Item>
          <Form.Item name="reason" label={t('adjustment.reason')}>
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
