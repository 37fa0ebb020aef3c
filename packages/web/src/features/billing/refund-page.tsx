import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  BillingPerm,
  REFUND_REASONS,
  billingEndpoints,
  refundRequestSchema,
  type ChargeRow,
  type RefundRequestRow,
  type SettlementInfo,
} from '@rehab/shared';
import { useBill, useBillingMutation, useSettlementInfo } from '../../components/billing/api';
import {
  LoadError,
  PayStatusTag,
  RequestStatusTag,
  errorText,
  priceColumns,
  useIdempotencyKey,
  usePayTypes,
  yuan,
} from '../../components/billing/billing-kit';
import { schemaField } from '../../lib/form-rules';
import { usePermission } from '../../lib/session';
import { BillingHeader } from './billing-common';
import './billing.css';

type Line = SettlementInfo['lines'][number];
/** Discount and rounding lines go with the settlement, never alone. */
const REFUNDABLE_SOURCES = new Set(['registration', 'project', 'workOrder', 'package', 'manual']);

/** What of a line can still be asked back: its quantity less what is refunded and what is pending. */
export const refundableOf = (line: Line, charge: ChargeRow | undefined) =>
  REFUNDABLE_SOURCES.has(line.sourceType)
    ? Math.max(0, line.quantity - (charge?.refundedQuantity ?? 0) - (charge?.pendingQuantity ?? 0))
    : 0;

type Values = { reasonCode: number; reason: string };

/**
 * The refund request of a settlement (/outpatient/refund/:patientId/:businessId/:type/:id): each line's refundable
 * quantity and a quantity to ask back, the reason; the idempotency key is minted when the screen opens. Executed
 * sessions are the server's to refuse (its message shows as it comes).
 */
export function RefundPage() {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = usePermission();
  const params = useParams();
  const patientId = Number(params.patientId);
  const settlementId = Number(params.id);
  const info = useSettlementInfo(settlementId);
  const bill = useBill(patientId);
  const payTypes = usePayTypes();
  const request = useBillingMutation(billingEndpoints.refundRequest);
  const [key] = useIdempotencyKey();
  const [form] = Form.useForm<Values>();
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [done, setDone] = useState<RefundRequestRow | null>(null);
  const reason = schemaField(refundRequestSchema, 'reason', t('refund.reasonText'));

  if (done) {
    return (
      <Card data-testid="refund-requested">
        <Result
          status="success"
          title={t('refund.requested', { amount: yuan(done.amountFen) })}
          subTitle={t('refund.waitsFor', { role: done.approverRoleName })}
          extra={
            <Space>
              <RequestStatusTag status={done.status} />
              <Button type="primary" onClick={() => navigate(-1)}>
                {t('back')}
              </Button>
            </Space>
          }
        />
      </Card>
    );
  }
  if (info.isLoading || bill.isLoading) return <Skeleton active />;
  if (info.isError || !info.data) return <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  if (bill.isError || !bill.data) return <LoadError error={bill.error} onRetry={() => void bill.refetch()} />;
  const s = info.data;
  const chargeOf = new Map(bill.data.charges.map((c) => [c.id, c]));
  const picked = s.lines.filter((l) => (quantities[l.id] ?? 0) > 0);
  const estimateFen = picked.reduce((sum, l) => sum + l.unitPriceFen * (quantities[l.id] ?? 0), 0);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (picked.length === 0) return message.warning(t('refund.pickLines'));
    try {
      const answer = await request.mutateAsync({
        body: {
          idempotencyKey: key,
          settlementId,
          lines: picked.map((l) => ({ chargeId: l.chargeId, quantity: quantities[l.id]! })),
          reasonCode: v.reasonCode as never,
          reason: v.reason,
        },
      });
      setDone(answer.data);
    } catch (error) {
      message.error(errorText(error, t('failed', { action: t('refund.request') })));
    }
  };

  return (
    <div className="billing-page" data-testid="refund-page">
      <BillingHeader title={t('refund.title')} patient={{ name: s.patientName, phone: bill.data.patient.phone }} back />
      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} data-testid="refund-settlement">
          <Descriptions.Item label={t('settlement.no')}>{s.settlementNo}</Descriptions.Item>
          <Descriptions.Item label={t('charge.receiptNo')}>{s.receiptNo ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('settlement.total')}>{yuan(s.totalFen)}</Descriptions.Item>
          <Descriptions.Item label={t('charge.refunded')}>{yuan(s.refundedFen)}</Descriptions.Item>
          <Descriptions.Item label={t('settlement.payTypes')}>
            {s.payments.map((p) => `${payTypes.label(p.payType)} ${yuan(p.amountFen)}`).join(' + ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('settlement.time')}>
            {dayjs(s.createdAt).format('YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          <Descriptions.Item label={t('settlement.cashier')}>{s.cashierName}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('refund.linesTitle')}>
        <Table<Line>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={s.lines}
          scroll={{ x: 860 }}
          data-testid="refund-lines"
          columns={[
            {
              key: 'name',
              title: t('charge.name'),
              render: (_, l) => (
                <Space size={4} wrap>
                  <span>{l.name}</span>
                  {chargeOf.get(l.chargeId)?.executed && <Tag color="orange">{t('charge.executed')}</Tag>}
                </Space>
              ),
            },
            ...priceColumns<Line>(t),
            {
              key: 'status',
              title: t('charge.status'),
              width: 112,
              render: (_, l) => {
                const c = chargeOf.get(l.chargeId);
                return c ? <PayStatusTag status={c.payStatus} /> : '-';
              },
            },
            {
              key: 'refundable',
              title: t('refund.refundable'),
              width: 90,
              align: 'right',
              render: (_, l) => refundableOf(l, chargeOf.get(l.chargeId)),
            },
            {
              key: 'ask',
              title: t('refund.quantity'),
              width: 110,
              render: (_, l, index) => {
                const max = refundableOf(l, chargeOf.get(l.chargeId));
                return (
                  <InputNumber
                    min={0}
                    max={max}
                    precision={0}
                    disabled={max === 0}
                    value={quantities[l.id] ?? 0}
                    onChange={(v) => setQuantities((q) => ({ ...q, [l.id]: Number(v ?? 0) }))}
                    style={{ width: 90 }}
                    data-testid={`refund-qty-${index}`}
                  />
                );
              },
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('refund.reason')}>
        <Form form={form} layout="vertical" name="refundRequest" style={{ maxWidth: 640 }}>
          <Form.Item
            name="reasonCode"
            label={t('refund.reasonCode')}
            rules={[{ required: true, message: t('required') }]}
          >
            <Select
              options={REFUND_REASONS.map((c) => ({ value: c, label: t(`reason.${c}`) }))}
              data-testid="refund-reason-code"
            />
          </Form.Item>
          <Form.Item name="reason" label={t('refund.reasonText')} required={reason.required} rules={reason.rules}>
            <Input.TextArea maxLength={reason.maxLength} autoSize={{ minRows: 2 }} data-testid="refund-reason" />
          </Form.Item>
          <Space wrap>
            <Typography.Text data-testid="refund-estimate">
              {t('refund.estimate', { amount: yuan(estimateFen) })}
            </Typography.Text>
            <Button
              type="primary"
              disabled={!can(BillingPerm.refundRequest) || picked.length === 0}
              loading={request.isPending}
              onClick={submit}
              data-testid="refund-submit"
            >
              {t('refund.request')}
            </Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
