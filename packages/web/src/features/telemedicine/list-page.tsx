import { useState } from 'react';
import { Button, Card, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONSULTATION_STATUSES, RemotePerm, type ConsultationRow } from '@rehab/shared';
import { paths } from '../../lib/paths';
import { usePermission } from '../../lib/session';
import { useTablePaging } from '../../components/use-table-paging';
import { useRecords, useTakeover } from './api';
import { StatusTag, UrgencyTag, when } from './common';
import { RequestModal } from './request-modal';
import { SettingsModal } from './settings-modal';
import { FilterSelect } from '../../components/filter-select';

type Box = 'sent' | 'received' | 'pool';

const detailHref = (row: ConsultationRow) =>
  `${paths.telemedicineDetail}?id=${row.id}${row.side === 'receiver' ? '&hiddenExpertTab=1' : ''}`;

/**
 * Remote consultation (/telemedicine/list): the requests my organization sent, those it received (taken over by me
 * or waiting in my office's pool), and the pool of requests waiting for an expert; a new request from here.
 */
export function TelemedicineListPage() {
  const { t } = useTranslation('telemedicine');
  const can = usePermission();
  const isExpert = can(RemotePerm.expert);
  const [box, setBox] = useState<Box>('sent');
  const [status, setStatus] = useState<string | undefined>();
  const [requesting, setRequesting] = useState(false);
  const [configuring, setConfiguring] = useState(false);
  const { page, limit, setPage, pagination } = useTablePaging();
  const records = useRecords({ box: box === 'pool' ? 'received' : box, page, limit, ...(status ? { status } : {}) });
  const pool = useTakeover(box === 'pool' && isExpert);

  const columns: ColumnsType<ConsultationRow> = [
    { key: 'id', title: t('col.id'), dataIndex: 'id', width: 70 },
    { key: 'patient', title: t('col.patient'), dataIndex: 'patientName', width: 110 },
    { key: 'reason', title: t('col.reason'), dataIndex: 'reason', ellipsis: true },
    {
      key: 'urgency',
      title: t('col.urgency'),
      dataIndex: 'urgency',
      width: 90,
      render: (u: number) => <UrgencyTag urgency={u} />,
    },
    {
      key: 'other',
      title: box === 'sent' ? t('col.to') : t('col.from'),
      width: 220,
      render: (_, r) =>
        box === 'sent'
          ? `${r.toOrganization.name}${r.toOffice ? ` / ${r.toOffice.name}` : ''}`
          : r.fromOrganization.name,
    },
    { key: 'expert', title: t('col.expert'), dataIndex: 'expertName', width: 100, render: (v) => v ?? '—' },
    {
      key: 'time',
      title: t('col.time'),
      width: 150,
      render: (_, r) => when(r.scheduledAt ?? r.proposedAt),
    },
    {
      key: 'status',
      title: t('col.status'),
      dataIndex: 'status',
      width: 120,
      render: (s: string) => <StatusTag status={s} />,
    },
    {
      key: 'actions',
      title: t('col.actions'),
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Link to={detailHref(r)} data-testid={`remote-open-${r.id}`}>
          {t('open')}
        </Link>
      ),
    },
  ];

  const tabs = [
    { key: 'sent', label: t('box.sent') },
    { key: 'received', label: t('box.received') },
    ...(isExpert ? [{ key: 'pool', label: t('box.pool') }] : []),
  ];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="telemedicine-list">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Card
        extra={
          <Space>
            {can(RemotePerm.settings) && (
              <Button icon={<SettingOutlined />} onClick={() => setConfiguring(true)} data-testid="remote-settings">
                {t('settings.title')}
              </Button>
            )}
            {can(RemotePerm.request) && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setRequesting(true)}
                data-testid="remote-request"
              >
                {t('request.open')}
              </Button>
            )}
          </Space>
        }
        title={
          <Tabs
            activeKey={box}
            onChange={(k) => {
              setBox(k as Box);
              setPage(1);
            }}
            items={tabs}
            style={{ marginBottom: -17 }}
          />
        }
      >
        {box !== 'pool' && (
          <Space style={{ marginBottom: 12 }}>
            <FilterSelect
              allowClear
              style={{ width: 180 }}
              placeholder={t('col.status')}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
              options={CONSULTATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </Space>
        )}
        <Table<ConsultationRow>
          rowKey="id"
          size="middle"
          columns={columns}
          scroll={{ x: 1100 }}
          loading={box === 'pool' ? pool.isFetching : records.isFetching}
          dataSource={box === 'pool' ? (pool.data ?? []) : (records.data?.list ?? [])}
          pagination={
            box === 'pool' ? false : pagination(records.data?.totalCount ?? 0, (n) => t('total', { count: n }))
          }
        />
      </Card>
      {requesting && <RequestModal onClose={() => setRequesting(false)} />}
      {configuring && <SettingsModal onClose={() => setConfiguring(false)} />}
    </div>
  );
}
