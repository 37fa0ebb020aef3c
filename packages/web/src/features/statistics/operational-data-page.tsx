import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Card, Statistic, Table, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  fenToYuanNumber,
  statisticsEndpoints,
  type MetricKey,
  type OperationalData,
  type OperationalFigures,
} from '@rehab/shared';
import { yuan } from '../../components/billing/billing-kit';
import { useEndpointQuery } from '../../lib/endpoints';
import { href, paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { METRIC_COLORS, StatChart } from './chart';
import { ExportButton, FilterBar, MetricTitle, filterQuery, metricName, useStatFilter, rangeBody } from './kit';

type OfficeRow = OperationalData['offices'][number];

/** The tiles: a figure of the range, its metric, how it is shown, and whether more is better. */
const TILES: {
  metric: MetricKey;
  key: keyof OperationalFigures;
  money?: boolean;
  percent?: boolean;
  days?: boolean;
  lowerIsBetter?: boolean;
}[] = [
  { metric: 'registrations', key: 'registrations' },
  { metric: 'newPatients', key: 'newPatients' },
  { metric: 'patients', key: 'patients' },
  { metric: 'visits', key: 'visits' },
  { metric: 'sessions', key: 'sessions' },
  { metric: 'minutes', key: 'minutes' },
  { metric: 'completionRate', key: 'completionRate', percent: true },
  { metric: 'expiredOrders', key: 'expiredOrders', lowerIsBetter: true },
  { metric: 'waitingDays', key: 'waitingDays', days: true, lowerIsBetter: true },
  { metric: 'netIncome', key: 'netIncomeFen', money: true },
  { metric: 'refunds', key: 'refundsFen', money: true, lowerIsBetter: true },
  { metric: 'incomePerVisit', key: 'incomePerVisitFen', money: true },
];
/** at most five tiles a row, none narrower than 160 px */
const TILE_GRID: React.CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(max(160px, calc((100% - 48px) / 5)), 1fr))',
  gap: 12,
  marginBottom: 16,
};
const OFFICE_METRICS = ['registrations', 'patients', 'visits', 'sessions'] as const satisfies MetricKey[];

/** The change against the period before, in percent with one decimal (null: nothing to compare with). */
function change(now: number, before: number): number | null {
  if (!before) return now ? null : 0;
  return Math.round(((now - before) * 1000) / before) / 10;
}

/** A figure of the range with the period before and the change (环比), coloured by whether it is better. */
function ComparedTile({
  tile,
  now,
  before,
}: {
  tile: (typeof TILES)[number];
  now: OperationalFigures;
  before: OperationalFigures;
}) {
  const { t } = useTranslation('statistics');
  const show = (v: number) =>
    tile.money ? yuan(v) : tile.percent ? `${v}%` : tile.days ? t('operations.days', { count: v }) : String(v);
  const a = now[tile.key];
  const b = before[tile.key];
  // a rate compares in points, a figure in percent of the period before
  const delta = tile.percent ? (b || !a ? Math.round((a - b) * 10) / 10 : null) : change(a, b);
  const better = delta !== null && delta !== 0 && delta > 0 !== Boolean(tile.lowerIsBetter);
  const color = delta === null || delta === 0 ? '#595959' : better ? '#237804' : '#a8071a';
  return (
    <Card size="small" data-testid={`tile-${tile.metric}`}>
      <Statistic title={<MetricTitle metric={tile.metric} />} value={show(a)} />
      <Typography.Text style={{ color, fontSize: 13 }} data-testid={`tile-change-${tile.metric}`}>
        {delta === null ? (
          t('operations.newSincePrevious')
        ) : delta === 0 ? (
          t('operations.noChange')
        ) : (
          <>
            {delta > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(delta)}
            {tile.percent ? t('operations.points') : '%'}
          </>
        )}
      </Typography.Text>
      {delta !== null && (
        <Typography.Text type="secondary" style={{ fontSize: 13, marginLeft: 8 }}>
          {t('operations.previousValue', { value: show(b) })}
        </Typography.Text>
      )}
    </Card>
  );
}

/**
 * Operations overview (/dataStatistical/operational-data, 运营数据): the organization's registrations, patients, visits,
 * sessions, completion rate and income over the range up to today, each against as many days of the period before
 * (环比); the trend by day; and per department the registrations (by the visit's department) and the work (by the
 * executing one). A department's row opens the completed orders it counts.
 */
export function OperationalDataPage() {
  const { t } = useTranslation('statistics');
  const navigate = useNavigate();
  const org = useSession().organization?.id;
  const { filter, update } = useStatFilter();
  const q = useEndpointQuery(
    statisticsEndpoints.operationalData,
    {
      body: {
        ...rangeBody(filter),
      },
    },
    { select: (r) => r.data, keySuffix: [org] },
  );
  const d = q.data;
  const open = (r: OfficeRow) =>
    void navigate(
      href(
        paths.statisticsTherapistDetail,
        {},
        filterQuery(filter, { officeId: r.officeId, startDate: d?.range.from, endDate: d?.range.to, range: 'custom' }),
      ),
    );

  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: (d?.days ?? []).map((x) => x.date.slice(5)) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', splitLine: { show: false } },
      ],
      series: [
        ...(['sessions', 'visits'] as const).map((key) => ({
          name: metricName(key),
          type: 'bar',
          barMaxWidth: 40,
          itemStyle: { color: METRIC_COLORS[key] },
          data: (d?.days ?? []).map((x) => x[key]),
        })),
        {
          name: metricName('registrations'),
          type: 'line',
          itemStyle: { color: METRIC_COLORS.newPatients },
          data: (d?.days ?? []).map((x) => x.registrations),
        },
        {
          name: `${metricName('netIncome')} (${t('operations.yuan')})`,
          type: 'line',
          yAxisIndex: 1,
          itemStyle: { color: METRIC_COLORS.received },
          data: (d?.days ?? []).map((x) => fenToYuanNumber(x.netIncomeFen)),
        },
      ],
    }),
    [d?.days, t],
  );

  const columns: ColumnsType<OfficeRow> = [
    { title: t('col.office'), dataIndex: 'officeName', fixed: 'left', width: 160 },
    ...OFFICE_METRICS.map((key) => ({
      title: <MetricTitle metric={key} />,
      dataIndex: key,
      width: 120,
      align: 'right' as const,
      sorter: (a: OfficeRow, b: OfficeRow) => a[key] - b[key],
    })),
    {
      title: t('operations.inTreatment'),
      dataIndex: 'inTreatment',
      width: 140,
      align: 'right',
      sorter: (a: OfficeRow, b: OfficeRow) => a.inTreatment - b.inTreatment,
    },
  ];
  const officeTotal = (k: (typeof OFFICE_METRICS)[number] | 'inTreatment') =>
    (d?.offices ?? []).reduce((n, r) => n + r[k], 0);

  return (
    <Card
      title={t('operations.title')}
      extra={
        <ExportButton
          title={`${t('operations.title')} ${d?.range.from ?? ''}~${d?.range.to ?? ''}`}
          headers={[t('col.office'), ...OFFICE_METRICS.map(metricName), t('operations.inTreatment')]}
          rows={() => (d?.offices ?? []).map((r) => [r.officeName, ...OFFICE_METRICS.map((k) => r[k]), r.inTreatment])}
          countColumns={[...OFFICE_METRICS.map((_, i) => i + 1), OFFICE_METRICS.length + 1]}
          disabled={!d?.offices.length}
        />
      }
      data-testid="operations-page"
    >
      <FilterBar filter={filter} update={update} />
      {q.isError && <Alert type="error" showIcon title={q.error.message || t('loadFailed')} />}
      {q.isPending && <Card loading size="small" />}
      {d && (
        <>
          <Typography.Paragraph type="secondary" data-testid="operations-compared">
            {t('operations.compared', {
              from: d.range.from,
              to: d.range.to,
              previousFrom: d.previousRange.from,
              previousTo: d.previousRange.to,
            })}
          </Typography.Paragraph>
          <div style={TILE_GRID} data-testid="operations-tiles">
            {TILES.map((tile) => (
              <ComparedTile key={tile.metric} tile={tile} now={d.current} before={d.previous} />
            ))}
          </div>
          <Typography.Title level={5}>{t('operations.trend')}</Typography.Title>
          <StatChart option={option} height={280} testId="operations-chart" />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('operations.byOffice')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('operations.clickOffice')}</Typography.Text>
          <Table<OfficeRow>
            rowKey="officeId"
            size="small"
            columns={columns}
            dataSource={d.offices}
            pagination={false}
            scroll={{ x: 700 }}
            onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' } })}
            locale={{ emptyText: t('empty') }}
            summary={() =>
              d.offices.length > 0 ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('total')}</Typography.Text>
                  </Table.Summary.Cell>
                  {[...OFFICE_METRICS, 'inTreatment' as const].map((k, i) => (
                    <Table.Summary.Cell key={k} index={i + 1} align="right">
                      <Typography.Text strong>{officeTotal(k)}</Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              ) : null
            }
            data-testid="operations-offices"
          />
        </>
      )}
    </Card>
  );
}
