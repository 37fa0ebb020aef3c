import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Space, Table, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { fenToYuanNumber, statisticsEndpoints, type TurnoverSettlementRow } from '@rehab/shared';
import { usePayTypes, yuan } from '../../components/billing/billing-kit';
import { callEndpoint, useEndpointQuery } from '../../lib/endpoints';
import { currentLocale } from '../../lib/locale';
import { href, paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { ExportButton, FilterBar, MetricTitle, filterQuery, useStatFilter, rangeBody } from './kit';

const PAGE = 20;

/**
 * Turnover detail (/dataStatistical/turnOverDetail/:id, `id` a cashier or 0 for all): the settlements and refunds of
 * the range the turnover counts, newest first, with patient, cashier and payments; opened from a day or a cashier of
 * the turnover screen. Excel: refunds as negative amounts, so the total row is the net.
 */
export function TurnoverDetailPage() {
  return <SettlementDetail kind="turnover" />;
}

/** The settlements of one course (/dataStatistical/treatmentCostDetail?patientId=..&treatmentId=..&range=..). */
export function TreatmentCostDetailPage() {
  return <SettlementDetail kind="treatmentCost" />;
}

/** The same for an inpatient course (/dataStatistical/hospitalizedCostDetail). */
export function HospitalizedCostDetailPage() {
  return <SettlementDetail kind="hospitalizedCost" />;
}

const BACK = {
  turnover: paths.statisticsTurnover,
  treatmentCost: paths.statisticsTreatmentCost,
  hospitalizedCost: paths.statisticsHospitalizedCost,
} as const;

function SettlementDetail({ kind }: { kind: keyof typeof BACK }) {
  const { t } = useTranslation('statistics');
  const org = useSession().organization?.id;
  const payTypes = usePayTypes();
  const params = useParams();
  const cashierId = Number(params.id) > 0 ? Number(params.id) : undefined;
  const { filter, update } = useStatFilter();
  const [page, setPage] = useState(1);
  const body = {
    ...rangeBody(filter),
    cashierId,
    patientId: kind === 'turnover' ? undefined : filter.patientId,
    treatmentId: kind === 'turnover' ? undefined : filter.treatmentId,
  };
  const q = useEndpointQuery(
    statisticsEndpoints.turnOverDetail,
    { body: { ...body, page, limit: PAGE } },
    { select: (r) => r.data, keySuffix: [org] },
  );
  const first = q.data?.list[0];
  const payText = (r: TurnoverSettlementRow) =>
    r.payments
      .map((p) => `${payTypes.label(p.payType)} ${yuan(p.amountFen)}`)
      .join(currentLocale() === 'en' ? ', ' : '，');

  const columns: ColumnsType<TurnoverSettlementRow> = [
    {
      title: t('turnoverDetail.time'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string) => new Date(v).toLocaleString([], { hour12: false }),
    },
    { title: t('turnoverDetail.no'), dataIndex: 'settlementNo', width: 190 },
    {
      title: t('turnoverDetail.kind'),
      dataIndex: 'kind',
      width: 90,
      render: (v: TurnoverSettlementRow['kind']) => (
        <Tag color={v === 'charge' ? 'green' : 'red'}>{t(`turnoverDetail.${v}`)}</Tag>
      ),
    },
    { title: t('row.patient'), dataIndex: 'patientName', width: 110 },
    { title: t('col.cashier'), dataIndex: 'cashierName', width: 110 },
    {
      title: <MetricTitle metric="receivable" label={t('turnoverDetail.amount')} />,
      dataIndex: 'totalFen',
      width: 130,
      align: 'right',
      render: (v: number, r) => (r.kind === 'reversal' ? `-${yuan(v)}` : yuan(v)),
    },
    { title: t('col.payType'), key: 'payments', render: (_, r) => payText(r) },
  ];

  const exportRows = async () => {
    const all = await callEndpoint(statisticsEndpoints.turnOverDetail, { body: { ...body, page: 1, limit: 1000 } });
    return all.data.list.map((r) => [
      new Date(r.createdAt).toLocaleString([], { hour12: false }),
      r.settlementNo,
      t(`turnoverDetail.${r.kind}`),
      r.patientName,
      r.cashierName,
      fenToYuanNumber(r.kind === 'reversal' ? -r.totalFen : r.totalFen),
      payText(r),
    ]);
  };

  return (
    <Card
      title={
        <Space>
          <Link to={href(BACK[kind], {}, filterQuery(filter, { patientId: undefined, treatmentId: undefined }))}>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('back')} />
          </Link>
          {t(`${kind}Detail.title`)}
          {kind === 'turnover' && cashierId && first && <Tag color="blue">{first.cashierName}</Tag>}
          {kind !== 'turnover' && first && <Tag color="blue">{first.patientName}</Tag>}
        </Space>
      }
      extra={
        <ExportButton
          title={t(`${kind}Detail.title`)}
          headers={[
            t('turnoverDetail.time'),
            t('turnoverDetail.no'),
            t('turnoverDetail.kind'),
            t('row.patient'),
            t('col.cashier'),
            t('turnoverDetail.amount'),
            t('col.payType'),
          ]}
          rows={exportRows}
          sumColumns={[5]}
          disabled={!q.data?.totalCount}
        />
      }
      data-testid="turnover-detail-page"
    >
      <FilterBar
        filter={filter}
        update={(patch) => {
          setPage(1);
          update(patch);
        }}
      />
      {q.isError && <Alert type="error" showIcon title={q.error.message || t('loadFailed')} />}
      <Table<TurnoverSettlementRow>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        columns={columns}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: q.data?.totalCount ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (n) => t('rowsTotal', { count: n }),
        }}
        locale={{ emptyText: t('empty') }}
        data-testid="turnover-detail-rows"
      />
    </Card>
  );
}
