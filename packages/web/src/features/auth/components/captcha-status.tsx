import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import type { CaptchaState } from '../use-captcha';
import styles from './controls.module.css';

/**
 * The security check's line above the sign-in button (issue 22): working (the page solves a proof of work, no
 * puzzle to read), done, or not done with a way to try again. Read out by a screen reader as it changes.
 */
export function CaptchaStatus({ state, onRetry }: { state: CaptchaState; onRetry: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <div className={styles.captcha} role="status" aria-live="polite" data-testid="captcha" data-state={state.status}>
      {state.status === 'solving' && (
        <>
          <Icon name="loading" className={styles.captchaSpin} />
          <span>{t('captcha.solving')}</span>
        </>
      )}
      {state.status === 'ready' && (
        <>
          <Icon name="checkCircle" className={styles.captchaDone} />
          <span>{t('captcha.ready')}</span>
        </>
      )}
      {state.status === 'failed' && (
        <>
          <Icon name="exclamationCircle" className={styles.noticeIcon} />
          <span>{t('captcha.failed')}</span>
          <button type="button" className={styles.captchaRetry} onClick={onRetry} data-testid="captcha-retry">
            {t('captcha.retry')}
          </button>
        </>
      )}
    </div>
  );
}
