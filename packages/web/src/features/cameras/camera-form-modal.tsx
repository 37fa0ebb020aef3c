import { useEffect } from 'react';
import { Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CAMERA_CODECS,
  CAMERA_PROTOCOLS,
  cameraSaveSchema,
  type CameraCodec,
  type CameraGroupRow,
  type CameraProtocol,
  type CameraRow,
} from '@rehab/shared';
import { FormModal } from '../../components/form-modal';
import { schemaField } from '../../lib/form-rules';
import { useSession } from '../../lib/session';
import { useAddCamera, useUpdateCamera } from './api';

type Values = {
  name: string;
  officeId: number | null;
  location: string;
  groupId: number | null;
  protocol: CameraProtocol;
  streamUrl: string;
  fallbackUrl: string | null;
  codec: CameraCodec;
  ptz: boolean;
  privacy: boolean;
  enabled: boolean;
};

/** Adds or changes a camera of the registry: where it is, its group, how the gateway serves it. */
export function CameraFormModal({
  row,
  open,
  groups,
  onClose,
}: {
  row: CameraRow | null;
  open: boolean;
  groups: CameraGroupRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation('camera');
  const { offices } = useSession();
  const [form] = Form.useForm<Values>();
  const add = useAddCamera();
  const update = useUpdateCamera();
  const protocol = Form.useWatch('protocol', form);
  const action = row ? t('edit') : t('add');
  const name = schemaField(cameraSaveSchema, 'name', t('col.name'));
  const url = schemaField(cameraSaveSchema, 'streamUrl', t('col.streamUrl'));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row ?? {
        protocol: 'hls',
        codec: 'h264',
        ptz: false,
        privacy: false,
        enabled: true,
        location: '',
        groupId: null,
        officeId: null,
        fallbackUrl: null,
      },
    );
  }, [open, row, form]);

  const submit = (v: Values) => {
    const body = {
      ...v,
      location: v.location ?? '',
      fallbackUrl: v.protocol === 'whep' ? v.fallbackUrl || null : null,
    };
    return row ? update.mutateAsync({ body: { id: row.id, ...body } }) : add.mutateAsync({ body });
  };

  return (
    <FormModal
      open={open}
      title={action}
      form={form}
      testId="camera"
      pending={add.isPending || update.isPending}
      action={action}
      onClose={onClose}
      onSubmit={submit}
      width={640}
    >
      <Form.Item name="name" label={t('col.name')} required={name.required} rules={name.rules}>
        <Input maxLength={name.maxLength} data-testid="camera-name" />
      </Form.Item>
      <Space wrap size="middle" style={{ width: '100%' }}>
        <Form.Item name="groupId" label={t('col.group')}>
          <Select
            allowClear
            style={{ width: 180 }}
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
            data-testid="camera-group"
          />
        </Form.Item>
        <Form.Item name="officeId" label={t('col.office')}>
          <Select allowClear style={{ width: 180 }} options={offices.map((o) => ({ value: o.id, label: o.name }))} />
        </Form.Item>
        <Form.Item name="location" label={t('col.location')}>
          <Input maxLength={60} style={{ width: 200 }} />
        </Form.Item>
      </Space>
      <Space wrap size="middle">
        <Form.Item name="protocol" label={t('col.protocol')}>
          <Select
            style={{ width: 180 }}
            options={CAMERA_PROTOCOLS.map((p) => ({ value: p, label: t(`protocol.${p}`) }))}
            data-testid="camera-protocol"
          />
        </Form.Item>
        <Form.Item name="codec" label={t('col.codec')}>
          <Select style={{ width: 140 }} options={CAMERA_CODECS.map((c) => ({ value: c, label: t(`codec.${c}`) }))} />
        </Form.Item>
      </Space>
      <Form.Item
        name="streamUrl"
        label={t('col.streamUrl')}
        required={url.required}
        rules={url.rules}
        extra={protocol === 'whep' ? t('whepHint') : t('hlsHint')}
      >
        <Input maxLength={300} placeholder="http://gateway:8888/hall1/index.m3u8" data-testid="camera-url" />
      </Form.Item>
      {protocol === 'whep' && (
        <Form.Item name="fallbackUrl" label={t('col.fallbackUrl')} extra={t('fallbackHint')}>
          <Input maxLength={300} placeholder="http://gateway:8888/hall1/index.m3u8" />
        </Form.Item>
      )}
      <Space size="large">
        <Form.Item name="ptz" label={t('col.ptz')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="privacy" label={t('col.privacy')} valuePropName="checked" tooltip={t('privacyHint')}>
          <Switch />
        </Form.Item>
        <Form.Item name="enabled" label={t('col.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    </FormModal>
  );
}
