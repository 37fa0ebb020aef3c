import { LockOutlined, MailOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { PASSWORD_MAX, PASSWORD_MIN, newPasswordSchema, translate } from '@rehab/shared';
import { Alert, Button, Form } from 'antd';
// Input and Password by file: antd's Input index also pulls TextArea, Search and OTP into the first download
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { zodRule } from '../../lib/form-rules';
import { currentLocale } from '../../lib/locale';
import { storage } from '../../lib/storage';
import { paths } from '../../lib/paths';
import { resetPassword, sendResetCode } from './api/reset-password';
import { AuthLayout } from './components/auth-layout';
import { CodeButton } from './components/code-button';
import { accountRules, codeRules, requiredRule } from './rules';
import { showToast } from './toast';
import styles from './auth-forms.module.css';

type ResetFormValues = { address: string; password: string; confirmPassword: string; verificationCode: string };

/** Back to the login the user came from (the kept login query). */
function loginHref() {
  const search = new URLSearchParams(storage.get<Record<string, string>>('loginQuery') ?? {}).toString();
  return `${paths.login}${search ? `?${search}` : ''}`;
}

/**
 * /user-reset (spec sections 2, 4 and 5): a code to the e-mail or mainland phone of the account, then a new
 * password under the password rule (8-20 characters with a letter, a digit and a symbol), confirmed, then /login.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const locale = currentLocale();

  const handleSendCode = async () => {
    const { address } = await form.validateFields(['address']);
    setFormError(null);
    try {
      const res = await sendResetCode(address);
      showToast(res.msg || t('code.sent'));
    } catch (err) {
      // spec section 8: a send error is a toast with the server message, 1500 ms
      showToast(err instanceof Error && err.message ? err.message : t('common:error.network'), 'error', 1.5);
      throw err;
    }
  };

  const handleFinish = async (values: ResetFormValues) => {
    setSubmitting(true);
    setFormError(null);
    try {
      const res = await resetPassword({
        address: values.address,
        password: values.password,
        verificationCode: values.verificationCode,
      });
      // a plain notice: it stays while the login page (which has no antd) opens
      showToast(res.msg || t('reset.success'));
      navigate(loginHref(), { replace: true });
    } catch (err) {
      setFormError(err instanceof Error && err.message ? err.message : t('common:error.network'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout brand="reset" title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <Form<ResetFormValues>
        form={form}
        name="reset-password"
        size="large"
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        onFinish={handleFinish}
        onValuesChange={() => formError && setFormError(null)}
      >
        <Form.Item
          name="address"
          label={t('reset.address')}
          rules={accountRules('validation.addressFormat', 'validation.addressFormat')}
        >
          <Input
            prefix={<MailOutlined />}
            placeholder={t('reset.addressPlaceholder')}
            autoComplete="username"
            inputMode="email"
            maxLength={64}
            allowClear
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('reset.newPassword')}
          rules={[zodRule(newPasswordSchema, t('reset.newPassword'))]}
          validateFirst
        >
          <Password
            prefix={<LockOutlined />}
            placeholder={t('reset.newPasswordPlaceholder', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('reset.confirmPassword')}
          dependencies={['password']}
          rules={[
            requiredRule('validation.required', 'confirmPassword'),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) {
                  throw new Error(translate(locale, 'validation.passwordMismatch'));
                }
              },
            }),
          ]}
        >
          <Password
            prefix={<LockOutlined />}
            placeholder={t('reset.confirmPasswordPlaceholder')}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
          />
        </Form.Item>
        <Form.Item label={t('reset.code')} required>
          <div className={styles.codeRow}>
            <Form.Item name="verificationCode" noStyle rules={codeRules} validateTrigger={['onChange', 'onBlur']}>
              <Input
                prefix={<SafetyCertificateOutlined />}
                placeholder={t('reset.codePlaceholder')}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                aria-label={t('reset.code')}
              />
            </Form.Item>
            <CodeButton onSend={handleSendCode} />
          </div>
        </Form.Item>
        {formError && <Alert className={styles.formAlert} type="error" showIcon title={formError} role="alert" />}
        <Form.Item className={styles.submitRow}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('reset.submit')}
          </Button>
        </Form.Item>
      </Form>
      <div className={styles.backRow}>
        <Link to={loginHref()}>{t('reset.backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
