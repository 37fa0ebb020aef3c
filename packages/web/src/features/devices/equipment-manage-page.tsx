import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_TYPES,
  DevicePerm,
  devicesEndpoints,
  entityByName,
  entityEndpoints,
  officesEndpoints,
  type DeviceRow,
  type DeviceSave,
  type DeviceSettings,
} from '@rehab/shared';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';
import { usePermission } from '../../lib/session';
import { StateTag, timeText } from './common';

type Editing = { id?: number; values: Partial<DeviceSave> } | null;

/**
 * The device registry (/maintainSystem/equipment-manage): the organization's devices on its equipment master data,
 * register and edit them, make a new token (shown once), the registration key for self-registering devices and the
 * settings (retention, silent-session limit, inactivity timeout per type, with the detection delay they give).
 */
export function EquipmentManagePage() {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const can = usePermission();
  const list = useEndpointQuery(devicesEndpoints.list, {}, { select: (r) => r.data });
  const equipment = useEndpointQuery(
    entityEndpoints(entityByName('equipment')!).select,
    {},
    { select: (r) => r.data, staleTime: 60_000 },
  );
  const offices = useEndpointQuery(officesEndpoints.box, { query: {} }, { select: (r) => r.data, staleTime: 60_000 });
  const onError = (e: Error) => message.error(e.message);
  const invalidates = [devicesEndpoints.list, devicesEndpoints.settings];
  const save = useEndpointMutation(devicesEndpoints.save, { invalidates, onError });
  const update = useEndpointMutation(devicesEndpoints.update, { invalidates, onError });
  const rotate = useEndpointMutation(devicesEndpoints.rotateToken, { invalidates, onError });
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<{ title: string; value: string } | null>(null);
  const [form] = Form.useForm<DeviceSave>();

  const open = (row?: DeviceRow) => {
    const values: Partial<DeviceSave> = row
      ? {
          equipmentId: row.equipmentId,
          code: row.code,
          serial: row.serial,
          vendor: row.vendor,
          model: row.model,
          type: row.type,
          firmware: row.firmware,
          location: row.location,
          officeId: row.officeId,
          enabled: row.enabled,
          reportsOnline: row.reportsOnline,
        }
      : { type: 'upperLimb', enabled: true, reportsOnline: true, equipmentId: null, officeId: null };
    form.setFieldsValue(values as DeviceSave);
    setEditing({ id: row?.id, values });
  };

  const submit = async () => {
    const values = await form.validateFields();
    const body = { ...values, equipmentId: values.equipmentId ?? null, officeId: values.officeId ?? null };
    if (editing?.id) {
      await update.mutateAsync({ body: { ...body, id: editing.id } });
      message.success(t('saved'));
    } else {
      const made = await save.mutateAsync({ body });
      setSecret({ title: t('tokenOnce'), value: made.data.token });
    }
    setEditing(null);
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('registry.title')}
        extra={
          can(DevicePerm.save) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open()} data-testid="device-add">
              {t('registry.add')}
            </Button>
          )
        }
      >
        <Table<DeviceRow>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: 1100 }}
          columns={[
            { title: t('field.code'), dataIndex: 'code', fixed: 'left', width: 120 },
            { title: t('field.equipment'), dataIndex: 'equipmentName', render: (v) => v ?? '-' },
            { title: t('field.serial'), dataIndex: 'serial' },
            { title: t('field.vendor'), render: (_, r) => [r.vendor, r.model].filter(Boolean).join(' / ') || '-' },
            { title: t('field.type'), dataIndex: 'type', render: (v: string) => t(`type.${v}`) },
            { title: t('field.firmware'), dataIndex: 'firmware' },
            { title: t('field.location'), dataIndex: 'location' },
            { title: t('field.state'), dataIndex: 'state', render: (v) => <StateTag state={v} /> },
            { title: t('field.lastActivity'), dataIndex: 'lastActivityAt', render: timeText },
            {
              title: t('field.token'),
              render: (_, r) => (r.tokenRotatedAt ? timeText(r.tokenRotatedAt) : '-'),
            },
            {
              title: t('actions'),
              fixed: 'right',
              width: 180,
              render: (_, r) => (
                <Space size={4}>
                  {can(DevicePerm.save) && (
                    <Button size="small" type="link" onClick={() => open(r)}>
                      {t('edit')}
                    </Button>
                  )}
                  {can(DevicePerm.secret) && (
                    <Button
                      size="small"
                      type="link"
                      onClick={() =>
                        Modal.confirm({
                          title: t('rotateConfirm', { code: r.code }),
                          onOk: async () => {
                            const made = await rotate.mutateAsync({ params: { id: r.id } });
                            setSecret({ title: t('tokenOnce'), value: made.data.token });
                          },
                        })
                      }
                    >
                      {t('rotate')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {can(DevicePerm.secret) && <SettingsCard onSecret={(value) => setSecret({ title: t('keyOnce'), value })} />}
      <Modal
        open={editing !== null}
        title={editing?.id ? t('registry.edit') : t('registry.add')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={save.isPending || update.isPending}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="equipmentId" label={t('field.equipment')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={(equipment.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
            />
          </Form.Item>
          <Space wrap>
            <Form.Item
              name="code"
              label={t('field.code')}
              rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{1,30}$/ }]}
            >
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item name="serial" label={t('field.serial')} rules={[{ required: true, max: 40 }]}>
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item name="type" label={t('field.type')} rules={[{ required: true }]}>
              <Select style={{ width: 160 }} options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))} />
            </Form.Item>
          </Space>
          <Space wrap>
            <Form.Item name="vendor" label={t('field.vendorOnly')}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="model" label={t('field.model')}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="firmware" label={t('field.firmware')}>
              <Input maxLength={30} />
            </Form.Item>
          </Space>
          <Space wrap>
            <Form.Item name="location" label={t('field.location')}>
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item name="officeId" label={t('field.office')}>
              <Select
                allowClear
                style={{ width: 200 }}
                options={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              />
            </Form.Item>
          </Space>
          <Space size="large">
            <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="reportsOnline" label={t('field.reportsOnline')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
      <Modal open={secret !== null} title={secret?.title} onOk={() => setSecret(null)} onCancel={() => setSecret(null)}>
        <Alert type="warning" showIcon message={t('secretHint')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable code data-testid="device-secret">
          {secret?.value}
        </Typography.Paragraph>
      </Modal>
    </Space>
  );
}

/** Retention, silent-session limit, per-type inactivity timeouts and the registration key. */
function SettingsCard({ onSecret }: { onSecret: (key: string) => void }) {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const settings = useEndpointQuery(devicesEndpoints.settings, {}, { select: (r) => r.data });
  const onError = (e: Error) => message.error(e.message);
  const save = useEndpointMutation(devicesEndpoints.saveSettings, {
    invalidates: [devicesEndpoints.settings, devicesEndpoints.list],
    onError,
  });
  const rotateKey = useEndpointMutation(devicesEndpoints.rotateRegistrationKey, {
    invalidates: [devicesEndpoints.settings],
    onError,
  });
  const [form] = Form.useForm<DeviceSettings>();
  if (!settings.data) return <Card loading title={t('settings.title')} />;
  const { hasRegistrationKey, ...values } = settings.data;
  return (
    <Card
      title={t('settings.title')}
      extra={
        <Button
          onClick={() =>
            Modal.confirm({
              title: hasRegistrationKey ? t('settings.keyReplace') : t('settings.keyMake'),
              onOk: async () => onSecret((await rotateKey.mutateAsync({})).data.key),
            })
          }
        >
          {hasRegistrationKey ? t('settings.keyReplace') : t('settings.keyMake')}
        </Button>
      }
    >
      <Form
        form={form}
        layout="inline"
        initialValues={values}
        onFinish={async (v) => {
          await save.mutateAsync({ body: v });
          message.success(t('saved'));
        }}
      >
        <Form.Item name="retentionDays" label={t('settings.retentionDays')} rules={[{ required: true }]}>
          <InputNumber min={1} max={3650} />
        </Form.Item>
        <Form.Item name="sessionLimitMinutes" label={t('settings.sessionLimit')} rules={[{ required: true }]}>
          <InputNumber min={5} max={1440} />
        </Form.Item>
        {DEVICE_TYPES.map((type) => (
          <Form.Item
            key={type}
            name={['offlineAfter', type]}
            label={t('settings.offlineAfter', { type: t(`type.${type}`) })}
            rules={[{ required: true }]}
          >
            <InputNumber min={30} max={86400} />
          </Form.Item>
        ))}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('settings.delayHint', { seconds: 60 })}
      </Typography.Paragraph>
    </Card>
  );
}
