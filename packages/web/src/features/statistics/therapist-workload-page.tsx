import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { statisticsEndpoints, type MetricKey, type TherapistStatistics } from '@rehab/shared';
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

type Row = TherapistStatistics['rows'][number];
const METRIC_COLUMNS = [
  'sessions',
  'authorizedSessions',
  'substituteSessions',
  'patients',
  'minutes',
] as const satisfies MetricKey[];

/**
 * Therapist workload (/dataStatistical/therapistWorkLoad): per therapist the orders count for (the executor once
 * completed), sessions, authorized and substitute sessions, patients and minutes. A bar or a row opens the
 * therapist's detail (therapistWorkDetail) with the filter.
 */
export function TherapistWorkloadPage() {
  const { t } = useTranslation('statistics');
  const navigate = useNavigate();
  const org = useSession().organization?.id;
  const { filter, update } = useStatFilter();
  const q = useEndpointQuery(
    statisticsEndpoints.therapistWorkLoad,
    { body: workBody(filter) },
    { select: (r) => r.data, keySuffix: [org] },
  );
  const d = q.data;
  const open = (r: Row) =>
    void navigate(href(paths.statisticsTherapistDetail, {}, filterQuery(filter, { therapistId: r.therapistId })));

  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: (d?.rows ?? []).map((r) => r.name), axisLabel: { interval: 0, rotate: 30 } },
      yAxis: { type: 'value', minInterval: 1 },
      series: (['sessions', 'authorizedSessions', 'substituteSessions'] as const).map((key) => ({
        name: metricName(key),
        type: 'bar',
        barMaxWidth: 56,
        itemStyle: { color: METRIC_COLORS[key] },
        data: (d?.rows ?? []).map((r) => r[key]),
      })),
    }),
    [d?.rows],
  );

  const columns: ColumnsType<Row> = [
    { title: t('col.therapist'), dataIndex: 'name', fixed: 'left', width: 140 },
    ...METRIC_COLUMNS.map((key) => ({
      title: <MetricTitle metric={key} />,
      dataIndex: key,
      width: 140,
      align: 'right' as const,
      sorter: (a: Row, b: Row) => a[key] - b[key],
    })),
  ];

  return (
    <Card
      title={t('therapist.title')}
      extra={
        <ExportButton
          title={`${t('therapist.title')} ${d?.range.from ?? ''}~${d?.range.to ?? ''}`}
          headers={[t('col.therapist'), ...METRIC_COLUMNS.map(metricName)]}
          rows={() => (d?.rows ?? []).map((r) => [r.name, ...METRIC_COLUMNS.map((k) => r[k])])}
          countColumns={METRIC_COLUMNS.map((_, i) => i + 1)}
          disabled={!d?.rows.length}
        />
      }
      data-testid="therapist-workload-page"
    >
      <FilterBar filter={filter} update={update} show={['office', 'therapist', 'patientType']} />
      {q.isError && <Alert type="error" showIcon title={q.error.message || t('loadFailed')} />}
      {d && (
        <>
          <MetricTiles items={METRIC_COLUMNS.map((metric) => ({ metric, value: d.totals[metric] }))} />
          {d.rows.length > 0 && (
            <>
              <Typography.Text type="secondary">{t('clickToDrill')}</Typography.Text>
              <StatChart
                option={option}
                height={320}
                testId="therapist-chart"
                onPick={(i) => d.rows[i] && open(d.rows[i])}
              />
            </>
          )}
          <Table<Row>
            rowKey="therapistId"
            size="small"
            columns={columns}
            dataSource={d.rows}
            pagination={d.rows.length > 50 ? { pageSize: 50 } : false}
            scroll={{ x: 860 }}
            onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' } })}
            locale={{ emptyText: t('empty') }}
            summary={() =>
              d.rows.length > 0 ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('total')}</Typography.Text>
                  </Table.Summary.Cell>
                  {METRIC_COLUMNS.map((k, i) => (
                    <Table.Summary.Cell key={k} index={i + 1} align="right">
                      <Typography.Text strong>{d.totals[k]}</Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              ) : null
            }
            data-testid="therapist-table"
          />
        </>
      )}
    </Card>
  );
}
