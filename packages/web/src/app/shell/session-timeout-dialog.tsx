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

/**
 * Spec section 4, Session timeout: after the idle limit (1 hour; runtime configuration) without activity, and
 * unless the user chose keep-login, a dialog says so and its Close button logs out. The server ends the idle
 * token on its side too, so the dialog cannot be dismissed into a half-dead session.
 */
export function SessionTimeoutDialog() {
  const { t } = useTranslation('shell');
  const { token, user } = useSession();
  const [open, setOpen] = useState(false);
  useIdleTimeout(Boolean(token) && !user?.keepLogin && !open, appConfig.sessionIdleMs, () => setOpen(true));
  return (
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
        <Button type="primary" onClick={() => void logout()} data-testid="session-timeout-close">
          {t('common:action.close')}
        </Button>
      }
    >
      <p data-testid="session-timeout-message">
        {translate(currentLocale(), 'error.sessionExpired', {
          limit: durationText(appConfig.sessionIdleMs, currentLocale()),
        })}
      </p>
    </Modal>
  );
}
