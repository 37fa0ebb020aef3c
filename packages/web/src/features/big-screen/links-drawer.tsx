import { useState } from 'react';
import { App, Button, Drawer, Form, Input, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { screenEndpoints, type ScreenLinkRow } from '@rehab/shared';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';
import { screenLinkUrl } from './screen-link';

const STATE_COLORS = { active: 'green', expired: 'default', revoked: 'red' } as const;
const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/**
 * Screen links (administrators): make one for a TV (a name, optional days of validity; the address and its QR code
 * are shown once, the token is kept only hashed), see when each TV last called, revoke one.
 */
export function LinksDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('screen');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; validDays: number | null }>();
  const [made, setMade] = useState<string | null>(null);
  const list = useEndpointQuery(screenEndpoints.linkList, {}, { select: (r) => r.data, enabled: open });
  const create = useEndpointMutation(screenEndpoints.linkCreate, { invalidates: [screenEndpoints.linkList] });
  const revoke = useEndpointMutation(screenEndpoints.linkRevoke, { invalidates: [screenEndpoints.linkList] });

  const submit = async (values: { name: string; validDays: number | null }) => {
    try {
      const res = await create.mutateAsync({ body: { name: values.name, validDays: values.validDays ?? null } });
      setMade(screenLinkUrl(res.data.token));
      form.resetFields();
    } catch (error) {
      message.error((error as Error).message);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={() => {
        setMade(null);
        onClose();
      }}
      title={t('links.title')}
      size={720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('links.intro')}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={submit} style={{ marginBottom: 16 }}>
        <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('links.nameRequired') }]}>
          <Input placeholder={t('links.name')} maxLength={30} style={{ width: 220 }} aria-label={t('links.name')} />
        </Form.Item>
        <Form.Item name="validDays">
          <InputNumber
            min={1}
            max={3650}
            precision={0}
            placeholder={t('links.validDays')}
            aria-label={t('links.validDays')}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="screen-link-create">
          {t('links.create')}
        </Button>
      </Form>
      {made && (
        <div className="bs-made" data-testid="screen-link-made">
          <QRCodeSVG value={made} size={168} marginSize={2} title={t('links.qr')} />
          <div>
            <Typography.Paragraph strong>{t('links.madeTitle')}</Typography.Paragraph>
            <Typography.Paragraph copyable={{ text: made }} code data-testid="screen-link-url">
              {made}
            </Typography.Paragraph>
            <Typography.Paragraph type="warning">{t('links.onceOnly')}</Typography.Paragraph>
          </div>
        </div>
      )}
      <Table<ScreenLinkRow>
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: t('links.empty') }}
        columns={[
          { title: t('links.name'), dataIndex: 'name' },
          {
            title: t('links.state'),
            dataIndex: 'state',
            render: (v: ScreenLinkRow['state']) => <Tag color={STATE_COLORS[v]}>{t(`links.states.${v}`)}</Tag>,
          },
          { title: t('links.createdBy'), dataIndex: 'createdBy', render: (v: string | null) => v ?? '—' },
          { title: t('links.createdAt'), dataIndex: 'createdAt', render: time },
          {
            title: t('links.expiresAt'),
            dataIndex: 'expiresAt',
            render: (v: string | null) => (v ? time(v) : t('links.never')),
          },
          { title: t('links.lastSeen'), dataIndex: 'lastSeenAt', render: time },
          {
            title: t('links.actions'),
            key: 'actions',
            render: (_, row) =>
              row.state === 'revoked' ? null : (
                <KeyboardPopconfirm
                  title={t('links.revokeConfirm', { name: row.name })}
                  onConfirm={async () => {
                    try {
                      await revoke.mutateAsync({ params: { id: row.id } });
                      message.success(t('links.revoked'));
                    } catch (error) {
                      message.error((error as Error).message);
                    }
                  }}
                >
                  <Space>
                    <Button size="small" danger>
                      {t('links.revoke')}
                    </Button>
                  </Space>
                </KeyboardPopconfirm>
              ),
          },
        ]}
      />
    </Drawer>
  );
}
