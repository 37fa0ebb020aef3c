import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Row, Space, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TeamWorkload, TherapistWorkload } from '@rehab/shared';
import { useWorkplace } from './api';
import { Chart, STATUS_COLORS } from './chart';
import { completionRate, countColumns, OfficeSelect, PostTag } from './common';
import './workload.css';

/**
 * Count columns as narrow as their titles and sorters allow (English is the wider). At 1366 px the eleven columns
 * still do not fit: the tables scroll by the sum of their column widths (`max-content`) with the name column fixed,
 * so no column slides under the fixed one before the scrolling starts and the last one can be scrolled to.
 */
const COUNT_WIDTH = 100;

/**
 * Workplace (/workplace/manage): today's numbers of the department, as a head of department reads them in the
 * morning and during the day. Totals first, then a chart and tables per therapist and per group. Refreshes every
 * minute.
 */
export function WorkplacePage() {
  const { t } = useTranslation('workload');
  const [officeId, setOfficeId] = useState<number>();
  const today = useWorkplace(officeId);
  const d = today.data;

  const busy = useMemo(() => (d?.therapists ?? []).filter((x) => x.total > 0), [d?.therapists]);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: busy.map((x) => x.name), inverse: true },
      series: (['completed', 'unfinished', 'expired', 'invalidated'] as const).map((key) => ({
        name: t(`count.${key}`),
        type: 'bar',
        stack: 'orders',
        itemStyle: { color: STATUS_COLORS[key] },
        data: busy.map((x) => x[key]),
      })),
    }),
    [busy, t],
  );

  const therapistColumns: ColumnsType<TherapistWorkload> = [
    { title: t('therapist'), dataIndex: 'name', fixed: 'left', width: 100 },
    {
      title: t('post'),
      key: 'post',
      width: 150,
      render: (_, r) => <PostTag clockIn={r.clockIn} />,
    },
    {
      title: t('groupsOf'),
      key: 'teams',
      width: 160,
      render: (_, r) => r.teams.map((x) => <Tag key={x.id}>{x.name}</Tag>),
    },
    ...countColumns<TherapistWorkload>(t, { rate: true, width: COUNT_WIDTH }),
  ];
  const teamColumns: ColumnsType<TeamWorkload> = [
    { title: t('group'), dataIndex: 'name', fixed: 'left', width: 140 },
    { title: t('members'), dataIndex: 'members', width: 80, align: 'right' },
    { title: t('clockedInCount'), dataIndex: 'clockedIn', width: 100, align: 'right' },
    ...countColumns<TeamWorkload>(t, { rate: true, width: COUNT_WIDTH }),
  ];

  const stat = (key: string, value: number | string, color?: string, suffix?: string) => (
    <Col xs={12} sm={8} md={6} lg={4} xl={3} key={key}>
      <Card size="small" className="workload-stat" data-testid={`stat-${key}`}>
        <Statistic title={t(`stat.${key}`)} value={value} valueStyle={{ color }} suffix={suffix} />
      </Card>
    </Col>
  );

  return (
    <Card
      title={
        <Space>
          {t('workplace.title')}
          {d && <Typography.Text type="secondary">{d.date}</Typography.Text>}
        </Space>
      }
      extra={
        <Space>
          <OfficeSelect value={officeId} onChange={setOfficeId} />
          <Button icon={<ReloadOutlined />} onClick={() => void today.refetch()} loading={today.isFetching}>
            {t('refresh')}
          </Button>
        </Space>
      }
    >
      {today.isError && <Alert type="error" showIcon message={t('common:error.loadFailed')} />}
      {d && (
        <>
          <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
            {stat('total', d.totals.total)}
            {stat('unfinished', d.totals.unfinished, STATUS_COLORS.unfinished)}
            {stat('completed', d.totals.completed, STATUS_COLORS.completed)}
            {stat('rate', completionRate(d.totals), undefined, '%')}
            {stat('expired', d.totals.expired, STATUS_COLORS.expired)}
            {stat('invalidated', d.totals.invalidated)}
            {stat('patients', d.totals.patients)}
            {stat('minutes', d.totals.minutes, STATUS_COLORS.minutes)}
            {stat('checkedIn', d.totals.checkedIn)}
            {stat('clockedIn', `${d.clockedIn} / ${d.therapistCount}`)}
            {d.unassigned > 0 && stat('unassigned', d.unassigned, STATUS_COLORS.expired)}
          </Row>
          {d.totals.total === 0 && (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('workplace.noOrders')} />
          )}
          <Tabs
            items={[
              {
                key: 'therapists',
                label: t('byTherapist'),
                children: (
                  <>
                    {busy.length > 0 && (
                      <Chart option={option} height={Math.max(160, busy.length * 36 + 60)} testId="workplace-chart" />
                    )}
                    <Table<TherapistWorkload>
                      rowKey="therapistId"
                      size="small"
                      columns={therapistColumns}
                      dataSource={d.therapists}
                      pagination={false}
                      scroll={{ x: 'max-content' }}
                      data-testid="workplace-therapists"
                    />
                  </>
                ),
              },
              {
                key: 'teams',
                label: t('byGroup'),
                children: (
                  <Table<TeamWorkload>
                    rowKey={(r) => r.teamId ?? 0}
                    size="small"
                    columns={teamColumns}
                    dataSource={d.teams}
                    pagination={false}
                    scroll={{ x: 'max-content' }}
                    locale={{ emptyText: t('noGroups') }}
                    data-testid="workplace-teams"
                  />
                ),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
