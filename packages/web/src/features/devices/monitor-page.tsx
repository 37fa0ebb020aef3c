import { Badge, Card, Space, Statistic, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { devicesEndpoints, shownState, type DeviceState } from '@rehab/shared';
import { useEndpointQuery } from '../../lib/endpoints';
import { href, paths } from '../../lib/paths';
import { StateTag, timeText, useLiveDevices, useNow } from './common';

type MonitorRow = {
  id: number;
  code: string;
  equipmentName: string | null;
  type: string;
  location: string;
  state: DeviceState;
  lastActivityAt: string | null;
  todaySessions: number;
  running: boolean;
  alerts: number;
  offlineAfterSeconds: number;
  detectionDelaySeconds: number;
};

/**
 * The device monitor (/controlManagement/monitor): every device with its online state, last seen, today's sessions,
 * whether one runs now and today's alerts; a code opens the device's page. Live: the device doorbell refetches, and
 * a poll every 30 s catches devices that went silent (silence rings no bell).
 */
export function MonitorPage() {
  const { t } = useTranslation('devices');
  useLiveDevices();
  const monitor = useEndpointQuery(devicesEndpoints.monitor, {}, { select: (r) => r.data, refetchInterval: 30_000 });
  const now = useNow();
  // the state shown: the server's, or offline as soon as a device's timeout passed since its last activity
  const rows = (monitor.data?.devices ?? []).map((r) => ({ ...r, state: shownState(r, now) }));
  const count = (state: MonitorRow['state']) => rows.filter((r) => r.state === state).length;
  const delays = [...new Set(rows.map((r) => r.detectionDelaySeconds))].sort((a, b) => a - b);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Space size={48} wrap>
          <Statistic title={t('state.online')} value={count('online')} valueStyle={{ color: '#389e0d' }} />
          <Statistic title={t('state.offline')} value={count('offline')} valueStyle={{ color: '#cf1322' }} />
          <Statistic title={t('monitor.todaySessions')} value={rows.reduce((s, r) => s + r.todaySessions, 0)} />
          <Statistic title={t('monitor.alerts')} value={rows.reduce((s, r) => s + r.alerts, 0)} />
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }} data-testid="detection-delay">
          {delays.length ? t('monitor.delay', { min: delays[0], max: delays[delays.length - 1] }) : t('monitor.none')}
          {monitor.data && ` · ${t('monitor.refreshed', { time: timeText(monitor.data.refreshedAt) })}`}
        </Typography.Paragraph>
      </Card>
      <Card title={t('monitor.title')}>
        <Table<MonitorRow>
          rowKey="id"
          size="small"
          loading={monitor.isLoading}
          dataSource={rows}
          pagination={false}
          onRow={(r) => ({ 'data-testid': `monitor-row-${r.code}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('field.code'),
              dataIndex: 'code',
              render: (v, r) => <Link to={href(paths.deviceInfo, {}, { id: r.id })}>{v}</Link>,
            },
            { title: t('field.equipment'), dataIndex: 'equipmentName', render: (v) => v ?? '-' },
            { title: t('field.type'), dataIndex: 'type', render: (v: string) => t(`type.${v}`) },
            { title: t('field.location'), dataIndex: 'location' },
            { title: t('field.state'), dataIndex: 'state', render: (v) => <StateTag state={v} /> },
            { title: t('field.lastActivity'), dataIndex: 'lastActivityAt', render: timeText },
            { title: t('monitor.todaySessions'), dataIndex: 'todaySessions' },
            {
              title: t('monitor.running'),
              dataIndex: 'running',
              render: (v: boolean, r) =>
                v ? (
                  <Link to={href(paths.deviceHud, {}, { id: r.id })}>
                    <Badge status="processing" text={t('monitor.live')} />
                  </Link>
                ) : (
                  '-'
                ),
            },
            {
              title: t('monitor.alerts'),
              dataIndex: 'alerts',
              render: (v: number) => (v ? <Badge count={v} /> : '-'),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
