import { useMemo, useState } from 'react';
import { Alert, Card, Col, DatePicker, Row, Space, Statistic, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAILY_WORKLOAD_MAX_DAYS, workloadEndpoints, type DailyWorkload } from '@rehab/shared';
import { ExportButton } from '../../components/export-button';
import { downloadEndpoint, useEndpointQuery } from '../../lib/endpoints';
import { useSession } from '../../lib/session';
import { clinicToday } from '../../lib/clinic-day';
import { useDailyWorkload, useTeamOptions, type DailySearch } from './api';
import { Chart, STATUS_COLORS } from './chart';
import { completionRate, countColumns, OfficeSelect } from './common';
import './workload.css';
import { FilterSelect } from '../../components/filter-select';

type DayRow = DailyWorkload['days'][number];
type TherapistRow = DailyWorkload['therapists'][number];

const FORMAT = 'YYYY-MM-DD';

/** The organization's therapists for the filter (POST /sys/user/getTherapist, open to every member). */
function useTherapistOptions() {
  const org = useSession().organization?.id ?? 0;
  return useEndpointQuery(
    workloadEndpoints.getTherapist,
    { body: {} },
    { keySuffix: [org], select: (r) => r.data, staleTime: 60_000 },
  );
}

/**
 * Daily workload (/dailyWorkload): the department's orders by day over a range (the last 7 days by default, at most
 * 92), with the same counts as the workplace; a chart of the days and tables by day and by therapist.
 */
export function DailyWorkloadPage() {
  const { t } = useTranslation('workload');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [clinicToday().subtract(6, 'day'), clinicToday()]);
  const [therapistId, setTherapistId] = useState<number>();
  const [teamId, setTeamId] = useState<number>();
  const [officeId, setOfficeId] = useState<number>();
  const search: DailySearch = {
    startDate: range[0].format(FORMAT),
    endDate: range[1].format(FORMAT),
    therapistId,
    teamId,
    officeId,
  };
  const daily = useDailyWorkload(search);
  const therapists = useTherapistOptions();
  const teams = useTeamOptions();
  const d = daily.data;

  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: (d?.days ?? []).map((x) => x.date.slice(5)) },
      yAxis: [
        { type: 'value', minInterval: 1, name: t('orders') },
        { type: 'value', minInterval: 1, name: t('count.minutes'), splitLine: { show: false } },
      ],
      series: [
        ...(['completed', 'unfinished', 'expired', 'invalidated'] as const).map((key) => ({
          name: t(`count.${key}`),
          type: 'bar',
          stack: 'orders',
          itemStyle: { color: STATUS_COLORS[key] },
          data: (d?.days ?? []).map((x) => x[key]),
        })),
        {
          name: t('count.minutes'),
          type: 'line',
          yAxisIndex: 1,
          itemStyle: { color: STATUS_COLORS.minutes },
          data: (d?.days ?? []).map((x) => x.minutes),
        },
      ],
    }),
    [d?.days, t],
  );

  const dayColumns: ColumnsType<DayRow> = [
    { title: t('date'), dataIndex: 'date', fixed: 'left', width: 120 },
    { title: t('therapistsWorking'), dataIndex: 'therapists', width: 100, align: 'right' },
    ...countColumns<DayRow>(t, { rate: true }),
  ];
  const therapistColumns: ColumnsType<TherapistRow> = [
    {
      title: t('therapist'),
      dataIndex: 'name',
      fixed: 'left',
      width: 160,
      // the rows that make the table add up to the totals: a group's orders with no therapist yet, and nobody's
      render: (name: string, r) =>
        r.kind === 'therapist' ? (
          name
        ) : (
          <Typography.Text type={r.kind === 'unassigned' ? 'warning' : 'secondary'}>{name}</Typography.Text>
        ),
    },
    { title: t('daysWorked'), dataIndex: 'days', width: 90, align: 'right' },
    ...countColumns<TherapistRow>(t, { rate: true }),
    {
      title: t('perDay'),
      key: 'perDay',
      width: 110,
      align: 'right',
      render: (_, r) => (r.days ? (r.completed / r.days).toFixed(1) : '-'),
    },
  ];

  return (
    <Card title={t('daily.title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          allowClear={false}
          value={range}
          disabledDate={(day, info) => {
            const from = info.from;
            return Boolean(from && Math.abs(day.diff(from, 'day')) >= DAILY_WORKLOAD_MAX_DAYS);
          }}
          onChange={(v) => v && v[0] && v[1] && setRange([v[0], v[1]])}
          data-testid="daily-range"
        />
        <FilterSelect
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('allTherapists')}
          style={{ width: 160 }}
          value={therapistId}
          onChange={setTherapistId}
          options={(therapists.data ?? []).map((x) => ({ value: x.userId, label: x.name }))}
        />
        <FilterSelect
          allowClear
          placeholder={t('allGroups')}
          style={{ width: 160 }}
          value={teamId}
          onChange={setTeamId}
          options={(teams.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
        />
        <OfficeSelect value={officeId} onChange={setOfficeId} />
        <ExportButton
          download={() => downloadEndpoint(workloadEndpoints.dailyExport, { body: search })}
          fallbackName={`${t('daily.title')}.xlsx`}
          testId="daily-export"
        />
      </Space>
      {daily.isError && <Alert type="error" showIcon message={daily.error.message || t('common:error.loadFailed')} />}
      {d && (
        <>
          <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
            {(
              [
                ['total', d.totals.total],
                ['completed', d.totals.completed],
                ['unfinished', d.totals.unfinished],
                ['expired', d.totals.expired],
                ['invalidated', d.totals.invalidated],
                ['patients', d.totals.patients],
                ['minutes', d.totals.minutes],
                ['rate', `${completionRate(d.totals)}%`],
              ] as const
            ).map(([key, value]) => (
              <Col xs={12} sm={6} lg={3} key={key}>
                <Card size="small" className="workload-stat" data-testid={`daily-${key}`}>
                  <Statistic title={key === 'total' ? t('daily.total') : t(`stat.${key}`)} value={value} />
                </Card>
              </Col>
            ))}
          </Row>
          <Chart option={option} height={300} testId="daily-chart" />
          <Tabs
            items={[
              {
                key: 'days',
                label: t('byDay'),
                children: (
                  <Table<DayRow>
                    rowKey="date"
                    size="small"
                    columns={dayColumns}
                    dataSource={d.days}
                    pagination={d.days.length > 31 ? { pageSize: 31 } : false}
                    scroll={{ x: 1200 }}
                  />
                ),
              },
              {
                key: 'therapists',
                label: t('byTherapist'),
                children: (
                  <Table<TherapistRow>
                    rowKey={(r) => `${r.kind}-${r.therapistId ?? ''}`}
                    size="small"
                    columns={therapistColumns}
                    dataSource={d.therapists}
                    pagination={false}
                    scroll={{ x: 1300 }}
                    locale={{ emptyText: t('noOrdersInRange') }}
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
