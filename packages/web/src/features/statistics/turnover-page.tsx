import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Card, Col, Row, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { fenToYuanNumber, statisticsEndpoints, type MetricKey, type Turnover } from '@rehab/shared';
import { usePayTypes, yuan } from '../../components/billing/billing-kit';
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
  rangeBody,
} from './kit';

type DayRow = Turnover['days'][number];
type CashierRow = Turnover['byCashier'][number];
type PayRow = Turnover['byPayType'][number];
const MONEY = [
  ['receivable', 'receivableFen'],
  ['discounts', 'discountsFen'],
  ['received', 'receivedFen'],
  ['refunds', 'refundsFen'],
  ['netIncome', 'netIncomeFen'],
] as const satisfies readonly (readonly [MetricKey, keyof DayRow])[];

/** The money columns of a turnover table, titled by their metrics. */
function moneyColumns<T extends DayRow | CashierRow>(): ColumnsType<T> {
  return [
    ...MONEY.map(([metric, key]) => ({
      title: <MetricTitle metric={metric} />,
      dataIndex: key,
      width: 130,
      align: 'right' as const,
      render: (v: number) => yuan(v),
    })),
    { title: <MetricTitle metric="settlementCount" />, dataIndex: 'settlementCount', width: 110, align: 'right' },
  ];
}

/**
 * Turnover (/dataStatistical/turnOver): receivable, received, refunds and net income of the settlements of the range,
 * on the daily settlement's source and time basis (settlement time on the clinic's calendar), by day (chart and
 * table), by pay type and by cashier; Excel of the days with a total row.
 */
export function TurnoverPage() {
  const { t } = useTranslation('statistics');
  const org = useSession().organization?.id;
  const payTypes = usePayTypes();
  const { filter, update } = useStatFilter();
  const navigate = useNavigate();
  /** the settlements of a cashier (0: all) over the range, or of one day */
  const openDetail = (cashierId: number, date?: string) =>
    void navigate(
      href(
        paths.statisticsTurnoverDetail,
        { id: cashierId },
        filterQuery(filter, date ? { range: 'day', date, startDate: undefined, endDate: undefined } : {}),
      ),
    );
  const q = useEndpointQuery(
    statisticsEndpoints.turnOver,
    {
      body: {
        ...rangeBody(filter),
      },
    },
    { select: (r) => r.data, keySuffix: [org] },
  );
  const d = q.data;
  /** the table lists the days with money (the chart shows every day of the range) */
  const moneyDays = useMemo(
    () => (d?.days ?? []).filter((x) => x.settlementCount > 0 || x.receivedFen > 0 || x.refundsFen > 0),
    [d?.days],
  );

  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: (d?.days ?? []).map((x) => x.date.slice(5)) },
      yAxis: { type: 'value' },
      series: [
        ...(['received', 'refunds'] as const).map((key) => ({
          name: metricName(key),
          type: 'bar',
          barMaxWidth: 56,
          itemStyle: { color: METRIC_COLORS[key] },
          data: (d?.days ?? []).map((x) => fenToYuanNumber(x[`${key}Fen`])),
        })),
        {
          name: metricName('receivable'),
          type: 'line',
          itemStyle: { color: METRIC_COLORS.receivable },
          data: (d?.days ?? []).map((x) => fenToYuanNumber(x.receivableFen)),
        },
      ],
    }),
    [d?.days],
  );

  const dayColumns: ColumnsType<DayRow> = [
    { title: t('col.date'), dataIndex: 'date', width: 120, fixed: 'left' },
    ...moneyColumns<DayRow>(),
  ];
  const cashierColumns: ColumnsType<CashierRow> = [
    { title: t('col.cashier'), dataIndex: 'name', width: 120 },
    ...moneyColumns<CashierRow>(),
  ];
  const payColumns: ColumnsType<PayRow> = [
    { title: t('col.payType'), dataIndex: 'payType', render: (v: string) => payTypes.label(v) },
    {
      title: <MetricTitle metric="received" />,
      dataIndex: 'receivedFen',
      align: 'right',
      render: (v: number) => yuan(v),
    },
    {
      title: <MetricTitle metric="refunds" />,
      dataIndex: 'refundsFen',
      align: 'right',
      render: (v: number) => yuan(v),
    },
  ];

  return (
    <Card
      title={t('turnover.title')}
      extra={
        <ExportButton
          title={`${t('turnover.title')} ${d?.range.from ?? ''}~${d?.range.to ?? ''}`}
          headers={[t('col.date'), ...MONEY.map(([m]) => metricName(m))]}
          rows={() => (d?.days ?? []).map((r) => [r.date, ...MONEY.map(([, k]) => fenToYuanNumber(r[k]))])}
          sumColumns={MONEY.map((_, i) => i + 1)}
          disabled={!d}
        />
      }
      data-testid="turnover-page"
    >
      <FilterBar filter={filter} update={update} />
      {q.isError && <Alert type="error" showIcon title={q.error.message || t('loadFailed')} />}
      {d && (
        <>
          <MetricTiles
            items={[
              ...MONEY.map(([metric, key]) => ({ metric, value: yuan(d.totals[key]) })),
              { metric: 'settlementCount' as const, value: d.totals.settlementCount },
            ]}
          />
          <Typography.Text type="secondary">{t('clickToDrill')}</Typography.Text>
          <StatChart
            option={option}
            height={280}
            testId="turnover-chart"
            onPick={(i) => d.days[i] && openDetail(0, d.days[i].date)}
          />
          <Row gutter={16} style={{ marginTop: 8 }}>
            <Col xs={24} xl={8}>
              <Typography.Title level={5}>{t('turnover.byPayType')}</Typography.Title>
              <Table<PayRow>
                rowKey="payType"
                size="small"
                columns={payColumns}
                dataSource={d.byPayType}
                pagination={false}
                locale={{ emptyText: t('empty') }}
                data-testid="turnover-paytypes"
              />
            </Col>
            <Col xs={24} xl={16}>
              <Typography.Title level={5}>{t('turnover.byCashier')}</Typography.Title>
              <Table<CashierRow>
                rowKey="cashierId"
                size="small"
                columns={cashierColumns}
                dataSource={d.byCashier}
                pagination={false}
                scroll={{ x: 760 }}
                locale={{ emptyText: t('empty') }}
                onRow={(r) => ({ onClick: () => openDetail(r.cashierId), style: { cursor: 'pointer' } })}
                data-testid="turnover-cashiers"
              />
            </Col>
          </Row>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('turnover.byDay')}
          </Typography.Title>
          <Table<DayRow>
            rowKey="date"
            size="small"
            columns={dayColumns}
            dataSource={moneyDays}
            pagination={moneyDays.length > 31 ? { pageSize: 31 } : false}
            locale={{ emptyText: t('empty') }}
            scroll={{ x: 780 }}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('total')}</Typography.Text>
                </Table.Summary.Cell>
                {MONEY.map(([, k], i) => (
                  <Table.Summary.Cell key={k} index={i + 1} align="right">
                    <Typography.Text strong>{yuan(d.totals[k])}</Typography.Text>
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={MONEY.length + 1} align="right">
                  <Typography.Text strong>{d.totals.settlementCount}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
            onRow={(r) => ({ onClick: () => openDetail(0, r.date), style: { cursor: 'pointer' } })}
            data-testid="turnover-days"
          />
        </>
      )}
    </Card>
  );
}
