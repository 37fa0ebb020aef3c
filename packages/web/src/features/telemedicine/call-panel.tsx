import { useState } from 'react';
import { Button, Descriptions, Modal, Space, Table, Tag, Typography } from 'antd';
import { VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFen, type ConsultationDetail } from '@rehab/shared';
import { useCallInfo } from './api';
import { when } from './common';
import { CallRoom } from './call-room';

/**
 * The consultation's video call on its detail: who is in it now, every stay (joined, left), the minutes held with at
 * least two in the call and the half hours the fee counts; the button that opens the call while it may be joined.
 */
export function CallPanel({ c }: { c: ConsultationDetail }) {
  const { t } = useTranslation('telemedicine');
  const info = useCallInfo(c.id);
  const [open, setOpen] = useState(false);
  const call = info.data;
  if (!call) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="call-panel">
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ minWidth: 480 }}>
          <Descriptions.Item label={t('call.minutes')}>
            <span data-testid="call-minutes">{call.minutes}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('call.feeUnits')}>
            <span data-testid="call-fee-units">{call.feeUnits}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('call.fee')}>¥{formatFen(call.feeUnits * c.feeFen)}</Descriptions.Item>
        </Descriptions>
        {call.open ? (
          <Button type="primary" icon={<VideoCameraOutlined />} onClick={() => setOpen(true)} data-testid="call-open">
            {t('call.enter')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('call.closed')}</Typography.Text>
        )}
      </Space>
      {call.participants.length > 0 && (
        <Space wrap>
          {t('call.now')}
          {call.participants.map((p) => (
            <Tag key={p.userId} color={p.state === 'joined' ? 'green' : 'default'}>
              {p.name} · {t(`call.state_${p.state}`)}
            </Tag>
          ))}
        </Space>
      )}
      <Table
        size="small"
        rowKey={(r) => `${r.userId}-${r.joinedAt}`}
        dataSource={call.records}
        pagination={false}
        locale={{ emptyText: t('call.noRecords') }}
        data-testid="call-records"
        columns={[
          { title: t('call.participant'), dataIndex: 'name' },
          { title: t('call.joinedAt'), dataIndex: 'joinedAt', render: (v: string) => when(v) },
          {
            title: t('call.leftAt'),
            dataIndex: 'leftAt',
            render: (v: string | null) => (v ? when(v) : <Tag color="green">{t('call.inCall')}</Tag>),
          },
        ]}
      />
      <Typography.Text type="secondary">{t('call.noRecording')}</Typography.Text>
      <Modal
        open={open}
        title={t('call.title', { id: c.id, patient: c.patientName })}
        footer={null}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        width="min(1280px, 96vw)"
        style={{ top: 16 }}
        destroyOnHidden
        onCancel={() => setOpen(false)}
      >
        {open && <CallRoom consultationId={c.id} onClose={() => setOpen(false)} />}
      </Modal>
    </Space>
  );
}
