import { useState } from 'react';
import { Alert, App, Button, Card, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { HeartbeatPerm, MONITOR_STATUSES, type IncidentRow, type MonitorRow, type MonitorStatus } from '@rehab/shared';
import { appConfig } from '../../lib/config';
import { showApiError } from '../../lib/form-errors';
import { usePermission } from '../../lib/session';
import { useTablePaging } from '../../components/use-table-paging';
import { useAcknowledge, useDeleteMonitor, useIncidents, useMonitors } from './api';
import { MonitorFormModal } from './monitor-form-modal';
import { FilterSelect } from '../../components/filter-select';

const STATUS_COLOR: Record<MonitorStatus, string> = {
  up: 'green',
  pending: 'gold',
  down: 'red',
  maintenance: 'blue',
};
const time = (v: string | null) => (v ? dayjs(v).format('MM-DD HH:mm:ss') : '—');

/** A duration as the wall shows it: 2h 05m, 3m 20s, 45s. */
function duration(sec: number, t: TFunction<'heartbeat'>) {
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = sec % 60;
  if (h) return t('duration.hm', { h, m: String(m).padStart(2, '0') });
  if (m) return t('duration.ms', { m, s: String(s).padStart(2, '0') });
  return t('duration.s', { s });
}

/** Seven small blocks, oldest first: green all day up, amber some downtime, red mostly down, grey no data. */
function UptimeBar({ days }: { days: MonitorRow['uptime'] }) {
  const { t } = useTranslation('heartbeat');
  return (
    <Space size={2} data-testid="monitor-uptime">
      {days.map((d) => {
        const color =
          d.ratio === null ? '#d9d9d9' : d.ratio >= 0.999 ? '#52c41a' : d.ratio >= 0.9 ? '#faad14' : '#ff4d4f';
        const label = d.ratio === null ? t('uptimeNone') : `${(d.ratio * 100).toFixed(2)}%`;
        return (
          <Tooltip key={d.day} title={`${d.day}: ${label}`}>
            <span
              role="img"
              aria-label={`${d.day} ${label}`}
              style={{ display: 'inline-block', width: 10, height: 20, borderRadius: 2, background: color }}
            />
          </Tooltip>
        );
      })}
    </Space>
  );
}

/**
 * The interface heartbeat wall (/heartbeatMonitoring/index): each monitor's state, last success, uptime of the last
 * seven days and the worst-case detection delay; the incidents below, open ones first to acknowledge. Refreshes
 * every 10 seconds, the checker's period.
 */
export function HeartbeatsPage() {
  const { t } = useTranslation('heartbeat');
  const { message } = App.useApp();
  const can = usePermission();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [name, setName] = useState('');
  const [status, setStatus] = useState<MonitorStatus | undefined>();
  const [form, setForm] = useState<{ open: boolean; row: MonitorRow | null }>({ open: false, row: null });
  const [openOnly, setOpenOnly] = useState(false);
  const monitors = useMonitors({ page, limit, ...(name ? { name } : {}), ...(status ? { status } : {}) });
  const incidents = useIncidents({ page: 1, limit: 20, ...(openOnly ? { open: true } : {}) });
  const remove = useDeleteMonitor();
  const ack = useAcknowledge();

  const pushUrl = (token: string) =>
    new URL(`${appConfig.apiBase}/hisHeartbeat/push/${token}`, window.location.origin).toString();

  const handleDelete = async (row: MonitorRow) => {
    try {
      await remove.mutateAsync({ params: { id: row.id } });
      message.success(t('common:status.success', { action: t('delete') }));
    } catch (error) {
      showApiError(error, t('common:status.failure', { action: t('delete') }), message.error);
    }
  };
  const handleAck = async (row: IncidentRow) => {
    try {
      await ack.mutateAsync({ params: { id: row.id } });
      message.success(t('common:status.success', { action: t('ack') }));
    } catch (error) {
      showApiError(error, t('common:status.failure', { action: t('ack') }), message.error);
    }
  };

  const columns: ColumnsType<MonitorRow> = [
    {
      key: 'name',
      title: t('col.name'),
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{row.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`kind.${row.kind}`)}
            {row.enabled ? '' : ` · ${t('disabled')}`}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('col.status'),
      width: 110,
      render: (_, row) =>
        row.status ? (
          <Tag color={STATUS_COLOR[row.status]} data-testid={`monitor-status-${row.status}`}>
            {t(`status.${row.status}`)}
          </Tag>
        ) : (
          <Tag data-testid="monitor-status-new">{t('status.new')}</Tag>
        ),
    },
    {
      key: 'target',
      title: t('col.target'),
      ellipsis: true,
      render: (_, row) =>
        row.kind === 'push' && row.pushToken ? (
          <Typography.Text copyable={{ text: pushUrl(row.pushToken) }} style={{ fontSize: 12 }}>
            {t('pushUrl')}
          </Typography.Text>
        ) : (
          <Typography.Text style={{ fontSize: 12 }}>{row.target}</Typography.Text>
        ),
    },
    {
      key: 'lastOkAt',
      title: t('col.lastOk'),
      width: 130,
      render: (_, row) => (
        <Tooltip title={row.lastMessage ?? undefined}>
          <span>{time(row.lastOkAt)}</span>
        </Tooltip>
      ),
    },
    { key: 'uptime', title: t('col.uptime'), width: 110, render: (_, row) => <UptimeBar days={row.uptime} /> },
    {
      key: 'detection',
      title: t('col.detection'),
      width: 120,
      render: (_, row) => (
        <Tooltip title={t('detectionHint')}>
          <span>{duration(row.detectionSec, t)}</span>
        </Tooltip>
      ),
    },
  ];
  if (can(HeartbeatPerm.update) || can(HeartbeatPerm.delete))
    columns.push({
      key: 'actions',
      title: t('col.actions'),
      width: 120,
      render: (_, row) => (
        <Space size={0}>
          {can(HeartbeatPerm.update) && (
            <Button type="link" size="small" onClick={() => setForm({ open: true, row })} data-testid="monitor-edit">
              {t('common:action.edit')}
            </Button>
          )}
          {can(HeartbeatPerm.delete) && (
            <KeyboardPopconfirm title={t('deleteConfirm', { name: row.name })} onConfirm={() => handleDelete(row)}>
              <Button type="link" size="small" danger data-testid="monitor-delete">
                {t('common:action.delete')}
              </Button>
            </KeyboardPopconfirm>
          )}
        </Space>
      ),
    });

  const incidentColumns: ColumnsType<IncidentRow> = [
    { key: 'monitor', title: t('col.monitor'), dataIndex: 'monitorName' },
    {
      key: 'reason',
      title: t('col.reason'),
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <span>{t(`reason.${row.reason}`)}</span>
          {row.message && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.message}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { key: 'startedAt', title: t('col.started'), width: 130, render: (_, row) => time(row.startedAt) },
    {
      key: 'duration',
      title: t('col.duration'),
      width: 110,
      render: (_, row) => duration(row.durationSec, t),
    },
    {
      key: 'state',
      title: t('col.state'),
      width: 200,
      render: (_, row) =>
        row.resolvedAt ? (
          <Tag color="green" data-testid="incident-resolved">
            {t('incident.resolved', { time: time(row.resolvedAt) })}
          </Tag>
        ) : row.acknowledgedAt ? (
          <Tag color="orange" data-testid="incident-acknowledged">
            {t('incident.acknowledged', { name: row.acknowledgedByName ?? '' })}
          </Tag>
        ) : (
          <Space size={4}>
            <Tag color="red" data-testid="incident-open">
              {t('incident.open')}
            </Tag>
            {can(HeartbeatPerm.ack) && (
              <Button size="small" onClick={() => handleAck(row)} data-testid="incident-ack">
                {t('ack')}
              </Button>
            )}
          </Space>
        ),
    },
  ];

  const counts = (monitors.data?.list ?? []).reduce<Record<string, number>>((acc, m) => {
    const k = m.status ?? 'new';
    acc[k] = (acc[k] ?? 0) + 1;
    return acc;
  }, {});

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="heartbeats-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Card
        title={
          <Space wrap>
            <span>{t('monitors')}</span>
            {MONITOR_STATUSES.filter((s) => counts[s]).map((s) => (
              <Tag key={s} color={STATUS_COLOR[s]}>
                {t(`status.${s}`)} {counts[s]}
              </Tag>
            ))}
          </Space>
        }
        extra={
          <Space wrap>
            <Input.Search
              allowClear
              maxLength={50}
              placeholder={t('search')}
              onSearch={(v) => {
                setName(v.trim());
                setPage(1);
              }}
              style={{ width: 180 }}
            />
            <FilterSelect
              allowClear
              placeholder={t('col.status')}
              style={{ width: 120 }}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
              options={MONITOR_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
            {can(HeartbeatPerm.save) && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setForm({ open: true, row: null })}
                data-testid="monitor-add"
              >
                {t('add')}
              </Button>
            )}
          </Space>
        }
      >
        {monitors.isError && (
          <Alert type="error" showIcon title={t('loadFailed')} description={monitors.error.message} />
        )}
        <Table<MonitorRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={monitors.data?.list ?? []}
          loading={monitors.isLoading}
          scroll={{ x: 'max-content' }}
          pagination={pagination(monitors.data?.totalCount ?? 0, (total) => t('total', { total }))}
          data-testid="monitor-table"
        />
      </Card>
      <Card
        title={t('incidents')}
        extra={
          <Select
            style={{ width: 140 }}
            aria-label={t('incidentFilter')}
            value={openOnly ? 'open' : 'all'}
            onChange={(v) => setOpenOnly(v === 'open')}
            options={[
              { value: 'all', label: t('incident.all') },
              { value: 'open', label: t('incident.openOnly') },
            ]}
          />
        }
      >
        <Table<IncidentRow>
          rowKey="id"
          size="small"
          columns={incidentColumns}
          dataSource={incidents.data?.list ?? []}
          loading={incidents.isLoading}
          scroll={{ x: 'max-content' }}
          pagination={false}
          data-testid="incident-table"
        />
      </Card>
      <MonitorFormModal row={form.row} open={form.open} onClose={() => setForm((f) => ({ ...f, open: false }))} />
    </div>
  );
}
