import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { fenToYuanNumber, statisticsEndpoints, type CostStatistics } from '@rehab/shared';
import { yuan } from '../../components/billing/billing-kit';
import { callEndpoint, useEndpointQuery } from '../../lib/endpoints';
import { href, paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
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

type Row = CostStatistics['page']['list'][number];
const PAGE = 20;
const MONEY = [
  ['courseCharged', 'chargedFen'],
  ['courseRefunded', 'refundedFen'],
  ['courseNet', 'netFen'],
] as const;

/** Treatment cost (/dataStatistical/treatmentCostLoad): money per patient and course, outpatient or inpatient. */
export function TreatmentCostPage() {
  return <CostPage kind="treatmentCost" />;
}

/** Inpatient cost (/dataStatistical/hospitalizedCostLoad): the same for inpatient courses only. */
export function HospitalizedCostPage() {
  return <CostPage kind="hospitalizedCost" />;
}

const DETAIL = {
  treatmentCost: paths.statisticsTreatmentCostDetail,
  hospitalizedCost: paths.statisticsHospitalizedCostDetail,
} as const;

/**
 * Money per patient and course of the range (charged, refunded, net; settlement time, the daily settlement's basis),
 * largest net first; a row opens the course's settlements and refunds.
 */
function CostPage({ kind }: { kind: keyof typeof DETAIL }) {
  const { t } = useTranslation('statistics');
  const navigate = useNavigate();
  const org = useSession().organization?.id;
  const { filter, update } = useStatFilter();
  const [page, setPage] = useState(1);
  const patientType = kind === 'hospitalizedCost' ? 2 : filter.patientType;
  const body = {
    ...rangeBody(filter),
    patientType,
  };
  const q = useEndpointQuery(
    statisticsEndpoints.treatmentCostLoad,
    { body: { ...body, page, limit: PAGE } },
    { select: (r) => r.data, keySuffix: [org] },
  );
  const d = q.data;
  const open = (r: Row) =>
    void navigate(
      href(DETAIL[kind], {}, filterQuery(filter, { patientId: r.patientId, treatmentId: r.treatmentId ?? undefined })),
    );

  const columns: ColumnsType<Row> = [
    { title: t('row.patient'), dataIndex: 'patientName', fixed: 'left', width: 120 },
    {
      title: t('row.patientType'),
      dataIndex: 'patientType',
      width: 100,
      render: (v: number | null) => (v ? t(`patientType.${v}`) : '-'),
    },
    { title: t('cost.courseNo'), dataIndex: 'courseNo', width: 150, render: (v: string | null) => v ?? '-' },
    ...MONEY.map(([metric, key]) => ({
      title: <MetricTitle metric={metric} />,
      dataIndex: key,
      width: 130,
      align: 'right' as const,
      render: (v: number) => yuan(v),
    })),
    { title: <MetricTitle metric="settlementCount" />, dataIndex: 'settlementCount', width: 110, align: 'right' },
  ];

  const exportRows = async () => {
    const all = await callEndpoint(statisticsEndpoints.treatmentCostLoad, { body: { ...body, page: 1, limit: 1000 } });
    return all.data.page.list.map((r) => [
      r.patientName,
      r.patientType ? t(`patientType.${r.patientType}`) : '-',
      r.courseNo ?? '',
      ...MONEY.map(([, k]) => fenToYuanNumber(r[k])),
    ]);
  };

  return (
    <Card
      title={t(`${kind}.title`)}
      extra={
        <ExportButton
          title={`${t(`${kind}.title`)} ${d?.range.from ?? ''}~${d?.range.to ?? ''}`}
          headers={[t('row.patient'), t('row.patientType'), t('cost.courseNo'), ...MONEY.map(([m]) => metricName(m))]}
          rows={exportRows}
          sumColumns={[3, 4, 5]}
          disabled={!d?.page.totalCount}
        />
      }
      data-testid={`${kind}-page`}
    >
      <FilterBar
        filter={filter}
        update={(patch) => {
          setPage(1);
          update(patch);
        }}
        show={kind === 'treatmentCost' ? ['patientType'] : []}
      />
      {q.isError && <Alert type="error" showIcon title={q.error.message || t('loadFailed')} />}
      {d && (
        <>
          <MetricTiles
            items={[
              ...MONEY.map(([metric, key]) => ({ metric, value: yuan(d.totals[key]) })),
              { metric: 'settlementCount' as const, value: d.totals.settlementCount },
            ]}
          />
          <Typography.Text type="secondary">{t('cost.clickRow')}</Typography.Text>
          <Table<Row>
            rowKey={(r) => `${r.patientId}-${r.treatmentId}`}
            size="small"
            columns={columns}
            dataSource={d.page.list}
            scroll={{ x: 900 }}
            onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' } })}
            pagination={{
              current: page,
              pageSize: PAGE,
              total: d.page.totalCount,
              onChange: setPage,
              showSizeChanger: false,
              showTotal: (n) => t('rowsTotal', { count: n }),
            }}
            locale={{ emptyText: t('empty') }}
            summary={() =>
              d.page.totalCount > 0 ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={3}>
                    <Typography.Text strong>
                      {t('total')} ({t('cost.courses', { count: d.totals.courses })})
                    </Typography.Text>
                  </Table.Summary.Cell>
                  {MONEY.map(([, k], i) => (
                    <Table.Summary.Cell key={k} index={i + 3} align="right">
                      <Typography.Text strong>{yuan(d.totals[k])}</Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                  <Table.Summary.Cell index={6} align="right">
                    <Typography.Text strong>{d.totals.settlementCount}</Typography.Text>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ) : null
            }
            data-testid="cost-table"
          />
        </>
      )}
    </Card>
  );
}
