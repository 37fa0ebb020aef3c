import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { statisticsEndpoints, type MetricKey, type OfficeStatistics } from '@rehab/shared';
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

type Row = OfficeStatistics['rows'][number];
const METRIC_COLUMNS = ['patients', 'visits', 'sessions', 'newPatients', 'minutes'] as const satisfies MetricKey[];
const CHARTED = ['sessions', 'visits', 'patients', 'newPatients'] as const;

/**
 * Department workload (/dataStatistical/officeWorkLoad): patients, visits (人次), sessions, new patients and minutes
 * per executing department over the range; a bar chart and the table with a total row. A bar or a row opens the
 * completed orders it counts (therapistWorkDetail with the department and the filter in the URL).
 */
export function OfficeWorkloadPage() {
  const { t } = useTranslation('statistics');
  const navigate = useNavigate();
  const org = useSession().organization?.id;
  const { filter, update } = useStatFilter();
  const q = useEndpointQuery(
    statisticsEndpoints.officeWorkLoad,
    { body: workBody(filter) },
    { select: (r) => r.data, keySuffix: [org] },
  );
  const d = q.data;
  const open = (r: Row) =>
    void navigate(href(paths.statisticsTherapistDetail, {}, filterQuery(filter, { officeId: r.officeId })));

  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: (d?.rows ?? []).map((r) => r.officeName), triggerEvent: true },
      yAxis: { type: 'value', minInterval: 1 },
      series: CHARTED.map((key) => ({
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
    { title: t('col.office'), dataIndex: 'officeName', fixed: 'left', width: 160 },
    ...METRIC_COLUMNS.map((key) => ({
      title: <MetricTitle metric={key} />,
      dataIndex: key,
      width: 130,
      align: 'right' as const,
      sorter: (a: Row, b: Row) => a[key] - b[key],
    })),
  ];

  return (
    <Card
      title={t('office.title')}
      extra={
        <ExportButton
          title={`${t('office.title')} ${d?.range.from ?? ''}~${d?.range.to ?? ''}`}
          headers={[t('col.office'), ...METRIC_COLUMNS.map(metricName)]}
          rows={() => (d?.rows ?? []).map((r) => [r.officeName, ...METRIC_COLUMNS.map((k) => r[k])])}
          countColumns={METRIC_COLUMNS.map((_, i) => i + 1)}
          disabled={!d?.rows.length}
        />
      }
      data-testid="office-workload-page"
    >
      <FilterBar filter={filter} update={update} show={['office', 'patientType']} />
      {q.isError && <Alert type="error" showIcon title={q.error.message || t('loadFailed')} />}
      {d && (
        <>
          <MetricTiles items={METRIC_COLUMNS.map((metric) => ({ metric, value: d.totals[metric] }))} />
          {d.rows.length > 0 && (
            <>
              <Typography.Text type="secondary">{t('clickToDrill')}</Typography.Text>
              <StatChart
                option={option}
                height={300}
                testId="office-chart"
                onPick={(i) => d.rows[i] && open(d.rows[i])}
              />
            </>
          )}
          <Table<Row>
            rowKey="officeId"
            size="small"
            columns={columns}
            dataSource={d.rows}
            pagination={false}
            scroll={{ x: 820 }}
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
            data-testid="office-table"
          />
        </>
      )}
    </Card>
  );
}
