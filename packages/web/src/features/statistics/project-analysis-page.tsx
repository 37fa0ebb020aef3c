import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { fenToYuanNumber, statisticsEndpoints, type ProjectStatistics } from '@rehab/shared';
import { yuan } from '../../components/billing/billing-kit';
import { useEndpointQuery } from '../../lib/endpoints';
import { href, paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { METRIC_COLORS, StatChart } from './chart';
import {
  ExportButton,
  FilterBar,
  MetricTiles,
  MetricTitle,
  filterQuery,
  metricName,
  useStatFilter,
  workBody,
} from './kit';

type Row = ProjectStatistics['rows'][number];

/**
 * Project analysis (/dataStatistical/projectAnalysisLoad): per project template the sessions, patients and minutes
 * (treatment day, with the filters) and the revenue (settlement time), with their shares; bars of sessions with the
 * revenue as a line. A bar or a row opens projectAnalysisDetail: the trend by day and the orders counted.
 */
export function ProjectAnalysisPage() {
  const { t } = useTranslation('statistics');
  const navigate = useNavigate();
  const org = useSession().organization?.id;
  const { filter, update } = useStatFilter();
  const q = useEndpointQuery(
    statisticsEndpoints.projectAnalysisLoad,
    { body: workBody(filter) },
    { select: (r) => r.data, keySuffix: [org] },
  );
  const d = q.data;
  const open = (r: Row) => {
    if (r.projectId !== null)
      void navigate(href(paths.statisticsProjectDetail, {}, filterQuery(filter, { projectId: r.projectId })));
  };

  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: (d?.rows ?? []).map((r) => r.name), axisLabel: { interval: 0, rotate: 30 } },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', splitLine: { show: false } },
      ],
      series: [
        {
          name: metricName('sessions'),
          type: 'bar',
          barMaxWidth: 56,
          itemStyle: { color: METRIC_COLORS.sessions },
          data: (d?.rows ?? []).map((r) => r.sessions),
        },
        {
          name: metricName('revenue'),
          type: 'line',
          yAxisIndex: 1,
          itemStyle: { color: METRIC_COLORS.received },
          data: (d?.rows ?? []).map((r) => fenToYuanNumber(r.revenueFen)),
        },
      ],
    }),
    [d?.rows],
  );

  const columns: ColumnsType<Row> = [
    { title: t('col.project'), dataIndex: 'name', fixed: 'left', width: 160 },
    {
      title: <MetricTitle metric="sessions" />,
      dataIndex: 'sessions',
      width: 120,
      align: 'right',
      sorter: (a, b) => a.sessions - b.sessions,
    },
    {
      title: <MetricTitle metric="sessionShare" />,
      dataIndex: 'sessionShare',
      width: 130,
      align: 'right',
      render: (v: number) => `${v}%`,
    },
    { title: <MetricTitle metric="patients" />, dataIndex: 'patients', width: 120, align: 'right' },
    { title: <MetricTitle metric="minutes" />, dataIndex: 'minutes', width: 150, align: 'right' },
    {
      title: <MetricTitle metric="revenue" />,
      dataIndex: 'revenueFen',
      width: 140,
      align: 'right',
      sorter: (a, b) => a.revenueFen - b.revenueFen,
      render: (v: number) => yuan(v),
    },
    {
      title: <MetricTitle metric="revenueShare" />,
      dataIndex: 'revenueShare',
      width: 130,
      align: 'right',
      render: (v: number) => `${v}%`,
    },
  ];

  return (
    <Card
      title={t('project.title')}
      extra={
        <ExportButton
          title={`${t('project.title')} ${d?.range.from ?? ''}~${d?.range.to ?? ''}`}
          headers={[
            t('col.project'),
            metricName('sessions'),
            metricName('patients'),
            metricName('minutes'),
            metricName('revenue'),
          ]}
          rows={() =>
            (d?.rows ?? []).map((r) => [r.name, r.sessions, r.patients, r.minutes, fenToYuanNumber(r.revenueFen)])
          }
          sumColumns={[4]}
          countColumns={[1, 3]}
          disabled={!d?.rows.length}
        />
      }
      data-testid="project-analysis-page"
    >
      <FilterBar filter={filter} update={update} show={['office', 'therapist', 'patientType']} />
      {q.isError && <Alert type="error" showIcon title={q.error.message || t('loadFailed')} />}
      {d && (
        <>
          <MetricTiles
            items={[
              { metric: 'sessions', value: d.totals.sessions },
              { metric: 'patients', value: d.totals.patients },
              { metric: 'minutes', value: d.totals.minutes },
              { metric: 'revenue', value: yuan(d.totals.revenueFen) },
            ]}
          />
          {d.rows.length > 0 && (
            <>
              <Typography.Text type="secondary">{t('clickToDrill')}</Typography.Text>
              <StatChart
                option={option}
                height={320}
                testId="project-chart"
                onPick={(i) => d.rows[i] && open(d.rows[i])}
              />
            </>
          )}
          <Table<Row>
            rowKey={(r) => String(r.projectId)}
            size="small"
            columns={columns}
            dataSource={d.rows}
            pagination={d.rows.length > 50 ? { pageSize: 50 } : false}
            scroll={{ x: 960 }}
            onRow={(r) => ({ onClick: () => open(r), style: { cursor: r.projectId === null ? undefined : 'pointer' } })}
            locale={{ emptyText: t('empty') }}
            summary={() =>
              d.rows.length > 0 ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('total')}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <Typography.Text strong>{d.totals.sessions}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    100%
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <Typography.Text strong>{d.totals.patients}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    <Typography.Text strong>{d.totals.minutes}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    <Typography.Text strong>{yuan(d.totals.revenueFen)}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} align="right">
                    100%
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ) : null
            }
            data-testid="project-table"
          />
        </>
      )}
    </Card>
  );
}
