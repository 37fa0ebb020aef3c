/** Events that count as activity and restart the idle clock (spec section 4, Session timeout). */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'scroll', 'touchstart', 'click'] as const;

export type IdleTimerOptions = {
  timeoutMs: number;
  onIdle: () => void;
  /** the latest activity seen elsewhere (other tabs of the same session), 0 if none */
  sharedLast?: () => number;
  now?: () => number;
  schedule?: (callback: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
};

export type IdleTimer = {
  /** something happened: the idle clock starts again */
  activity(): void;
  stop(): void;
};

/**
 * Calls `onIdle` once after `timeoutMs` without activity. Activity only records a time stamp (mousemove fires
 * constantly, and re-arming a timer on every event is wasteful); the single timer re-checks when it fires and
 * sleeps again for the rest of the period. A timer delayed by a sleeping laptop fires late but still sees the
 * whole idle time.
 */
export function createIdleTimer({
  timeoutMs,
  onIdle,
  sharedLast = () => 0,
  now = Date.now,
  schedule = (cb, ms) => setTimeout(cb, ms),
  cancel = (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
}: IdleTimerOptions): IdleTimer {
  let last = now();
  let stopped = false;
  let handle: unknown;
  const check = () => {
    handle = undefined;
    if (stopped) return;
    const idleFor = now() - Math.max(last, sharedLast());
    if (idleFor >= timeoutMs) {
      stopped = true;
      onIdle();
    } else {
      handle = schedule(check, timeoutMs - idleFor);
    }
  };
  handle = schedule(check, timeoutMs);
  return {
    activity() {
      if (!stopped) last = now();
    },
    stop() {
      stopped = true;
      if (handle !== undefined) cancel(handle);
      handle = undefined;
    },
  };
}
