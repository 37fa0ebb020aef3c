import { App, Button, Card, Descriptions, Result, Space, Table } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { SettlementInfo } from '@rehab/shared';
import { errorText, priceColumns, printReceipt, usePayTypes, yuan } from '../../components/billing/billing-kit';

/** The receipt in force of a settlement (the first, or the re-issue after a partial refund). */
const receiptOf = (s: SettlementInfo) =>
  s.receipts.find((r) => r.voidedAt === null && r.receiptNo === s.receiptNo) ?? s.receipts[0];

/** A settlement just taken: number, receipt, lines, payments and change, with Print. */
export function SettlementReceipt({
  settlement: s,
  onBack,
  onNext,
}: {
  settlement: SettlementInfo;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const payTypes = usePayTypes();
  const receipt = receiptOf(s);
  const changeFen = s.payments.reduce((sum, p) => sum + p.changeFen, 0);
  const print = () => {
    if (!receipt) return message.warning(t('receipt.none'));
    printReceipt(receipt.id).catch((e: unknown) =>
      message.error(errorText(e, t('failed', { action: t('receipt.print') }))),
    );
  };
  return (
    <Card data-testid="settlement-receipt">
      <Result
        status="success"
        title={t('payment.settled', { no: s.settlementNo })}
        subTitle={receipt ? t('topUp.receiptNo', { no: receipt.receiptNo }) : undefined}
        extra={
          <Space wrap>
            <Button type="primary" icon={<PrinterOutlined />} onClick={print} data-testid="receipt-print">
              {t('receipt.print')}
            </Button>
            <Button onClick={onNext}>{t('payment.next')}</Button>
            <Button onClick={onBack} data-testid="receipt-back">
              {t('back')}
            </Button>
          </Space>
        }
      />
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} bordered data-testid="receipt-summary">
        <Descriptions.Item label={t('settlement.no')}>{s.settlementNo}</Descriptions.Item>
        <Descriptions.Item label={t('charge.receiptNo')}>
          <span data-testid="receipt-no">{receipt?.receiptNo ?? '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('settlement.total')}>{yuan(s.totalFen)}</Descriptions.Item>
        <Descriptions.Item label={t('payment.changeTotal')}>
          <span data-testid="receipt-change">{yuan(changeFen)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('settlement.cashier')}>{s.cashierName}</Descriptions.Item>
        <Descriptions.Item label={t('settlement.time')}>
          {dayjs(s.createdAt).format('YYYY-MM-DD HH:mm:ss')}
        </Descriptions.Item>
        <Descriptions.Item label={t('payment.balanceAfter')}>{yuan(s.balanceFen)}</Descriptions.Item>
      </Descriptions>
      <div className="billing-receipt-tables">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={s.lines}
          title={() => t('payment.lines')}
          columns={[
            { key: 'name', title: t('charge.name'), dataIndex: 'name' },
            ...priceColumns<SettlementInfo['lines'][number]>(t),
          ]}
          data-testid="receipt-lines"
        />
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={s.payments}
          title={() => t('payment.payments')}
          columns={[
            { key: 'type', title: t('payment.payType'), render: (_, p) => payTypes.label(p.payType) },
            { key: 'amount', title: t('payment.amount'), align: 'right', render: (_, p) => yuan(p.amountFen) },
            {
              key: 'tendered',
              title: t('payment.tendered'),
              align: 'right',
              render: (_, p) => (p.tenderedFen === null ? '-' : yuan(p.tenderedFen)),
            },
            {
              key: 'change',
              title: t('payment.changeShort'),
              align: 'right',
              render: (_, p) => (p.changeFen ? yuan(p.changeFen) : '-'),
            },
            { key: 'tradeNo', title: t('payment.tradeNo'), render: (_, p) => p.outTradeNo ?? '-' },
          ]}
          data-testid="receipt-payments"
        />
      </div>
    </Card>
  );
}
