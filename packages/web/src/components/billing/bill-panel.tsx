import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, PrinterOutlined, WalletOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  BillingPerm,
  billingEndpoints,
  chargeVoidSchema,
  isPayable,
  parseYuan,
  type AccountEntry,
  type Bill,
  type Billable,
  type ChargeItemInput,
  type ChargeRow,
  type RefundRequestRow,
  type SettlementRow,
} from '@rehab/shared';
import { href, paths } from '../../lib/paths';
import { useEntitySelect } from '../../lib/queries/entity-select';
import { usePermission } from '../../lib/session';
import { useAccount, useBill, useBillingMutation } from './api';
import {
  LoadError,
  PayStatusTag,
  RequestStatusTag,
  emptyText,
  errorText,
  printReceipt,
  priceColumns,
  receiptOfSettlement,
  usePayTypes,
  yuan,
} from './billing-kit';
import { PackagesTab, UsePackageModal } from './packages-tab';
import { ReasonModal } from './reason-modal';
import { MoneyInput, TopUpModal } from './top-up-modal';

const TIME = 'YYYY-MM-DD HH:mm';
const billableKey = (b: Billable) => `${b.sourceType}:${b.sourceId}`;

/** The charge item of a billable row (a registration needs the registration type chosen). */
function itemOf(b: Billable, registeredId: number | undefined): ChargeItemInput | null {
  switch (b.sourceType) {
    case 'registration':
      return registeredId
        ? { sourceType: 'registration', treatmentId: b.treatmentId ?? b.sourceId, registeredId }
        : null;
    case 'project':
      return { sourceType: 'project', projectId: b.sourceId };
    case 'workOrder':
      return { sourceType: 'workOrder', workOrderId: b.sourceId };
    case 'package':
      return { sourceType: 'package', packageId: b.sourceId };
    default:
      return null;
  }
}

/** The payment screen of a patient (a course or all, every unpaid line). */
export const paymentPath = (patientId: number, treatmentId?: number | null) =>
  href(paths.billingPayment, { patientId, businessId: treatmentId ?? 0, type: 0 });

/** The refund screen of a settlement. */
export const refundPath = (s: Pick<SettlementRow, 'id' | 'patientId' | 'treatmentId'>) =>
  href(paths.billingRefund, { patientId: s.patientId, businessId: s.treatmentId ?? 0, type: 0, id: s.id });

/**
 * A patient's bill (outpatient billing): the prepaid balance with top-up and ledger, what can be put on the bill,
 * a manual item, the charge lines (void unpaid ones), settlements (print, refund) and refund requests. One course's
 * when `treatmentId` is given. Used by the cashier workbench and the patient details.
 */
export function BillPanel({ patientId, treatmentId }: { patientId: number; treatmentId?: number }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const can = usePermission();
  const bill = useBill(patientId, treatmentId);
  const [toppingUp, setToppingUp] = useState(false);

  if (bill.isLoading) return <Skeleton active data-testid="bill-loading" />;
  if (bill.isError || !bill.data) return <LoadError error={bill.error} onRetry={() => void bill.refetch()} />;
  const data = bill.data;
  const unpaid = data.charges.filter((c) => isPayable(c.payStatus));

  return (
    <div className="bill-panel" data-testid="bill-panel">
      <Card size="small">
        <div className="bill-summary">
          <Space size={32} wrap>
            <Statistic title={t('bill.balance')} value={yuan(data.balanceFen)} data-testid="bill-balance" />
            <Statistic title={t('bill.unpaid')} value={yuan(data.totals.unpaidFen)} data-testid="bill-unpaid" />
            <Statistic title={t('bill.paid')} value={yuan(data.totals.paidFen)} />
            <Statistic title={t('bill.refunded')} value={yuan(data.totals.refundedFen)} />
          </Space>
          <Space wrap>
            {can(BillingPerm.settle) && (
              <Button icon={<WalletOutlined />} onClick={() => setToppingUp(true)} data-testid="bill-topup">
                {t('topUp.title')}
              </Button>
            )}
            {can(BillingPerm.settle) && (
              <Button
                type="primary"
                disabled={unpaid.length === 0}
                onClick={() => navigate(paymentPath(patientId, treatmentId))}
                data-testid="bill-take-payment"
              >
                {t('bill.takePayment')}
              </Button>
            )}
          </Space>
        </div>
      </Card>
      <Card size="small">
        <Tabs
          defaultActiveKey="charges"
          items={[
            {
              key: 'charges',
              label: t('bill.tabCharges', { count: data.charges.length }),
              children: <ChargesTab bill={data} treatmentId={treatmentId} />,
            },
            {
              key: 'settlements',
              label: t('bill.tabSettlements', { count: data.settlements.length }),
              children: <SettlementsTable rows={data.settlements} />,
            },
            {
              key: 'refunds',
              label: t('bill.tabRefunds', { count: data.refunds.length }),
              children: <RefundsTable rows={data.refunds} />,
            },
            {
              key: 'packages',
              label: t('bill.tabPackages', { count: data.entitlements.length }),
              children: <PackagesTab bill={data} treatmentId={treatmentId} />,
            },
            { key: 'ledger', label: t('bill.tabLedger'), children: <Ledger patientId={patientId} /> },
          ]}
          data-testid="bill-tabs"
        />
      </Card>
      {toppingUp && <TopUpModal patientId={patientId} onClose={() => setToppingUp(false)} />}
    </div>
  );
}

function ChargesTab({ bill, treatmentId }: { bill: Bill; treatmentId?: number }) {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const can = usePermission();
  const create = useBillingMutation(billingEndpoints.chargeCreate);
  const [selected, setSelected] = useState<string[]>([]);
  const [registeredId, setRegisteredId] = useState<number>();
  const [manualOpen, setManualOpen] = useState(false);
  const [voiding, setVoiding] = useState<ChargeRow | null>(null);
  const [usingPackage, setUsingPackage] = useState(false);
  const canCharge = can(BillingPerm.charge);
  const picked = bill.billable.filter((b) => selected.includes(billableKey(b)));
  // completed sessions may be paid with a package in use instead of money (划卡)
  const packageReady = bill.entitlements.some((e) => e.state === 'active');
  const sessionsOnly = picked.length > 0 && picked.every((b) => b.sourceType === 'workOrder');
  const needsType = picked.some((b) => b.sourceType === 'registration');
  const registered = useEntitySelect('registered', canCharge && bill.billable.length > 0);

  const charge = async () => {
    const items = picked.map((b) => itemOf(b, registeredId));
    if (items.some((i) => i === null)) return message.warning(t('billable.pickRegistered'));
    try {
      const answer = await create.mutateAsync({
        body: { patientId: bill.patient.id, treatmentId, items: items as ChargeItemInput[] },
      });
      message.success(t('billable.charged', { count: answer.data.length }));
      setSelected([]);
    } catch (error) {
      message.error(errorText(error, t('failed', { action: t('billable.charge') })));
    }
  };

  const columns: ColumnsType<ChargeRow> = [
    {
      key: 'name',
      title: t('charge.name'),
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <span>{c.name}</span>
          {c.executed && <Typography.Text type="secondary">{t('charge.executed')}</Typography.Text>}
        </Space>
      ),
    },
    { key: 'source', title: t('charge.source'), width: 96, render: (_, c) => t(`source.${c.sourceType}`) },
    ...priceColumns<ChargeRow>(t),
    { key: 'status', title: t('charge.status'), width: 112, render: (_, c) => <PayStatusTag status={c.payStatus} /> },
    {
      key: 'refunded',
      title: t('charge.refunded'),
      width: 112,
      align: 'right',
      render: (_, c) =>
        c.refundedQuantity || c.pendingQuantity ? (
          <Space orientation="vertical" size={0}>
            {c.refundedQuantity > 0 && <span>{`${c.refundedQuantity} · ${yuan(c.refundedFen)}`}</span>}
            {c.pendingQuantity > 0 && (
              <Typography.Text type="secondary">{t('charge.pending', { count: c.pendingQuantity })}</Typography.Text>
            )}
          </Space>
        ) : (
          '-'
        ),
    },
    { key: 'receipt', title: t('charge.receiptNo'), width: 140, render: (_, c) => c.receiptNo ?? '-' },
    {
      key: 'actions',
      title: '',
      width: 72,
      render: (_, c) =>
        canCharge && isPayable(c.payStatus) ? (
          <Button type="link" size="small" danger onClick={() => setVoiding(c)} data-testid={`charge-void-${c.id}`}>
            {t('charge.void')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {canCharge && bill.billable.length > 0 && (
        <div className="bill-billable" data-testid="billable">
          <div className="bill-section-head">
            <Typography.Text strong>{t('billable.title')}</Typography.Text>
            <Space wrap>
              {needsType && (
                <Select
                  style={{ width: 200 }}
                  placeholder={t('billable.registered')}
                  value={registeredId}
                  onChange={setRegisteredId}
                  loading={registered.isLoading}
                  options={(registered.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                  data-testid="billable-registered"
                />
              )}
              {packageReady && (
                <Button
                  size="small"
                  disabled={!sessionsOnly}
                  title={sessionsOnly ? undefined : t('packages.onlySessions')}
                  onClick={() => setUsingPackage(true)}
                  data-testid="billable-use-package"
                >
                  {t('packages.use')}
                </Button>
              )}
              <Button
                type="primary"
                size="small"
                disabled={picked.length === 0}
                loading={create.isPending}
                onClick={charge}
                data-testid="billable-charge"
              >
                {t('billable.charge')}
              </Button>
            </Space>
          </div>
          <Table<Billable>
            rowKey={billableKey}
            size="small"
            pagination={false}
            dataSource={bill.billable}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
            columns={[
              {
                key: 'name',
                title: t('charge.name'),
                render: (_, b) => (
                  <Space orientation="vertical" size={0}>
                    <span>{b.name}</span>
                    {b.detail && (
                      <Typography.Text type="secondary">
                        {/* a registration's detail is its registration time (an instant), shown in local time */}
                        {b.sourceType === 'registration' ? dayjs(b.detail).format('YYYY-MM-DD HH:mm') : b.detail}
                      </Typography.Text>
                    )}
                  </Space>
                ),
              },
              { key: 'source', title: t('charge.source'), width: 96, render: (_, b) => t(`source.${b.sourceType}`) },
              {
                key: 'unit',
                title: t('charge.unitPrice'),
                width: 96,
                align: 'right',
                render: (_, b) => (b.unitPriceFen === null ? t('billable.byType') : yuan(b.unitPriceFen)),
              },
              { key: 'quantity', title: t('charge.quantity'), dataIndex: 'quantity', width: 64, align: 'right' },
              {
                key: 'amount',
                title: t('charge.amount'),
                width: 104,
                align: 'right',
                render: (_, b) => (b.amountFen === null ? '-' : yuan(b.amountFen)),
              },
            ]}
            data-testid="billable-table"
          />
        </div>
      )}
      <div className="bill-section-head">
        <Typography.Text strong>{t('charge.title')}</Typography.Text>
        {canCharge && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setManualOpen(true)} data-testid="manual-add">
            {t('manual.title')}
          </Button>
        )}
      </div>
      <Table<ChargeRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={bill.charges}
        columns={columns}
        scroll={{ x: 960 }}
        rowClassName={(c) => (c.payStatus === 9 ? 'bill-row-voided' : '')}
        locale={{ emptyText: emptyText(t('charge.none')) }}
        data-testid="charge-table"
      />
      {manualOpen && (
        <ManualItemModal patientId={bill.patient.id} treatmentId={treatmentId} onClose={() => setManualOpen(false)} />
      )}
      {voiding && <VoidModal charge={voiding} onClose={() => setVoiding(null)} />}
      {usingPackage && (
        <UsePackageModal
          bill={bill}
          workOrderIds={picked.map((b) => b.sourceId)}
          onClose={() => setUsingPackage(false)}
          onDone={() => setSelected([])}
        />
      )}
    </Space>
  );
}

type ManualValues = { name: string; unitPrice: string; quantity: number };

function ManualItemModal({
  patientId,
  treatmentId,
  onClose,
}: {
  patientId: number;
  treatmentId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const [form] = Form.useForm<ManualValues>();
  const create = useBillingMutation(billingEndpoints.chargeCreate);
  const submit = async () => {
    let v: ManualValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    try {
      await create.mutateAsync({
        body: { patientId, treatmentId, items: [{ sourceType: 'manual', ...v }] },
      });
      message.success(t('billable.charged', { count: 1 }));
      onClose();
    } catch (error) {
      message.error(errorText(error, t('failed', { action: t('manual.title') })));
    }
  };
  return (
    <Modal
      open
      title={t('manual.title')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'manual-ok' } as never}
    >
      <Form form={form} layout="vertical" name="manualItem" initialValues={{ quantity: 1 }}>
        <Form.Item
          name="name"
          label={t('charge.name')}
          rules={[{ required: true, whitespace: true, message: t('required') }]}
        >
          <Input maxLength={50} data-testid="manual-name" />
        </Form.Item>
        <Form.Item
          name="unitPrice"
          label={t('charge.unitPrice')}
          required
          rules={[{ validator: async (_r, v) => validateYuan(v, t('validMoney')) }]}
        >
          <MoneyInput data-testid="manual-price" />
        </Form.Item>
        <Form.Item name="quantity" label={t('charge.quantity')} rules={[{ required: true, message: t('required') }]}>
          <InputNumber min={1} max={9999} precision={0} style={{ width: '100%' }} data-testid="manual-quantity" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** At least ¥0.01 with at most two decimals (what `yuanInput(1)` takes). */
async function validateYuan(value: unknown, text: string) {
  const fen = typeof value === 'string' || typeof value === 'number' ? parseYuan(value) : null;
  if (fen === null || fen < 1) throw new Error(text);
}

function VoidModal({ charge, onClose }: { charge: ChargeRow; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const voidCharge = useBillingMutation(billingEndpoints.chargeVoid);
  return (
    <ReasonModal
      title={t('charge.voidTitle', { name: charge.name })}
      label={t('charge.voidReason')}
      schema={chargeVoidSchema}
      action={t('charge.void')}
      testId="void"
      pending={voidCharge.isPending}
      onSubmit={(reason) => voidCharge.mutateAsync({ body: { id: charge.id, reason } })}
      onClose={onClose}
    />
  );
}

/** Settlements of a bill: print the receipt in force, ask for a refund. */
export function SettlementsTable({ rows }: { rows: SettlementRow[] }) {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = usePermission();
  const payTypes = usePayTypes();
  const print = async (s: SettlementRow) => {
    try {
      const receipt = await receiptOfSettlement(s.id);
      if (!receipt) return message.warning(t('receipt.none'));
      await printReceipt(receipt.id);
    } catch (error) {
      message.error(errorText(error, t('failed', { action: t('receipt.print') })));
    }
  };
  const columns: ColumnsType<SettlementRow> = [
    {
      key: 'no',
      title: t('settlement.no'),
      width: 170,
      render: (_, s) => (
        <Space size={4}>
          <span>{s.settlementNo}</span>
          {s.kind === 'reversal' && <Tag color="volcano">{t('settlement.reversal')}</Tag>}
        </Space>
      ),
    },
    { key: 'receipt', title: t('charge.receiptNo'), width: 140, render: (_, s) => s.receiptNo ?? '-' },
    { key: 'total', title: t('settlement.total'), width: 104, align: 'right', render: (_, s) => yuan(s.totalFen) },
    {
      key: 'refunded',
      title: t('charge.refunded'),
      width: 96,
      align: 'right',
      render: (_, s) => (s.refundedFen ? yuan(s.refundedFen) : '-'),
    },
    {
      key: 'payTypes',
      title: t('settlement.payTypes'),
      render: (_, s) => s.payTypes.map((k) => payTypes.label(k)).join(' + '),
    },
    { key: 'time', title: t('settlement.time'), width: 136, render: (_, s) => dayjs(s.createdAt).format(TIME) },
    { key: 'cashier', title: t('settlement.cashier'), dataIndex: 'cashierName', width: 96 },
    {
      key: 'actions',
      title: '',
      width: 150,
      render: (_, s) =>
        s.kind === 'charge' ? (
          <Space size={0}>
            {can(BillingPerm.settle) && s.receiptNo && (
              <Button
                type="link"
                size="small"
                icon={<PrinterOutlined />}
                onClick={() => print(s)}
                data-testid={`settlement-print-${s.id}`}
              >
                {t('receipt.print')}
              </Button>
            )}
            {can(BillingPerm.refundRequest) && s.refundedFen < s.totalFen && (
              <Button
                type="link"
                size="small"
                onClick={() => navigate(refundPath(s))}
                data-testid={`settlement-refund-${s.id}`}
              >
                {t('refund.request')}
              </Button>
            )}
          </Space>
        ) : null,
    },
  ];
  return (
    <Table<SettlementRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      columns={columns}
      scroll={{ x: 1000 }}
      locale={{ emptyText: emptyText(t('settlement.none')) }}
      data-testid="settlement-table"
    />
  );
}

/** Refund and withdrawal requests (read only here: deciding is the approval screen's). */
function RefundsTable({ rows }: { rows: RefundRequestRow[] }) {
  const { t } = useTranslation('billing');
  return (
    <Table<RefundRequestRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 900 }}
      locale={{ emptyText: emptyText(t('refund.none')) }}
      data-testid="bill-refund-table"
      columns={[
        { key: 'time', title: t('refund.time'), width: 136, render: (_, r) => dayjs(r.createdAt).format(TIME) },
        { key: 'kind', title: t('refund.kind'), width: 90, render: (_, r) => t(`refund.kinds.${r.kind}`) },
        {
          key: 'status',
          title: t('refund.status'),
          width: 96,
          render: (_, r) => <RequestStatusTag status={r.status} />,
        },
        { key: 'amount', title: t('refund.amount'), width: 104, align: 'right', render: (_, r) => yuan(r.amountFen) },
        {
          key: 'lines',
          title: t('refund.lines'),
          render: (_, r) => r.lines.map((l) => `${l.name} × ${l.quantity}`).join('; ') || '-',
        },
        { key: 'reason', title: t('refund.reason'), render: (_, r) => `${t(`reason.${r.reasonCode}`)} · ${r.reason}` },
        { key: 'requester', title: t('refund.requester'), dataIndex: 'requesterName', width: 90 },
      ]}
    />
  );
}

/** The prepaid ledger, a page at a time. */
function Ledger({ patientId }: { patientId: number }) {
  const { t } = useTranslation('billing');
  const payTypes = usePayTypes();
  const [page, setPage] = useState(1);
  const account = useAccount(patientId, page);
  if (account.isError) return <LoadError error={account.error} onRetry={() => void account.refetch()} />;
  return (
    <Table<AccountEntry>
      rowKey="id"
      size="small"
      loading={account.isLoading}
      dataSource={account.data?.data.list ?? []}
      scroll={{ x: 800 }}
      locale={{ emptyText: emptyText(t('ledger.none')) }}
      pagination={{
        current: page,
        pageSize: 10,
        total: account.data?.data.totalCount ?? 0,
        onChange: setPage,
        hideOnSinglePage: true,
      }}
      data-testid="ledger-table"
      columns={[
        { key: 'time', title: t('ledger.time'), width: 136, render: (_, e) => dayjs(e.createdAt).format(TIME) },
        { key: 'kind', title: t('ledger.kind'), width: 110, render: (_, e) => t(`ledger.kinds.${e.kind}`) },
        {
          key: 'amount',
          title: t('ledger.amount'),
          width: 110,
          align: 'right',
          render: (_, e) => (
            <Typography.Text type={e.amountFen < 0 ? 'danger' : 'success'}>
              {e.amountFen > 0 ? `+${yuan(e.amountFen)}` : yuan(e.amountFen)}
            </Typography.Text>
          ),
        },
        {
          key: 'balance',
          title: t('ledger.balanceAfter'),
          width: 110,
          align: 'right',
          render: (_, e) => yuan(e.balanceAfterFen),
        },
        { key: 'payType', title: t('payment.payType'), width: 100, render: (_, e) => payTypes.label(e.payType) },
        { key: 'receipt', title: t('charge.receiptNo'), render: (_, e) => e.receiptNo ?? '-' },
        { key: 'operator', title: t('ledger.operator'), width: 96, render: (_, e) => e.operatorName ?? '-' },
      ]}
    />
  );
}
