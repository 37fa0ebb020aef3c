import { useState } from 'react';
import { App, Button, Form, Input, Modal, Result, Select, Space, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { billingEndpoints, payTypeBehaviour, topUpSchema, type EndpointResponse } from '@rehab/shared';
import { schemaField, zodRule } from '../../lib/form-rules';
import { useBillingMutation } from './api';
import { errorText, fenOf, printReceipt, useIdempotencyKey, usePayTypes, yuan } from './billing-kit';

type Values = { amount: string; payType: string; tendered?: string; outTradeNo?: string; remark?: string };
type TopUpResult = EndpointResponse<typeof billingEndpoints.topUp>['data'];

/** A money input: yuan as typed ("12.50"), parsed by the shared rules (and again by the server). */
export function MoneyInput(props: React.ComponentProps<typeof Input>) {
  return <Input prefix="¥" inputMode="decimal" autoComplete="off" {...props} />;
}

/**
 * Tops up a patient's prepaid balance: amount, pay type, the cash tendered (the change shows) or the external trade
 * number of a scan payment. Mounted when it opens, so its idempotency key is minted once per opening.
 */
export function TopUpModal({ patientId, onClose }: { patientId: number; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [key] = useIdempotencyKey();
  const payTypes = usePayTypes();
  const topUp = useBillingMutation(billingEndpoints.topUp);
  const [result, setResult] = useState<TopUpResult | null>(null);
  const payType = Form.useWatch('payType', form);
  const amount = Form.useWatch('amount', form);
  const tendered = Form.useWatch('tendered', form);
  const behaviour = payType ? payTypeBehaviour(payType) : 'other';
  const change = fenOf(tendered) - fenOf(amount);
  const amountField = schemaField(topUpSchema, 'amount', t('topUp.amount'));

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const answer = await topUp.mutateAsync({ body: { ...values, patientId, idempotencyKey: key } });
      setResult(answer.data);
      message.success(t('topUp.done', { amount: yuan(answer.data.entry.amountFen) }));
    } catch (error) {
      message.error(errorText(error, t('failed', { action: t('topUp.title') })));
    }
  };

  if (result) {
    return (
      <Modal open title={t('topUp.title')} onCancel={onClose} footer={null} data-testid="topup-result">
        <Result
          status="success"
          title={t('topUp.done', { amount: yuan(result.entry.amountFen) })}
          subTitle={t('topUp.receiptNo', { no: result.receipt.receiptNo })}
          extra={
            <Space>
              <Button
                icon={<PrinterOutlined />}
                onClick={() =>
                  printReceipt(result.receipt.id).catch((e: unknown) =>
                    message.error(errorText(e, t('failed', { action: t('receipt.print') }))),
                  )
                }
                data-testid="topup-print"
              >
                {t('receipt.print')}
              </Button>
              <Button type="primary" onClick={onClose}>
                {t('common:action.close')}
              </Button>
            </Space>
          }
        >
          <Typography.Text>{t('balanceNow', { amount: yuan(result.balanceFen) })}</Typography.Text>
        </Result>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t('topUp.title')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={topUp.isPending}
      okText={t('topUp.submit')}
      okButtonProps={{ 'data-testid': 'topup-ok' } as never}
    >
      <Form form={form} layout="vertical" name="topUp" data-testid="topup-form" initialValues={{ payType: '1' }}>
        <Form.Item name="amount" label={t('topUp.amount')} required rules={amountField.rules}>
          <MoneyInput data-testid="topup-amount" />
        </Form.Item>
        <Form.Item name="payType" label={t('payment.payType')} rules={[{ required: true, message: t('required') }]}>
          <Select
            loading={payTypes.isLoading}
            // the prepaid balance does not top itself up
            options={payTypes.options
              .filter((o) => payTypeBehaviour(o.k) !== 'prepaid')
              .map((o) => ({ value: o.k, label: o.val }))}
            data-testid="topup-paytype"
          />
        </Form.Item>
        {behaviour === 'cash' && (
          <Form.Item
            name="tendered"
            label={t('payment.tendered')}
            rules={[zodRule(topUpSchema.shape.tendered, t('payment.tendered'))]}
            extra={change >= 0 && fenOf(tendered) > 0 ? t('payment.change', { amount: yuan(change) }) : undefined}
          >
            <MoneyInput data-testid="topup-tendered" />
          </Form.Item>
        )}
        {behaviour !== 'cash' && behaviour !== 'prepaid' && (
          <Form.Item
            name="outTradeNo"
            label={t(behaviour === 'scan' ? 'payment.tradeNo' : 'payment.reference')}
            rules={behaviour === 'scan' ? [{ required: true, message: t('payment.tradeNoRequired') }] : []}
          >
            <Input maxLength={64} data-testid="topup-tradeno" />
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('remark')}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
