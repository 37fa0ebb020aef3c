import { QR_POLL_INTERVAL_MS, qrLoginEndpoints } from '@rehab/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callEndpoint } from '../../lib/endpoints';
import type { LoginResponse } from './api/login';

export type QrView =
  | { phase: 'loading' }
  | { phase: 'showing'; qrCode: string; scannedBy: string | null }
  | { phase: 'error'; message: string };

/**
 * The QR mode's request and polling (spec section 4, QR login): asks for a request, then polls it every 3 s with the
 * sign-data id; once confirmed on the phone, exchanges the one-time code for the session and hands it to
 * `onSignedIn` (the normal sign-in flow goes on). An error stops polling and shows the message (with a refresh).
 * Nothing runs while `active` is false: leaving the mode stops the polling at once.
 */
export function useQrLogin(
  active: boolean,
  onSignedIn: (res: LoginResponse, msg: string) => Promise<void>,
  onFetchError: (message: string) => void,
) {
  const [round, setRound] = useState(0);
  // the view of the current round only: a new round (refresh, re-entering the mode) starts as loading
  const [shown, setShown] = useState<{ round: number; view: QrView } | null>(null);
  const signedIn = useRef(onSignedIn);
  const fetchError = useRef(onFetchError);
  useEffect(() => {
    signedIn.current = onSignedIn;
    fetchError.current = onFetchError;
  });

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const setView = (view: QrView) => setShown({ round, view });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (err: unknown) => {
      if (stopped) return;
      setView({ phase: 'error', message: err instanceof Error ? err.message : String(err) });
    };
    const pollLater = (signDataId: string, qrCode: string) => {
      timer = setTimeout(() => void poll(signDataId, qrCode), QR_POLL_INTERVAL_MS);
    };
    const poll = async (signDataId: string, qrCode: string) => {
      try {
        const { data } = await callEndpoint(qrLoginEndpoints.poll, { params: { signDataId, code: '0' } });
        if (stopped) return;
        if (data.state === 'confirmed' && data.loginCode) {
          const res = await callEndpoint(qrLoginEndpoints.poll, { params: { signDataId, code: data.loginCode } });
          if (stopped) return;
          const { token, user, expire } = res.data;
          if (!token || !user) throw new Error(res.msg);
          stopped = true;
          await signedIn.current(
            { token, user, passwordAtRisk: res.data.passwordAtRisk, expire: expire ?? 0 },
            res.msg,
          );
          return;
        }
        setView({ phase: 'showing', qrCode, scannedBy: data.scannedBy });
        pollLater(signDataId, qrCode);
      } catch (err) {
        fail(err);
      }
    };
    callEndpoint(qrLoginEndpoints.qrCode).then(
      ({ data }) => {
        if (stopped) return;
        setView({ phase: 'showing', qrCode: data.qrCode, scannedBy: null });
        pollLater(data.signDataId, data.qrCode);
      },
      (err: unknown) => {
        if (err instanceof Error) fetchError.current(err.message);
        fail(err);
      },
    );
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [active, round]);

  const refresh = useCallback(() => setRound((r) => r + 1), []);
  const view: QrView = active && shown?.round === round ? shown.view : { phase: 'loading' };
  return { view, refresh };
}
