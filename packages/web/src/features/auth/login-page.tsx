import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { LoginRoleType, ResultCode, isEmail, isPhone } from '@rehab/shared';
import { Alert, App, Button, Checkbox, Form } from 'antd';
// Input and Password by file: antd's Input index also pulls TextArea, Search and OTP into the first download
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { storage } from '../../lib/storage';
import { paths } from '../../app/paths';
import { loginBody, postLogin, sendLoginCode, type LoginFormValues } from './api/login';
import { AuthLayout } from './components/auth-layout';
import { CodeButton } from './components/code-button';
import { AccountGlyph, QrGlyph } from './components/mode-icons';
import { needsVerificationCode, parseLoginQuery, switchedLoginSearch } from './login-query';
import { accountRules, codeRules, requiredRule } from './rules';
import { completeSignIn } from './sign-in';
import styles from './auth-forms.module.css';

type Mode = 'account' | 'qr';

/**
 * /login (spec sections 2, 4 and 5): the administrator login (type 2, password) or the medical staff login
 * (types 1 and 0, password and a verification code), remember-me, the signed-in-elsewhere confirmation and the
 * organization resolution that follows.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const query = parseLoginQuery(location.search);
  const { loginRoleType } = query;
  const withCode = needsVerificationCode(loginRoleType);
  // CAState=1 opens the QR mode; the corner icon toggles between the two
  const [accountChosen, setAccountChosen] = useState(false);
  const mode: Mode = query.caState && !accountChosen ? 'qr' : 'account';
  const setMode = (next: Mode) => setAccountChosen(next === 'account');
  const [form] = Form.useForm<LoginFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // the login query survives a logout (spec section 2, Route guard)
  const storedQuery = JSON.stringify(query.stored);
  useEffect(() => {
    const stored = JSON.parse(storedQuery) as Record<string, string>;
    storage.set('loginQuery', Object.keys(stored).length ? stored : null);
  }, [storedQuery]);

  const remembered = storage.get<number>('rememberMe') ?? 1;
  const initialValues: Partial<LoginFormValues> = {
    rememberMe: remembered === 1,
    account: remembered === 1 ? (storage.get<string>('rememberedAccount') ?? '') : '',
  };

  const signIn = async (values: LoginFormValues, confirmElsewhere: boolean) => {
    setSubmitting(true);
    setFormError(null);
    // the sign-in stays pending while the signed-in-elsewhere question is open
    let asking = false;
    try {
      const res = await postLogin(loginBody(values, loginRoleType, confirmElsewhere));
      storage.set('rememberMe', values.rememberMe ? 1 : 0);
      if (values.rememberMe) storage.set('rememberedAccount', values.account.trim());
      else storage.remove('rememberedAccount');
      const next = await completeSignIn(res);
      message.success(res.msg || t('login.success'));
      navigate(next, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === ResultCode.signedInElsewhere) {
        asking = true;
        modal.confirm({
          title: t('login.elsewhereTitle'),
          content: err.message,
          okText: t('login.loginAnyway'),
          cancelText: t('common:action.cancel'),
          onOk: () => signIn(values, true),
          onCancel: () => setSubmitting(false),
        });
      } else {
        setFormError(err instanceof Error && err.message ? err.message : t('common:error.network'));
      }
    } finally {
      if (!asking) setSubmitting(false);
    }
  };

  const handleSendCode = async () => {
    const { account } = await form.validateFields(['account']);
    setFormError(null);
    try {
      const res = await sendLoginCode(account);
      message.success(res.msg || t('code.sent'));
    } catch (err) {
      setFormError(err instanceof Error ? err.message : t('common:error.network'));
      throw err;
    }
  };

  const title = loginRoleType === LoginRoleType.admin ? t('login.titleAdmin') : t('login.titleStaff');
  const cornerToggle = query.caState ? (
    <button
      type="button"
      className={styles.cornerToggle}
      onClick={() => setMode(mode === 'qr' ? 'account' : 'qr')}
      title={mode === 'qr' ? t('login.accountMode') : t('login.qrMode')}
      aria-label={mode === 'qr' ? t('login.accountMode') : t('login.qrMode')}
    >
      {mode === 'qr' ? <AccountGlyph /> : <QrGlyph />}
    </button>
  ) : undefined;

  if (mode === 'qr') {
    return (
      <AuthLayout brand="staff" title={t('login.qrTitle')} subtitle={t('login.qrSubtitle')} corner={cornerToggle}>
        <div className={styles.qrPanel} role="status">
          <div className={styles.qrFrame}>
            <QrGlyph />
          </div>
          <p className={styles.qrMessage}>{t('login.caNotActivated')}</p>
          <p className={styles.qrHint}>{t('login.caNotActivatedHint')}</p>
          <Button type="primary" size="large" block onClick={() => setMode('account')}>
            {t('login.useAccount')}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      brand={loginRoleType === LoginRoleType.admin ? 'admin' : 'staff'}
      title={title}
      subtitle={withCode ? t('login.subtitleStaff') : t('login.subtitleAdmin')}
      corner={cornerToggle}
    >
      <Form<LoginFormValues>
        form={form}
        name="login"
        size="large"
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        validateTrigger="onBlur"
        onFinish={(values) => signIn(values, false)}
        onValuesChange={() => formError && setFormError(null)}
      >
        <Form.Item
          name="account"
          label={t('login.account')}
          rules={accountRules('validation.accountRequired', 'validation.accountFormat')}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t('login.accountPlaceholder')}
            autoComplete="username"
            inputMode="email"
            maxLength={64}
            allowClear
          />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[requiredRule('validation.passwordRequired')]}>
          <Password
            prefix={<LockOutlined />}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            maxLength={64}
          />
        </Form.Item>
        {withCode && (
          <Form.Item label={t('login.code')} required>
            <div className={styles.codeRow}>
              <Form.Item name="verificationCode" noStyle rules={codeRules} validateTrigger={['onChange', 'onBlur']}>
                <Input
                  prefix={<SafetyCertificateOutlined />}
                  placeholder={t('login.codePlaceholder')}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  aria-label={t('login.code')}
                />
              </Form.Item>
              <Form.Item noStyle shouldUpdate={(a, b) => a.account !== b.account}>
                {({ getFieldValue }) => {
                  const account = String(getFieldValue('account') ?? '').trim();
                  return <CodeButton onSend={handleSendCode} disabled={!isPhone(account) && !isEmail(account)} />;
                }}
              </Form.Item>
            </div>
          </Form.Item>
        )}
        <div className={styles.options}>
          <Form.Item name="rememberMe" valuePropName="checked" noStyle>
            <Checkbox>{t('login.rememberMe')}</Checkbox>
          </Form.Item>
          <Link to={paths.userReset}>{t('login.forgotPassword')}</Link>
        </div>
        {formError && <Alert className={styles.formAlert} type="error" showIcon title={formError} role="alert" />}
        <Form.Item className={styles.submitRow}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('login.submit')}
          </Button>
        </Form.Item>
      </Form>
      {loginRoleType !== LoginRoleType.staffLegacy && (
        <div className={styles.switchRow}>
          <span>{loginRoleType === LoginRoleType.admin ? t('login.areYouStaff') : t('login.areYouAdmin')}</span>
          <Link to={{ pathname: paths.login, search: switchedLoginSearch(location.search, loginRoleType) }}>
            {loginRoleType === LoginRoleType.admin ? t('login.switchToStaff') : t('login.switchToAdmin')}
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
