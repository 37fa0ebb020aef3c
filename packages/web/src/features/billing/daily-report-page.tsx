import { useState } from 'react';
import { App, Button, Card, DatePicker, Descriptions, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { billingEndpoints, fenToYuanNumber, type DailyReport } from '@rehab/shared';
import { LoadError, emptyText, usePayTypes, yuan } from '../../components/billing/billing-kit';
import { clinicToday } from '../../lib/clinic-day';
import { useEndpointQuery } from '../../lib/endpoints';
import { downloadExcel, exportFileName } from '../../lib/export-excel';
import { useSession } from '../../lib/session';
import { BillingHeader } from './billing-common';
import { TIME } from './shift-parts';
import './billing.css';
import { FilterSelect } from '../../components/filter-select';

type PayTypeRow = DailyReport['byPayType'][number];
const MONEY_KEYS = ['takingsFen', 'refundsFen', 'topUpsFen', 'withdrawalsFen', 'netFen'] as const;

/** A table's bold total row for the money columns it names (by column index). */
function totalRow<T>(rows: readonly T[], label: string, cells: ((r: T) => number | null)[], offset = 1) {
  return (
    <Table.Summary.Row className="billing-total-row">
      <Table.Summary.Cell index={0} colSpan={offset}>
        <Typography.Text strong>{label}</Typography.Text>
      </Table.Summary.Cell>
      {cells.map((cell, i) => (
        <Table.Summary.Cell key={i} index={i + offset} align="right">
          <Typography.Text strong>{yuan(rows.reduce((s, r) => s + (cell(r) ?? 0), 0))}</Typography.Text>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

/**
 * The daily settlement report (/outpatient/dailyReport): a day and optionally one cashier; takings, refunds, top-ups
 * and withdrawals by pay type, revenue by category, the refunds, the receipt numbers, prepaid in and out, the cash
 * identity and the journal. Print (the shell hides) and Excel (a bold total row).
 */
export function DailyReportPage() {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const { organization } = useSession();
  const payTypes = usePayTypes();
  const [date, setDate] = useState<Dayjs>(() => clinicToday());
  const [cashierId, setCashierId] = useState<number>();
  const cashiers = useEndpointQuery(billingEndpoints.handoverTargets, {}, { select: (r) => r.data, staleTime: 60_000 });
  const report = useEndpointQuery(
    billingEndpoints.daily,
    { body: { date: date.format('YYYY-MM-DD'), cashierId } },
    { select: (r) => r.data, keySuffix: [organization?.id] },
  );
  const data = report.data;
  // journal accounts: clearing:<pay type>, revenue:<category>, prepaid, discount
  const accountText = (account: string) => {
    const [kind, code] = account.split(':');
    if (kind === 'clearing') return t('account.clearing', { payType: payTypes.label(code) });
    if (kind === 'revenue') return t('account.revenue', { category: t(`category.${code}`) });
    if (kind === 'prepaid' || kind === 'discount' || kind === 'deposit') return t(`account.${kind}`);
    return account;
  };

  const exportExcel = async () => {
    if (!data) return;
    const title = t('daily.title');
    const headers = [t('payment.payType'), ...MONEY_KEYS.map((k) => t(`daily.${k}`))];
    const rows = data.byPayType.map((r) => [
      payTypes.label(r.payType),
      ...MONEY_KEYS.map((k) => fenToYuanNumber(r[k])),
    ]);
    try {
      await downloadExcel(`${title} ${data.date}`, headers, rows, exportFileName(`${title}_${data.date}`), {
        sumColumns: MONEY_KEYS.map((_, i) => i + 1),
        totalLabel: t('totalLabel'),
      });
    } catch (error) {
      message.error(error instanceof Error ? error.message : t('failed', { action: t('daily.export') }));
    }
  };

  return (
    <div className="billing-page billing-daily" data-testid="daily-report-page">
      <BillingHeader
        title={t('daily.title')}
        extra={
          <Space wrap className="no-print">
            <DatePicker
              value={date}
              allowClear={false}
              onChange={(d) => d && setDate(d)}
              disabledDate={(d) => d.isAfter(clinicToday(), 'day')}
              data-testid="daily-date"
            />
            <FilterSelect
              allowClear
              style={{ width: 180 }}
              placeholder={t('daily.allCashiers')}
              value={cashierId}
              onChange={setCashierId}
              options={(cashiers.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              data-testid="daily-cashier"
            />
            <Button
              icon={<PrinterOutlined />}
              disabled={!data}
              onClick={() => window.print()}
              data-testid="daily-print"
            >
              {t('daily.print')}
            </Button>
            <Button icon={<FileExcelOutlined />} disabled={!data} onClick={exportExcel} data-testid="daily-export">
              {t('daily.export')}
            </Button>
          </Space>
        }
      />
      {report.isLoading ? (
        <Skeleton active />
      ) : report.isError || !data ? (
        <LoadError error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <Card size="small">
            <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} data-testid="daily-summary">
              <Descriptions.Item label={t('daily.date')}>{data.date}</Descriptions.Item>
              <Descriptions.Item label={t('shift.cashier')}>
                {cashierId
                  ? (cashiers.data?.find((c) => c.id === cashierId)?.name ?? cashierId)
                  : t('daily.allCashiers')}
              </Descriptions.Item>
              <Descriptions.Item label={t('shift.settlements')}>{data.settlementCount}</Descriptions.Item>
              <Descriptions.Item label={t('daily.identity')}>
                <Space size={4} data-testid="daily-identity">
                  {data.identity.holds ? (
                    <CheckCircleFilled style={{ color: '#52c41a' }} />
                  ) : (
                    <CloseCircleFilled style={{ color: '#ff4d4f' }} />
                  )}
                  {t('daily.identityText', {
                    prepaidIn: yuan(data.identity.prepaidIncomeFen),
                    prepaidOut: yuan(data.identity.prepaidRefundsFen),
                    settlement: yuan(data.identity.settlementIncomeFen),
                    taken: yuan(data.identity.cashTakenFen),
                  })}
                </Space>
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card size="small" title={t('daily.byPayType')}>
            <Table<PayTypeRow>
              rowKey="payType"
              size="small"
              pagination={false}
              dataSource={data.byPayType}
              locale={{ emptyText: emptyText(t('daily.nothing')) }}
              data-testid="daily-paytypes"
              columns={[
                { key: 'payType', title: t('payment.payType'), render: (_, r) => payTypes.label(r.payType) },
                ...MONEY_KEYS.map((k) => ({
                  key: k,
                  title: t(`daily.${k}`),
                  align: 'right' as const,
                  render: (_: unknown, r: PayTypeRow) => yuan(r[k]),
                })),
              ]}
              summary={(rows) =>
                rows.length > 0
                  ? totalRow(
                      rows,
                      t('totalLabel'),
                      MONEY_KEYS.map((k) => (r: PayTypeRow) => r[k]),
                    )
                  : null
              }
            />
          </Card>
          <div className="billing-report-grid">
            <Card size="small" title={t('daily.byCategory')}>
              <Table
                rowKey="category"
                size="small"
                pagination={false}
                dataSource={data.byCategory}
                locale={{ emptyText: emptyText(t('daily.nothing')) }}
                data-testid="daily-categories"
                columns={[
                  { key: 'category', title: t('daily.category'), render: (_, r) => t(`category.${r.category}`) },
                  { key: 'revenue', title: t('daily.revenue'), align: 'right', render: (_, r) => yuan(r.revenueFen) },
                  {
                    key: 'refunds',
                    title: t('daily.refundsFen'),
                    align: 'right',
                    render: (_, r) => yuan(r.refundsFen),
                  },
                ]}
                summary={(rows) =>
                  rows.length > 0 ? totalRow(rows, t('totalLabel'), [(r) => r.revenueFen, (r) => r.refundsFen]) : null
                }
              />
            </Card>
            <Card size="small" title={t('daily.prepaid')}>
              <Descriptions size="small" column={1} bordered data-testid="daily-prepaid">
                <Descriptions.Item label={t('daily.prepaidTopUps')}>{yuan(data.prepaid.topUpsFen)}</Descriptions.Item>
                <Descriptions.Item label={t('daily.prepaidWithdrawals')}>
                  {yuan(data.prepaid.withdrawalsFen)}
                </Descriptions.Item>
                <Descriptions.Item label={t('daily.prepaidConsumed')}>
                  {yuan(data.prepaid.consumedFen)}
                </Descriptions.Item>
              </Descriptions>
            </Card>
            <Card size="small" title={t('daily.refunds')}>
              <Table
                rowKey="settlementNo"
                size="small"
                pagination={false}
                dataSource={data.refunds}
                scroll={{ x: 520 }}
                locale={{ emptyText: emptyText(t('refund.none')) }}
                data-testid="daily-refunds"
                columns={[
                  { key: 'no', title: t('settlement.no'), dataIndex: 'settlementNo' },
                  { key: 'patient', title: t('refund.patient'), dataIndex: 'patientName' },
                  { key: 'amount', title: t('refund.amount'), align: 'right', render: (_, r) => yuan(r.amountFen) },
                  { key: 'original', title: t('daily.original'), render: (_, r) => r.originalNo ?? '-' },
                  { key: 'time', title: t('refund.time'), render: (_, r) => dayjs(r.createdAt).format(TIME) },
                ]}
              />
            </Card>
            <Card size="small" title={t('daily.receipts')} data-testid="daily-receipts">
              <Descriptions size="small" column={1} bordered>
                {(['used', 'voided', 'reprinted'] as const).map((k) => (
                  <Descriptions.Item key={k} label={t(`daily.receipt.${k}`, { count: data.receipts[k].length })}>
                    {data.receipts[k].length === 0 ? (
                      '-'
                    ) : (
                      <Space size={[4, 4]} wrap>
                        {data.receipts[k].map((no) => (
                          <Tag key={no}>{no}</Tag>
                        ))}
                      </Space>
                    )}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </Card>
            <Card
              size="small"
              title={
                <Space>
                  {t('daily.journal')}
                  {data.journal.debitFen === data.journal.creditFen ? (
                    <Tag color="success" icon={<CheckCircleFilled />} data-testid="daily-journal-balanced">
                      {t('daily.balanced')}
                    </Tag>
                  ) : (
                    <Tag color="error">{t('daily.unbalanced')}</Tag>
                  )}
                </Space>
              }
            >
              <Table
                rowKey="account"
                size="small"
                pagination={false}
                dataSource={data.journal.accounts}
                locale={{ emptyText: emptyText(t('daily.nothing')) }}
                data-testid="daily-journal"
                columns={[
                  { key: 'account', title: t('daily.account'), render: (_, r) => accountText(r.account) },
                  { key: 'debit', title: t('daily.debit'), align: 'right', render: (_, r) => yuan(r.debitFen) },
                  { key: 'credit', title: t('daily.credit'), align: 'right', render: (_, r) => yuan(r.creditFen) },
                ]}
                summary={(rows) =>
                  rows.length > 0 ? totalRow(rows, t('totalLabel'), [(r) => r.debitFen, (r) => r.creditFen]) : null
                }
              />
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
