import { useEffect } from 'react';
import { DatePicker, Form, Input, InputNumber, Select, Space, Switch, Button } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MONITOR_KINDS, monitorSaveSchema, type MonitorKind, type MonitorRow } from '@rehab/shared';
import { FormModal } from '../../components/form-modal';
import { schemaField } from '../../lib/form-rules';
import { useRecipients, useSaveMonitor, useUpdateMonitor } from './api';

type Props = { row: MonitorRow | null; open: boolean; onClose: () => void };
type Values = {
  name: string;
  kind: MonitorKind;
  target?: string;
  intervalSec: number;
  graceSec: number;
  retries: number;
  resendMinutes: number;
  notifyUserIds: number[];
  maintenance: { range: [Dayjs, Dayjs] }[];
  enabled: boolean;
};

/** Adds or changes a monitor: what to watch, its timing, who is told and its maintenance windows. */
export function MonitorFormModal({ row, open, onClose }: Props) {
  const { t } = useTranslation('heartbeat');
  const [form] = Form.useForm<Values>();
  const save = useSaveMonitor();
  const update = useUpdateMonitor();
  const recipients = useRecipients(open);
  const kind = Form.useWatch('kind', form);
  const action = row ? t('edit') : t('add');
  const name = schemaField(monitorSaveSchema, 'name', t('col.name'));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            ...row,
            target: row.target ?? undefined,
            maintenance: row.maintenance.map((w) => ({ range: [dayjs(w.from), dayjs(w.to)] as [Dayjs, Dayjs] })),
          }
        : {
            kind: 'push',
            intervalSec: 60,
            graceSec: 30,
            retries: 1,
            resendMinutes: 0,
            notifyUserIds: [],
            maintenance: [],
            enabled: true,
          },
    );
  }, [open, row, form]);

  const submit = async (v: Values) => {
    const body = {
      ...v,
      target: v.kind === 'push' ? null : (v.target ?? '').trim(),
      maintenance: (v.maintenance ?? []).map((w) => ({ from: w.range[0].format(), to: w.range[1].format() })),
    };
    return row ? update.mutateAsync({ body: { id: row.id, ...body } }) : save.mutateAsync({ body });
  };

  return (
    <FormModal
      open={open}
      title={action}
      form={form}
      testId="monitor"
      pending={save.isPending || update.isPending}
      action={action}
      onClose={onClose}
      onSubmit={submit}
      width={640}
    >
      <Form.Item name="name" label={t('col.name')} required={name.required} rules={name.rules}>
        <Input maxLength={name.maxLength} data-testid="monitor-name" />
      </Form.Item>
      <Form.Item name="kind" label={t('col.kind')} extra={kind ? t(`kindHint.${kind}`) : undefined}>
        <Select data-testid="monitor-kind" options={MONITOR_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
      </Form.Item>
      {kind && kind !== 'push' && (
        <Form.Item
          name="target"
          label={t(`targetLabel.${kind}`)}
          rules={[{ required: true, whitespace: true, message: t('targetRequired') }]}
        >
          <Input maxLength={200} placeholder={t(`targetPlaceholder.${kind}`)} data-testid="monitor-target" />
        </Form.Item>
      )}
      <Space wrap size="middle">
        <Form.Item name="intervalSec" label={t('col.interval')}>
          <InputNumber min={10} max={86_400} addonAfter={t('sec')} data-testid="monitor-interval" />
        </Form.Item>
        {(kind === 'push' || kind === 'derived') && (
          <Form.Item name="graceSec" label={t('col.grace')}>
            <InputNumber min={0} max={86_400} addonAfter={t('sec')} />
          </Form.Item>
        )}
        <Form.Item name="retries" label={t('col.retries')}>
          <InputNumber min={0} max={10} data-testid="monitor-retries" />
        </Form.Item>
        <Form.Item name="resendMinutes" label={t('col.resend')} tooltip={t('resendHint')}>
          <InputNumber min={0} max={1440} addonAfter={t('min')} />
        </Form.Item>
      </Space>
      <Form.Item name="notifyUserIds" label={t('col.notify')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          loading={recipients.isLoading}
          options={(recipients.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
          data-testid="monitor-notify"
        />
      </Form.Item>
      <Form.List name="maintenance">
        {(fields, { add, remove }) => (
          <Form.Item label={t('col.maintenance')} extra={t('maintenanceHint')}>
            {fields.map((f) => (
              <Space key={f.key} align="baseline">
                <Form.Item name={[f.name, 'range']} rules={[{ required: true, message: t('windowRequired') }]}>
                  <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
                </Form.Item>
                <MinusCircleOutlined onClick={() => remove(f.name)} aria-label={t('removeWindow')} />
              </Space>
            ))}
            {fields.length < 10 && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()} data-testid="monitor-add-window">
                {t('addWindow')}
              </Button>
            )}
          </Form.Item>
        )}
      </Form.List>
      <Form.Item name="enabled" label={t('col.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
