import { useEffect, useState } from 'react';
import { Button, Modal } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { authEndpoints, durationText, translate } from '@rehab/shared';
import { callEndpoint } from '../../lib/endpoints';
import { appConfig } from '../../lib/config';
import { currentLocale } from '../../lib/locale';
import { useSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { logout } from '../../lib/logout';
import { sessionEnd } from '../../lib/session-end';
import { ACTIVITY_EVENTS, createIdleTimer } from './idle-timer';

/**
 * Where tabs of one session leave the time of their latest activity, so that a tab left alone does not end the
 * session of a user working in another one. Removed with the rest of the session at logout.
 */
const SHARED_ACTIVITY_KEY = 'lastActivity';
const SHARE_EVERY_MS = 5_000;
/**
 * The server counts only requests as activity. A user reading one screen for an hour moves the mouse but calls
 * nothing, so activity also tells the server, at most every few minutes, that the session is in use.
 */
const heartbeatEvery = (timeoutMs: number) => Math.min(5 * 60_000, Math.max(1_000, timeoutMs / 4));

/** Runs `onIdle` after `timeoutMs` without mouse, keyboard, touch or scroll activity (in any tab) while `enabled`. */
export function useIdleTimeout(enabled: boolean, timeoutMs: number, onIdle: () => void) {
  useEffect(() => {
    if (!enabled) return;
    const timer = createIdleTimer({
      timeoutMs,
      onIdle,
      sharedLast: () => storage.get<number>(SHARED_ACTIVITY_KEY) ?? 0,
    });
    let shared = 0;
    let beat = Date.now();
    const handleActivity = () => {
      timer.activity();
      const now = Date.now();
      if (now - beat >= heartbeatEvery(timeoutMs)) {
        beat = now;
        void callEndpoint(authEndpoints.heartbeat).catch(() => undefined);
      }
      if (now - shared >= SHARE_EVERY_MS) {
        shared = now;
        storage.set(SHARED_ACTIVITY_KEY, now);
      }
    };
    const options = { capture: true, passive: true } as const;
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, handleActivity, options);
    return () => {
      timer.stop();
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, handleActivity, options);
    };
    // onIdle is a state setter passed by the caller: stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, timeoutMs]);
}

/** How long before the idle limit the warning shows: a few minutes, a third of a short limit. */
export const warnBeforeMs = (idleMs: number) => Math.min(3 * 60_000, Math.floor(idleMs / 3));

/**
 * Spec section 4, Session timeout: after the idle limit (1 hour; the server's SESSION_IDLE_MS, given to the screen in
 * its runtime configuration) without activity, and unless the user chose keep-login, a dialog says so and its Close
 * button signs out (the drafts and the page are kept for the next sign-in). The server ends the idle token on its
 * side too, so the dialog cannot be dismissed into a half-dead session. A few minutes before, a warning counts down
 * with "stay signed in", which tells the server the session is in use (issue 21).
 */
export function SessionTimeoutDialog() {
  const { t } = useTranslation('shell');
  const { token, user } = useSession();
  const idleMs = appConfig.sessionIdleMs;
  const warnMs = warnBeforeMs(idleMs);
  const [open, setOpen] = useState(false);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const signedIn = Boolean(token) && !user?.keepLogin;
  useIdleTimeout(signedIn && !open && deadline === null, idleMs - warnMs, () => {
    setDeadline(Date.now() + warnMs);
    setNow(Date.now());
  });

  useEffect(() => {
    if (deadline === null) return;
    const tick = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) {
        setDeadline(null);
        setOpen(true);
      }
    }, 1000);
    return () => clearInterval(tick);
  }, [deadline]);

  const handleStay = () => {
    setDeadline(null);
    storage.set(SHARED_ACTIVITY_KEY, Date.now());
    void callEndpoint(authEndpoints.heartbeat).catch(() => undefined);
  };
  const handleClose = () => {
    sessionEnd.record({ reason: 'idle', at: new Date().toISOString(), idleMs });
    void logout({ forced: true });
  };

  return (
    <>
      <Modal
        // signed out meanwhile (another tab, a 401): nothing to warn about
        open={signedIn && deadline !== null}
        width={420}
        closable={false}
        keyboard={false}
        mask={{ closable: false }}
        title={
          <span>
            <ClockCircleOutlined className="shell-dialog-icon-warning" /> {t('sessionTimeout.warnTitle')}
          </span>
        }
        footer={
          <Button type="primary" onClick={handleStay} data-testid="session-stay">
            {t('sessionTimeout.stay')}
          </Button>
        }
      >
        <p data-testid="session-warning-message">
          {t('sessionTimeout.warnMessage', {
            seconds: Math.max(0, Math.ceil(((deadline ?? now) - now) / 1000)),
          })}
        </p>
      </Modal>
      <Modal
        open={open}
        width={400}
        closable={false}
        keyboard={false}
        mask={{ closable: false }}
        title={
          <span>
            <ClockCircleOutlined className="shell-dialog-icon-warning" /> {t('sessionTimeout.title')}
          </span>
        }
        footer={
          <Button type="primary" onClick={handleClose} data-testid="session-timeout-close">
            {t('common:action.close')}
          </Button>
        }
      >
        <p data-testid="session-timeout-message">
          {translate(currentLocale(), 'error.sessionExpired', {
            limit: durationText(idleMs, currentLocale()),
          })}
        </p>
      </Modal>
    </>
  );
}
