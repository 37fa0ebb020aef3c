import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Descriptions,
  Divider,
  Input,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  BillingPerm,
  billingEndpoints,
  isPayable,
  payTypeBehaviour,
  settlementAmounts,
  type ChargeRow,
  type SettlementInfo,
} from '@rehab/shared';
import { useBill, useBillingMutation, useBillingStatus } from '../../components/billing/api';
import {
  LoadError,
  PayStatusTag,
  emptyText,
  errorText,
  fenOf,
  priceColumns,
  useIdempotencyKey,
  usePayTypes,
  yuan,
} from '../../components/billing/billing-kit';
import { MoneyInput } from '../../components/billing/top-up-modal';
import { useEndpointQuery } from '../../lib/endpoints';
import { usePermission } from '../../lib/session';
import { AdaptersNote, BillingHeader } from './billing-common';
import { SettlementReceipt } from './settlement-receipt';
import './billing.css';

/** The most payment rows a settlement takes (settleSchema). */
const MAX_PAYMENTS = 6;

type PaymentDraft = { id: number; payType: string; amount: string; tendered: string; outTradeNo: string };
let nextRowId = 1;
const newRow = (payType = '1', amount = ''): PaymentDraft => ({
  id: nextRowId++,
  payType,
  amount,
  tendered: '',
  outTradeNo: '',
});

/** The charge lines the screen offers: unpaid (0) or payment pending (3), of the type asked for. */
export function payableCharges(charges: ChargeRow[], type: number) {
  return charges.filter((c) => isPayable(c.payStatus) && (type === 0 || c.category === type));
}

/** What a payment row lacks, as an i18n key (null: complete). */
function rowProblem(row: PaymentDraft, balanceFen: number): string | null {
  const amount = fenOf(row.amount);
  if (amount < 1) return 'payment.amountMissing';
  const behaviour = payTypeBehaviour(row.payType);
  if (behaviour === 'cash' && row.tendered !== '' && fenOf(row.tendered) < amount) return 'payment.tenderedShort';
  if (behaviour === 'scan' && row.outTradeNo.trim() === '') return 'payment.tradeNoRequired';
  if (behaviour === 'prepaid' && amount > balanceFen) return 'payment.balanceShort';
  return null;
}

/**
 * The payment screen (/outpatient/payment/:patientId/:businessId/:type/:treatmentId?): the unpaid lines, checked;
 * a membership level, round-off, split payments with the remaining amount live, then Settle. The idempotency key is
 * minted when the screen opens and kept for retries; a success shows the receipt and mints a new one.
 */
export function PaymentPage() {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = usePermission();
  const params = useParams();
  const patientId = Number(params.patientId);
  const businessId = Number(params.businessId) || 0;
  const type = Number(params.type) || 0;
  const preselect = params.treatmentId ? Number(params.treatmentId) : undefined;
  const bill = useBill(patientId, businessId || undefined);
  const status = useBillingStatus();
  const payTypes = usePayTypes();
  const members = useEndpointQuery(billingEndpoints.members, {}, { select: (r) => r.data });
  const settle = useBillingMutation(billingEndpoints.settle);
  const [key, renewKey] = useIdempotencyKey();
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [memberId, setMemberId] = useState<number>();
  const [roundOff, setRoundOff] = useState(false);
  const [rows, setRows] = useState<PaymentDraft[]>(() => [newRow()]);
  const [remark, setRemark] = useState('');
  const [result, setResult] = useState<SettlementInfo | null>(null);

  if (result) {
    return (
      <SettlementReceipt
        settlement={result}
        onBack={() => navigate(-1)}
        onNext={() => {
          setResult(null);
          setChosen(null);
          setRows([newRow()]);
          setMemberId(undefined);
          setRoundOff(false);
          setRemark('');
        }}
      />
    );
  }
  if (bill.isLoading) return <Skeleton active />;
  if (bill.isError || !bill.data) return <LoadError error={bill.error} onRetry={() => void bill.refetch()} />;
  const data = bill.data;
  const charges = payableCharges(data.charges, type);
  // preselected: every line, or the one project's line the link names (when it is there)
  const named = preselect
    ? charges.filter((c) => (c.sourceType === 'project' || c.sourceType === 'workOrder') && c.sourceId === preselect)
    : [];
  const selected = chosen ?? (named.length > 0 ? named : charges).map((c) => c.id);
  const selectedCharges = charges.filter((c) => selected.includes(c.id));
  // the server's rule: the membership discount on the treatment lines, then the jiao and fen let go
  const member = (members.data ?? []).find((m) => m.id === memberId);
  const amounts = settlementAmounts(selectedCharges, { discount: member?.discount, roundOff });
  const dueFen = amounts.grossFen;
  const payableFen = amounts.totalFen;
  const paidFen = rows.reduce((sum, r) => sum + fenOf(r.amount), 0);
  const remainingFen = payableFen - paidFen;
  const problems = rows.map((r) => rowProblem(r, data.balanceFen));
  const changeFen = rows.reduce(
    (sum, r) =>
      sum +
      (payTypeBehaviour(r.payType) === 'cash' && r.tendered !== ''
        ? Math.max(0, fenOf(r.tendered) - fenOf(r.amount))
        : 0),
    0,
  );
  const ready =
    selected.length > 0 && problems.every((p) => p === null) && remainingFen === 0 && can(BillingPerm.settle);

  const update = (id: number, patch: Partial<PaymentDraft>) =>
    setRows((list) => list.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  const submit = async () => {
    try {
      const answer = await settle.mutateAsync({
        body: {
          idempotencyKey: key,
          patientId,
          chargeIds: selected,
          memberId,
          roundOff,
          remark: remark || undefined,
          payments: rows.map((r) => {
            const behaviour = payTypeBehaviour(r.payType);
            return {
              payType: r.payType,
              amount: r.amount,
              tendered: behaviour === 'cash' && r.tendered !== '' ? r.tendered : undefined,
              outTradeNo: behaviour !== 'cash' && r.outTradeNo.trim() ? r.outTradeNo.trim() : undefined,
            };
          }),
        },
      });
      renewKey();
      setResult(answer.data.settlement);
      message.success(t('payment.settled', { no: answer.data.settlement.settlementNo }));
    } catch (error) {
      // the key stays: a retry of the same payment is answered once
      message.error(errorText(error, t('failed', { action: t('payment.settle') })));
    }
  };

  return (
    <div className="billing-page" data-testid="payment-page">
      <BillingHeader
        title={t('payment.title')}
        patient={data.patient}
        back
        extra={<AdaptersNote status={status.data} />}
      />
      <div className="billing-two-columns">
        <Card size="small" title={t('payment.lines')} className="billing-main-card">
          <Table<ChargeRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={charges}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setChosen(keys as number[]) }}
            locale={{ emptyText: emptyText(t('payment.nothingUnpaid')) }}
            data-testid="payment-lines"
            columns={[
              { key: 'name', title: t('charge.name'), dataIndex: 'name' },
              { key: 'source', title: t('charge.source'), width: 90, render: (_, c) => t(`source.${c.sourceType}`) },
              ...priceColumns<ChargeRow>(t),
              {
                key: 'status',
                title: t('charge.status'),
                width: 104,
                render: (_, c) => <PayStatusTag status={c.payStatus} />,
              },
            ]}
          />
        </Card>
        <Card size="small" title={t('payment.settleTitle')} data-testid="payment-side">
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <div className="billing-field-row">
              <span>{t('payment.member')}</span>
              <Select
                allowClear
                style={{ width: 220 }}
                placeholder={t('payment.noMember')}
                value={memberId}
                onChange={setMemberId}
                loading={members.isLoading}
                options={(members.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                data-testid="payment-member"
              />
            </div>
            <div className="billing-field-row">
              <span>{t('payment.roundOff')}</span>
              <Switch checked={roundOff} onChange={setRoundOff} data-testid="payment-roundoff" />
            </div>
            <Divider size="small" />
            {rows.map((row, index) => {
              const behaviour = payTypeBehaviour(row.payType);
              const change = fenOf(row.tendered) - fenOf(row.amount);
              return (
                <div key={row.id} className="payment-row" data-testid={`payment-row-${index}`}>
                  <Space.Compact style={{ width: '100%' }}>
                    <Select
                      style={{ width: 150 }}
                      value={row.payType}
                      onChange={(v) => update(row.id, { payType: v, tendered: '', outTradeNo: '' })}
                      options={payTypes.options.map((o) => ({ value: o.k, label: o.val }))}
                      data-testid={`payment-type-${index}`}
                    />
                    <MoneyInput
                      value={row.amount}
                      placeholder={t('payment.amount')}
                      onChange={(e) => update(row.id, { amount: e.target.value })}
                      data-testid={`payment-amount-${index}`}
                    />
                    <Button
                      onClick={() => update(row.id, { amount: String((remainingFen + fenOf(row.amount)) / 100) })}
                      disabled={remainingFen + fenOf(row.amount) <= 0}
                      data-testid={`payment-fill-${index}`}
                    >
                      {t('payment.fill')}
                    </Button>
                    <Button
                      icon={<DeleteOutlined />}
                      disabled={rows.length === 1}
                      onClick={() => setRows((list) => list.filter((r) => r.id !== row.id))}
                      aria-label={t('payment.removeRow')}
                    />
                  </Space.Compact>
                  {behaviour === 'cash' && (
                    <Space wrap>
                      <Typography.Text type="secondary">{t('payment.tendered')}</Typography.Text>
                      <MoneyInput
                        style={{ width: 180 }}
                        value={row.tendered}
                        placeholder={t('payment.tendered')}
                        onChange={(e) => update(row.id, { tendered: e.target.value })}
                        data-testid={`payment-tendered-${index}`}
                      />
                      {row.tendered !== '' && change >= 0 && (
                        <Typography.Text strong data-testid={`payment-change-${index}`}>
                          {t('payment.change', { amount: yuan(change) })}
                        </Typography.Text>
                      )}
                    </Space>
                  )}
                  {(behaviour === 'scan' || behaviour === 'card' || behaviour === 'other') && (
                    <Input
                      prefix={
                        <Typography.Text type="secondary">
                          {t(behaviour === 'scan' ? 'payment.tradeNo' : 'payment.reference')}
                        </Typography.Text>
                      }
                      value={row.outTradeNo}
                      maxLength={64}
                      placeholder={t(behaviour === 'scan' ? 'payment.tradeNo' : 'payment.reference')}
                      onChange={(e) => update(row.id, { outTradeNo: e.target.value })}
                      data-testid={`payment-tradeno-${index}`}
                    />
                  )}
                  {behaviour === 'prepaid' && (
                    <Typography.Text type="secondary">
                      {t('payment.balance', { amount: yuan(data.balanceFen) })}
                    </Typography.Text>
                  )}
                  {problems[index] && row.amount !== '' && (
                    <Typography.Text type="danger">{t(problems[index])}</Typography.Text>
                  )}
                </div>
              );
            })}
            <Button
              icon={<PlusOutlined />}
              block
              type="dashed"
              disabled={rows.length >= MAX_PAYMENTS}
              onClick={() => setRows((list) => [...list, newRow('2')])}
              data-testid="payment-add-row"
            >
              {t('payment.addRow')}
            </Button>
            <Input
              value={remark}
              maxLength={100}
              placeholder={t('remark')}
              onChange={(e) => setRemark(e.target.value)}
            />
            <Descriptions size="small" column={1} bordered data-testid="payment-totals">
              <Descriptions.Item label={t('payment.due')}>{yuan(dueFen)}</Descriptions.Item>
              {amounts.discountFen > 0 && (
                <Descriptions.Item label={t('payment.discount')}>{yuan(-amounts.discountFen)}</Descriptions.Item>
              )}
              {amounts.roundingFen > 0 && (
                <Descriptions.Item label={t('payment.roundedOff')}>{yuan(-amounts.roundingFen)}</Descriptions.Item>
              )}
              <Descriptions.Item label={t('payment.payable')}>
                <Typography.Text strong data-testid="payment-payable">
                  {yuan(payableFen)}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('payment.paid')}>{yuan(paidFen)}</Descriptions.Item>
              <Descriptions.Item label={t('payment.remaining')}>
                <Typography.Text
                  strong
                  type={remainingFen !== 0 ? 'danger' : 'success'}
                  data-testid="payment-remaining"
                >
                  {yuan(remainingFen)}
                </Typography.Text>
              </Descriptions.Item>
              {changeFen > 0 && (
                <Descriptions.Item label={t('payment.changeTotal')}>{yuan(changeFen)}</Descriptions.Item>
              )}
            </Descriptions>
            <Button
              type="primary"
              size="large"
              block
              disabled={!ready}
              loading={settle.isPending}
              onClick={submit}
              data-testid="payment-settle"
            >
              {t('payment.settleAmount', { amount: yuan(paidFen) })}
            </Button>
          </Space>
        </Card>
      </div>
    </div>
  );
}
