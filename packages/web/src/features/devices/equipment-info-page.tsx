import { Card, Descriptions, Empty, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { devicesEndpoints, type DeviceSessionRow } from '@rehab/shared';
import { useEndpointQuery } from '../../lib/endpoints';
import { href, paths } from '../../lib/paths';
import { StateTag, duration, timeText, useChosenDevice, useLiveDevices } from './common';

/** One device (/DasEquipment/equipmentInfo?id=): its registry details, state, latest values, transitions, sessions. */
export function EquipmentInfoPage() {
  const { t } = useTranslation('devices');
  useLiveDevices();
  const { id, picker, loading } = useChosenDevice();
  const info = useEndpointQuery(
    devicesEndpoints.info,
    { params: { id: id ?? 0 } },
    { select: (r) => r.data, enabled: id !== null },
  );
  const d = info.data?.device;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('info.title')}
        extra={
          <Space>
            {picker}
            {id && <Link to={href(paths.deviceHud, {}, { id })}>{t('info.openHud')}</Link>}
          </Space>
        }
        loading={loading || info.isLoading}
      >
        {!d ? (
          <Empty />
        ) : (
          <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
            <Descriptions.Item label={t('field.code')}>{d.code}</Descriptions.Item>
            <Descriptions.Item label={t('field.equipment')}>{d.equipmentName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('field.state')}>
              <StateTag state={d.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.serial')}>{d.serial}</Descriptions.Item>
            <Descriptions.Item label={t('field.vendor')}>
              {[d.vendor, d.model].filter(Boolean).join(' / ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.type')}>{t(`type.${d.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('field.firmware')}>{d.firmware || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('field.location')}>{d.location || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('field.lastActivity')}>{timeText(d.lastActivityAt)}</Descriptions.Item>
            <Descriptions.Item label={t('info.delay')} span={3}>
              {t('info.delayText', { seconds: d.detectionDelaySeconds })}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {info.data && (
        <Space align="start" wrap style={{ width: '100%' }}>
          <Card title={t('info.latest')} size="small" style={{ minWidth: 320 }}>
            {info.data.latest.length ? (
              <Descriptions size="small" column={1}>
                {info.data.latest.map((l) => (
                  <Descriptions.Item key={l.metric} label={t(`metric.${l.metric}`, { defaultValue: l.metric })}>
                    {l.value} <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>({timeText(l.ts)})</span>
                  </Descriptions.Item>
                ))}
              </Descriptions>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Card>
          <Card title={t('info.events')} size="small" style={{ minWidth: 320 }}>
            {info.data.events.length ? (
              info.data.events.map((e) => (
                <div key={`${e.kind}${e.at}`}>
                  <Tag color={e.kind === 'online' ? 'green' : 'red'}>{t(`state.${e.kind}`)}</Tag>
                  {timeText(e.at)}
                </div>
              ))
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Card>
        </Space>
      )}
      {info.data && (
        <Card title={t('info.sessions')} size="small">
          <SessionTable rows={info.data.sessions} />
        </Card>
      )}
    </Space>
  );
}

/** Sessions as a table (device page, training sessions). */
export function SessionTable({
  rows,
  extra,
}: {
  rows: DeviceSessionRow[];
  extra?: (r: DeviceSessionRow) => React.ReactNode;
}) {
  const { t } = useTranslation('devices');
  return (
    <Table<DeviceSessionRow>
      rowKey="id"
      size="small"
      dataSource={rows}
      pagination={false}
      scroll={{ x: 1100 }}
      columns={[
        { title: t('session.startedAt'), dataIndex: 'startedAt', render: timeText, width: 170 },
        { title: t('field.code'), dataIndex: 'deviceCode' },
        { title: t('session.patient'), dataIndex: 'patientName', render: (v) => v ?? '-', width: 90 },
        { title: t('session.game'), dataIndex: 'game', width: 160 },
        { title: t('session.level'), dataIndex: 'level', render: (v) => v ?? '-' },
        { title: t('session.duration'), dataIndex: 'durationSeconds', render: duration },
        { title: t('session.repetitions'), dataIndex: 'repetitions', render: (v) => v ?? '-' },
        { title: t('session.rom'), dataIndex: 'rangeOfMotion', render: (v) => (v === null ? '-' : `${v}°`) },
        { title: t('session.force'), dataIndex: 'force', render: (v) => (v === null ? '-' : `${v} N`) },
        { title: t('session.score'), dataIndex: 'score', render: (v) => v ?? '-' },
        {
          title: t('session.status'),
          dataIndex: 'status',
          render: (v: string, r) => (
            <Space size={4}>
              <Tag color={v === 'running' ? 'processing' : v === 'terminated' ? 'warning' : 'default'}>
                {t(`session.${v}`)}
              </Tag>
              {r.confirmedAt && <Tag color="green">{t('session.confirmed')}</Tag>}
            </Space>
          ),
        },
        ...(extra ? [{ title: t('actions'), render: (_: unknown, r: DeviceSessionRow) => extra(r) }] : []),
      ]}
    />
  );
}
