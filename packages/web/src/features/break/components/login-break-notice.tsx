import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentBreak } from '@rehab/shared';
import { Icon } from '../../../components/icons';
import { CURRENT_BREAK_REFRESH_MS, fetchCurrentBreak } from '../api/current';
import { breakNoticeText } from '../notice-text';
import styles from './login-break-notice.module.css';

/**
 * The maintenance notice of the login page: the window in progress, or the next one within 24 hours. Plain React
 * (the login page loads no Ant Design); asked again when the language changes and every minute, so a window that
 * starts while the page is open shows. Nothing when there is none, or when the call fails (sign-in still works).
 */
export function LoginBreakNotice() {
  const { t, i18n, ready } = useTranslation('break', { useSuspense: false });
  const [current, setCurrent] = useState<CurrentBreak | null>(null);
  const language = i18n.language;

  useEffect(() => {
    let live = true;
    const load = () =>
      fetchCurrentBreak()
        .then((data) => live && setCurrent(data))
        .catch(() => undefined);
    void load();
    const timer = window.setInterval(load, CURRENT_BREAK_REFRESH_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [language]);

  if (!current || !ready) return null;
  const text = breakNoticeText(t, current);
  return (
    <div
      className={[styles.notice, current.state === 'active' ? styles.active : styles.upcoming].join(' ')}
      role="status"
      data-testid="login-break-notice"
      data-state={current.state}
    >
      <Icon name="exclamationCircle" className={styles.icon} />
      <div className={styles.body}>
        <strong className={styles.title}>{text.title}</strong>
        {text.lines.map((line, i) => (
          <span key={i} className={styles.line}>
            {line}
          </span>
        ))}
        {text.signIn && <span className={styles.signIn}>{text.signIn}</span>}
      </div>
    </div>
  );
}
