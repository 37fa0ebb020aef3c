import { App, Button, Form, Input, Space, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verificationCodeSchema } from '@rehab/shared';
import { ApiError } from '../../../lib/api';
import { useCodeCountdown } from '../../../lib/code-countdown';
import { zodRule } from '../../../lib/form-rules';
import { checkContactCode, sendContactCode } from '../api/contact-code';

type Props = {
  form: FormInstance;
  /** the form field holding the new address */
  addressField: 'phone' | 'email';
};

/**
 * The code row under a changed phone number or e-mail address: a get-code button with the 60 s countdown (the
 * server's remaining cooldown when it names one) and the code field, checked with the server when it loses focus.
 * The save sends the code again; the server uses it up there.
 */
export function ContactCodeField({ form, addressField }: Props) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const { state, remaining, start } = useCodeCountdown();
  const [sending, setSending] = useState(false);
  const type = addressField === 'phone' ? 2 : 1;
  const name = addressField === 'phone' ? 'phoneCode' : 'emailCode';
  const label = t(addressField === 'phone' ? 'contact.phoneCode' : 'contact.emailCode');

  const handleSend = async () => {
    try {
      await form.validateFields([addressField]);
    } catch {
      return;
    }
    const address = String(form.getFieldValue(addressField) ?? '').trim();
    setSending(true);
    try {
      await sendContactCode({ type, address });
      message.success(t('contact.sent', { address }));
      start();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const seconds = Number(error.body.seconds);
      if (Number.isFinite(seconds) && seconds > 0) start(seconds);
      if (error.field === 'address' || error.field === addressField) {
        form.setFields([{ name: addressField, errors: [error.message] }]);
      }
      message.error(error.message);
    } finally {
      setSending(false);
    }
  };

  const checkWithServer = async (_rule: unknown, value: string | undefined) => {
    const code = (value ?? '').trim();
    if (!/^\d{6}$/.test(code)) return;
    const address = String(form.getFieldValue(addressField) ?? '').trim();
    try {
      await checkContactCode({ type, address, verificationCode: code });
    } catch (error) {
      throw new Error(error instanceof ApiError ? error.message : t('contact.checkFailed'));
    }
  };

  return (
    <Form.Item label={label} required extra={t('contact.help')}>
      <Space.Compact block>
        <Form.Item
          name={name}
          noStyle
          validateTrigger="onBlur"
          rules={[zodRule(verificationCodeSchema, label), { validator: checkWithServer }]}
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('contact.codePlaceholder')}
            data-testid={`profile-${name}`}
            // the server's verdict on the previous code goes once the code is edited; it is checked again on leaving
            onChange={() => form.setFields([{ name, errors: [] }])}
          />
        </Form.Item>
        <Button
          onClick={() => void handleSend()}
          loading={sending}
          disabled={state === 'counting'}
          data-testid={`profile-${name}-send`}
          className="profile-code-button"
        >
          {state === 'counting'
            ? t('contact.countdown', { seconds: remaining })
            : state === 'resend'
              ? t('contact.resend')
              : t('contact.get')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
