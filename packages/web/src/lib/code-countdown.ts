import { useCallback, useEffect, useState } from 'react';

/** Verification code resend cooldown (spec section 9): 60 s on login and on password reset. */
export const CODE_COOLDOWN_SECONDS = 60;

/** Send-code states of spec section 4: 1 can get a code, 2 counting down, 3 can resend. */
export type CodeButtonState = 'ready' | 'counting' | 'resend';

/** Whole seconds left until a deadline (never negative). */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

export function codeButtonState(remaining: number, sentBefore: boolean): CodeButtonState {
  if (remaining > 0) return 'counting';
  return sentBefore ? 'resend' : 'ready';
}

/** The countdown behind a get-code button; the deadline survives a throttled background tab. */
export function useCodeCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const left = secondsLeft(endsAt, Date.now());
      setRemaining(left);
      if (left === 0) window.clearInterval(id);
    };
    const id = window.setInterval(tick, 250);
    tick();
    return () => window.clearInterval(id);
  }, [endsAt]);

  const start = useCallback((seconds: number = CODE_COOLDOWN_SECONDS) => setEndsAt(Date.now() + seconds * 1000), []);
  return { state: codeButtonState(remaining, endsAt !== null), remaining, start };
}
