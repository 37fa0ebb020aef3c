import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { statisticsEndpoints, type EquipmentStatistics } from '@rehab/shared';
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

type Row = EquipmentStatistics['rows'][number];

/**
 * Equipment use (/dataStatistical/equipmentUseLoad): per piece of equipment the completed sessions, patients and busy
 * minutes (the project's duration of each session done on it). A bar or a row opens equipmentUseDetail: the trend by
 * day and the orders done on it.
 */
export function EquipmentUsePage() {
  const { t } = useTranslation('statistics');
  const navigate = useNavigate();
  const org = useSession().organization?.id;
  const { filter, update } = useStatFilter();
  const q = useEndpointQuery(
    statisticsEndpoints.equipmentUseLoad,
    { body: workBody(filter) },
    { select: (r) => r.data, keySuffix: [org] },
  );
  const d = q.data;
  const open = (r: Row) =>
    void navigate(href(paths.statisticsEquipmentDetail, {}, filterQuery(filter, { equipmentId: r.equipmentId })));

  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: (d?.rows ?? []).map((r) => r.name), axisLabel: { interval: 0, rotate: 30 } },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          name: metricName('busyMinutes'),
          type: 'bar',
          barMaxWidth: 56,
          itemStyle: { color: METRIC_COLORS.minutes },
          data: (d?.rows ?? []).map((r) => r.minutes),
        },
        {
          name: metricName('sessions'),
          type: 'line',
          yAxisIndex: 1,
          itemStyle: { color: METRIC_COLORS.sessions },
          data: (d?.rows ?? []).map((r) => r.sessions),
        },
      ],
    }),
    [d?.rows],
  );

  const columns: ColumnsType<Row> = [
    { title: t('col.equipment'), dataIndex: 'name', fixed: 'left', width: 180 },
    { title: <MetricTitle metric="sessions" />, dataIndex: 'sessions', width: 130, align: 'right' },
    { title: <MetricTitle metric="patients" />, dataIndex: 'patients', width: 130, align: 'right' },
    { title: <MetricTitle metric="busyMinutes" />, dataIndex: 'minutes', width: 170, align: 'right' },
  ];

  return (
    <Card
      title={t('equipment.title')}
      extra={
        <ExportButton
          title={`${t('equipment.title')} ${d?.range.from ?? ''}~${d?.range.to ?? ''}`}
          headers={[t('col.equipment'), metricName('sessions'), metricName('patients'), metricName('busyMinutes')]}
          rows={() => (d?.rows ?? []).map((r) => [r.name, r.sessions, r.patients, r.minutes])}
          countColumns={[1, 3]}
          disabled={!d?.rows.length}
        />
      }
      data-testid="equipment-use-page"
    >
      <FilterBar filter={filter} update={update} show={['office', 'therapist', 'patientType']} />
      {q.isError && <Alert type="error" showIcon title={q.error.message || t('loadFailed')} />}
      {d && (
        <>
          <MetricTiles
            items={[
              { metric: 'sessions', value: d.totals.sessions },
              { metric: 'patients', value: d.totals.patients },
              { metric: 'busyMinutes', value: d.totals.minutes },
            ]}
          />
          {d.rows.length > 0 && (
            <>
              <Typography.Text type="secondary">{t('clickToDrill')}</Typography.Text>
              <StatChart
                option={option}
                height={300}
                testId="equipment-chart"
                onPick={(i) => d.rows[i] && open(d.rows[i])}
              />
            </>
          )}
          <Table<Row>
            rowKey="equipmentId"
            size="small"
            columns={columns}
            dataSource={d.rows}
            pagination={d.rows.length > 50 ? { pageSize: 50 } : false}
            scroll={{ x: 620 }}
            onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' } })}
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
                    <Typography.Text strong>{d.totals.patients}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <Typography.Text strong>{d.totals.minutes}</Typography.Text>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ) : null
            }
            data-testid="equipment-table"
          />
        </>
      )}
    </Card>
  );
}
