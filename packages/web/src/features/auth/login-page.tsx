import { LoginRoleType, ResultCode, durationText, isEmail, isPhone, type SessionEnded } from '@rehab/shared';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { currentLocale } from '../../lib/locale';
import { storage } from '../../lib/storage';
import { CODE_ORDER_KEY, RETURN_KEY, safeRedirect, sessionEnd } from '../../lib/session-end';
import { paths } from '../../lib/paths';
import { loginBody, postLogin, sendLoginCode, type LoginFormValues } from './api/login';
import { AuthLayout } from './components/auth-layout';
import { CodeButton } from './components/code-button';
import { Button, Checkbox, ErrorAlert, Field, NoticeAlert, TextInput } from './components/controls';
import { ConfirmDialog } from './components/dialog';
import { AccountGlyph, QrGlyph } from './components/mode-icons';
import { QrLoginPanel } from './components/qr-login-panel';
import { needsVerificationCode, parseLoginQuery, switchedLoginSearch } from './login-query';
import { loginFieldError, loginFields, type LoginErrors, type LoginField } from './login-validation';
import { completeSignIn } from './sign-in';
import { useQrLogin } from './use-qr-login';
import { useCaptcha } from './use-captcha';
import { CaptchaStatus } from './components/captcha-status';
import { clearToasts, showToast } from './toast';
import styles from './auth-forms.module.css';

type Mode = 'account' | 'qr';

/** hh:mm in the user's language, with the date when it was not today. */
function endTime(at: string, locale: string): string {
  const date = new Date(at);
  const sameDay = date.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(locale, {
    ...(sameDay ? {} : { year: 'numeric', month: '2-digit', day: '2-digit' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** Why the last session ended, in the user's language (issue 21). */
function useSessionEndText(): string | null {
  const { t } = useTranslation('auth');
  const [ended] = useState<SessionEnded | null>(() => sessionEnd.read());
  if (!ended) return null;
  const locale = currentLocale();
  return t(`sessionEnded.${ended.reason}`, {
    time: endTime(ended.at, locale),
    limit: ended.idleMs ? durationText(ended.idleMs, locale) : '',
  });
}

/** Before the organization is resolved: the page to come back to (the `redirect` of a forced sign-out). */
function keepReturnPath(search: string) {
  const target = safeRedirect(new URLSearchParams(search).get('redirect'));
  if (target) storage.set(RETURN_KEY, target);
  sessionEnd.clear();
}
type Elsewhere = { values: LoginFormValues; message: string };

/**
 * /login (spec sections 2, 4 and 5): the administrator login (type 2, password) or the medical staff login
 * (types 1 and 0, password and a verification code), remember-me, the signed-in-elsewhere confirmation and the
 * organization resolution that follows. Plain React, no Ant Design: this page is everyone's first download.
 * `notice` shows above the form: the app passes the break feature's maintenance notice (features do not import
 * each other).
 */
export function LoginPage({ notice }: { notice?: ReactNode }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const query = parseLoginQuery(location.search);
  const endedText = useSessionEndText();
  const { loginRoleType } = query;
  const withCode = needsVerificationCode(loginRoleType);
  // CAState=1 opens the QR mode; the corner icon toggles between the two
  const [accountChosen, setAccountChosen] = useState(false);
  const mode: Mode = query.caState && !accountChosen ? 'qr' : 'account';
  const setMode = (next: Mode) => {
    setAccountChosen(next === 'account');
    // back in the QR mode: a fresh request, not the QR shown before
    if (next === 'qr') qr.refresh();
  };

  const [values, setValues] = useState<LoginFormValues>(() => {
    const remembered = (storage.get<number>('rememberMe') ?? 1) === 1;
    return {
      account: remembered ? (storage.get<string>('rememberedAccount') ?? '') : '',
      password: '',
      verificationCode: '',
      rememberMe: remembered,
    };
  });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha();
  const [elsewhere, setElsewhere] = useState<Elsewhere | null>(null);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  // the QR mode polls only while it is shown (spec section 4: leaving the mode stops polling)
  const qr = useQrLogin(
    mode === 'qr',
    async (res, msg) => {
      keepReturnPath(location.search);
      const next = await completeSignIn(res);
      storage.set(CODE_ORDER_KEY, 1);
      clearToasts();
      showToast(msg || t('login.success'));
      navigate(next, { replace: true });
    },
    (message) => showToast(message, 'error'),
  );

  // the login query survives a logout (spec section 2, Route guard)
  const storedQuery = JSON.stringify(query.stored);
  useEffect(() => {
    const stored = JSON.parse(storedQuery) as Record<string, string>;
    storage.set('loginQuery', Object.keys(stored).length ? stored : null);
  }, [storedQuery]);

  const labels: Record<LoginField, string> = {
    account: t('login.account'),
    password: t('login.password'),
    verificationCode: t('login.code'),
  };
  const check = (field: LoginField, value: string) =>
    loginFieldError(currentLocale(), field, value, labels[field]) ?? undefined;

  /** A field's message is checked on blur; once shown it follows the typing, and the code follows it always. */
  const change = (field: LoginField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (formError) setFormError(null);
    if (field === 'verificationCode' || errors[field] !== undefined) {
      setErrors((e) => ({ ...e, [field]: check(field, value) }));
    }
  };
  const blur = (field: LoginField) => setErrors((e) => ({ ...e, [field]: check(field, values[field] ?? '') }));

  const signIn = async (submitted: LoginFormValues, confirmElsewhere: boolean) => {
    setSubmitting(true);
    setFormError(null);
    // the sign-in stays pending while the signed-in-elsewhere question is open
    let asking = false;
    // a solved security check goes with this sign-in once; the next one needs a new solution
    const solved = captcha.payload;
    try {
      const res = await postLogin({ ...loginBody(submitted, loginRoleType, confirmElsewhere), captcha: solved });
      storage.set('rememberMe', submitted.rememberMe ? 1 : 0);
      if (submitted.rememberMe) storage.set('rememberedAccount', submitted.account.trim());
      else storage.remove('rememberedAccount');
      keepReturnPath(location.search);
      const next = await completeSignIn(res);
      clearToasts();
      showToast(res.msg || t('login.success'));
      navigate(next, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === ResultCode.signedInElsewhere) {
        asking = true;
        setElsewhere({ values: submitted, message: err.message });
      } else {
        setFormError(err instanceof Error && err.message ? err.message : t('common:error.network'));
      }
      // the server asks for the check (after several failures), or the one sent was used up
      if ((err instanceof ApiError && err.body.captcha === true) || (solved && !asking)) captcha.renew();
    } finally {
      if (!asking) setSubmitting(false);
    }
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submitting || captcha.state.status === 'solving') return;
    const found: LoginErrors = {};
    for (const field of loginFields(withCode)) found[field] = check(field, values[field] ?? '');
    setErrors(found);
    const first = loginFields(withCode).find((field) => found[field]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    void signIn(values, false);
  };

  const handleSendCode = async () => {
    const problem = check('account', values.account);
    if (problem) {
      setErrors((e) => ({ ...e, account: problem }));
      throw new Error(problem);
    }
    setFormError(null);
    try {
      const res = await sendLoginCode(values.account);
      showToast(res.msg || t('code.sent'));
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
        <QrLoginPanel view={qr.view} onRefresh={qr.refresh} onUseAccount={() => setMode('account')} />
      </AuthLayout>
    );
  }

  const account = values.account.trim();
  return (
    <AuthLayout
      brand={loginRoleType === LoginRoleType.admin ? 'admin' : 'staff'}
      title={title}
      subtitle={withCode ? t('login.subtitleStaff') : t('login.subtitleAdmin')}
      corner={cornerToggle}
    >
      {notice}
      {endedText && <NoticeAlert testId="session-ended">{endedText}</NoticeAlert>}
      <form name="login" noValidate onSubmit={handleSubmit}>
        <Field id="login-account" label={labels.account} error={errors.account}>
          <TextInput
            id="login-account"
            name="account"
            icon="user"
            value={values.account}
            onValueChange={(v) => change('account', v)}
            onBlur={() => blur('account')}
            invalid={!!errors.account}
            inputRef={(el) => {
              inputs.current.account = el;
            }}
            placeholder={t('login.accountPlaceholder')}
            autoComplete="username"
            inputMode="email"
            maxLength={64}
            allowClear
          />
        </Field>
        <Field id="login-password" label={labels.password} error={errors.password}>
          <TextInput
            id="login-password"
            name="password"
            icon="lock"
            password
            value={values.password}
            onValueChange={(v) => change('password', v)}
            onBlur={() => blur('password')}
            invalid={!!errors.password}
            inputRef={(el) => {
              inputs.current.password = el;
            }}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            maxLength={64}
          />
        </Field>
        {withCode && (
          <Field id="login-code" label={labels.verificationCode} error={errors.verificationCode}>
            <div className={styles.codeRow}>
              <TextInput
                id="login-code"
                name="verificationCode"
                icon="safety"
                value={values.verificationCode ?? ''}
                onValueChange={(v) => change('verificationCode', v)}
                onBlur={() => blur('verificationCode')}
                invalid={!!errors.verificationCode}
                inputRef={(el) => {
                  inputs.current.verificationCode = el;
                }}
                placeholder={t('login.codePlaceholder')}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
              />
              <CodeButton onSend={handleSendCode} disabled={!isPhone(account) && !isEmail(account)} />
            </div>
          </Field>
        )}
        <div className={styles.options}>
          <Checkbox
            checked={values.rememberMe}
            onChange={(rememberMe) => {
              setValues((v) => ({ ...v, rememberMe }));
              if (formError) setFormError(null);
            }}
          >
            {t('login.rememberMe')}
          </Checkbox>
          <Link to={paths.userReset}>{t('login.forgotPassword')}</Link>
        </div>
        {formError && <ErrorAlert className={styles.formAlert}>{formError}</ErrorAlert>}
        {captcha.on && <CaptchaStatus state={captcha.state} onRetry={captcha.renew} />}
        <div className={styles.submitRow}>
          <Button type="submit" primary block loading={submitting || captcha.state.status === 'solving'}>
            {t('login.submit')}
          </Button>
        </div>
      </form>
      {loginRoleType !== LoginRoleType.staffLegacy && (
        <div className={styles.switchRow}>
          <span>{loginRoleType === LoginRoleType.admin ? t('login.areYouStaff') : t('login.areYouAdmin')}</span>
          <Link to={{ pathname: paths.login, search: switchedLoginSearch(location.search, loginRoleType) }}>
            {loginRoleType === LoginRoleType.admin ? t('login.switchToStaff') : t('login.switchToAdmin')}
          </Link>
        </div>
      )}
      {elsewhere && (
        <ConfirmDialog
          title={t('login.elsewhereTitle')}
          content={elsewhere.message}
          okText={t('login.loginAnyway')}
          cancelText={t('common:action.cancel')}
          onOk={() => {
            setElsewhere(null);
            void signIn(elsewhere.values, true);
          }}
          onCancel={() => {
            setElsewhere(null);
            setSubmitting(false);
          }}
        />
      )}
    </AuthLayout>
  );
}
