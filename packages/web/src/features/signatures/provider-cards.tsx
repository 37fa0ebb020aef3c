import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Form, Input, InputNumber, Select, Space, Table, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CA_SIGN_TYPES, CA_VENDORS, type CaProviderSave, type CertRow } from '@rehab/shared';
import { showApiError } from '../../lib/form-errors';
import { useBindCertificate, useCertificates, useMembers, useProvider, useSaveProvider } from './api';
import { FilterSelect } from '../../components/filter-select';

type ProviderValues = Omit<CaProviderSave, 'appSecret'> & { appSecret?: string };

/** The organization's CA provider: vendor, sign types, endpoints and app id; the secret is written, never shown. */
export function ProviderCard() {
  const { t } = useTranslation('signatures');
  const { message } = App.useApp();
  const provider = useProvider(true);
  const save = useSaveProvider();
  const [form] = Form.useForm<ProviderValues>();
  useEffect(() => {
    if (!provider.data) return;
    const { vendor, signTypes, serviceUrl, callbackUrl, appId, autoSignHours } = provider.data;
    form.setFieldsValue({ vendor, signTypes, serviceUrl, callbackUrl, appId, autoSignHours, appSecret: '' });
  }, [provider.data, form]);
  const onFinish = async (values: ProviderValues) => {
    try {
      await save.mutateAsync({ body: { ...values, ...(values.appSecret ? {} : { appSecret: undefined }) } });
      message.success(t('common:status.success', { action: t('provider.save') }));
    } catch (error) {
      showApiError(error, t('common:status.failure', { action: t('provider.save') }), message.error, form);
    }
  };
  return (
    <Card size="small" loading={provider.isLoading}>
      {provider.data && !provider.data.caIntegration && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('provider.caOff')} />
      )}
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 12 }} onFinish={onFinish}>
        <Form.Item name="vendor" label={t('provider.vendor')} rules={[{ required: true }]}>
          <Select options={CA_VENDORS.map((v) => ({ value: v, label: t(`vendor.${v}`) }))} data-testid="ca-vendor" />
        </Form.Item>
        <Form.Item
          name="signTypes"
          label={t('provider.signTypes')}
          rules={[{ required: true, message: t('provider.signTypesRequired') }]}
        >
          <Checkbox.Group options={CA_SIGN_TYPES.map((s) => ({ value: s, label: t(`signType.${s}`) }))} />
        </Form.Item>
        <Form.Item name="serviceUrl" label={t('provider.serviceUrl')}>
          <Input placeholder="https://" maxLength={300} />
        </Form.Item>
        <Form.Item name="callbackUrl" label={t('provider.callbackUrl')}>
          <Input placeholder="https://" maxLength={300} />
        </Form.Item>
        <Form.Item name="appId" label={t('provider.appId')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="appSecret"
          label={t('provider.appSecret')}
          extra={provider.data?.hasSecret ? t('provider.secretStored') : t('provider.secretNone')}
        >
          <Input.Password autoComplete="new-password" maxLength={200} />
        </Form.Item>
        <Form.Item name="autoSignHours" label={t('provider.autoSignHours')} extra={t('provider.autoSignHint')}>
          <InputNumber min={0} max={24} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="ca-save">
            {t('provider.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });

/** The members' certificates (the newest of each is active) and binding a new one, with its expiry shown. */
export function CertificatesCard() {
  const { t } = useTranslation('signatures');
  const { message } = App.useApp();
  const certs = useCertificates(true);
  const members = useMembers(true);
  const bind = useBindCertificate();
  const [userId, setUserId] = useState<number | undefined>();
  const [validDays, setValidDays] = useState(365);
  const [seal, setSeal] = useState<string | undefined>();
  const soon = dayjs().add(30, 'day');
  const columns: ColumnsType<CertRow> = [
    { key: 'user', title: t('cert.user'), width: 110, dataIndex: 'userName' },
    { key: 'serial', title: t('cert.serial'), width: 170, dataIndex: 'serial' },
    { key: 'subject', title: t('cert.subject'), ellipsis: true, dataIndex: 'subject' },
    {
      key: 'validity',
      title: t('cert.validity'),
      width: 210,
      render: (_, c) => `${dayjs(c.validFrom).format('YYYY-MM-DD')} ~ ${dayjs(c.validTo).format('YYYY-MM-DD')}`,
    },
    {
      key: 'state',
      title: t('cert.state'),
      width: 150,
      render: (_, c) => (
        <Space size={4}>
          {!c.active ? (
            <Tag>{t('cert.replaced')}</Tag>
          ) : dayjs(c.validTo).isBefore(dayjs()) ? (
            <Tag color="red">{t('cert.expired')}</Tag>
          ) : dayjs(c.validTo).isBefore(soon) ? (
            <Tag color="orange">{t('cert.expiring')}</Tag>
          ) : (
            <Tag color="green">{t('cert.active')}</Tag>
          )}
          {c.hasSeal && <Tag color="blue">{t('cert.seal')}</Tag>}
        </Space>
      ),
    },
  ];
  const onBind = async () => {
    if (!userId) return;
    try {
      await bind.mutateAsync({ body: { userId, validDays, ...(seal ? { sealImage: seal } : {}) } });
      message.success(t('common:status.success', { action: t('cert.bind') }));
      setSeal(undefined);
    } catch (error) {
      showApiError(error, t('common:status.failure', { action: t('cert.bind') }), message.error);
    }
  };
  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <FilterSelect
          showSearch
          optionFilterProp="label"
          placeholder={t('cert.user')}
          style={{ width: 180 }}
          value={userId}
          onChange={setUserId}
          options={(members.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
          data-testid="cert-user"
        />
        <Space size={4}>
          {t('cert.validDays')}
          <InputNumber min={1} max={3650} value={validDays} onChange={(v) => setValidDays(v ?? 365)} />
        </Space>
        <Upload
          accept="image/png"
          maxCount={1}
          showUploadList={false}
          beforeUpload={async (file) => {
            if (file.type !== 'image/png' || file.size > 200 * 1024) message.error(t('cert.sealRule'));
            else setSeal(await readDataUrl(file));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{seal ? t('cert.sealChosen') : t('cert.sealUpload')}</Button>
        </Upload>
        <Button type="primary" disabled={!userId} loading={bind.isPending} onClick={onBind} data-testid="cert-bind">
          {t('cert.bind')}
        </Button>
      </Space>
      <Table<CertRow>
        rowKey="id"
        size="small"
        loading={certs.isFetching}
        columns={columns}
        dataSource={certs.data ?? []}
        pagination={false}
        data-testid="cert-list"
      />
    </Card>
  );
}
