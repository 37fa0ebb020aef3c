/**
 * The heartbeat monitor's state machine (Uptime Kuma's model, anchors.md D.3): UP, PENDING (failing, retries not yet
 * spent), DOWN, MAINTENANCE. Pure: the checker job and the push endpoint call it with what they observed and write
 * what it answers. An explicit "down" push is certain and skips the retries; silence and failed checks count.
 */
export const MONITOR_STATUSES = ['up', 'pending', 'down', 'maintenance'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

/** Why a check failed: no heartbeat in the window, the partner said "down", or the HTTP/TCP check failed. */
export const FAILURE_REASONS = ['silence', 'downPush', 'error'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

export type Observation = { ok: true } | { ok: false; reason: FailureReason; message?: string | null };

export type MonitorState = {
  /** null: never checked yet */
  status: MonitorStatus | null;
  /** consecutive failed observations */
  failures: number;
};

export type StepResult = MonitorState & {
  status: MonitorStatus;
  /** 'down': an incident opens; 'up': the open incident resolves; null: nothing to tell */
  transition: 'down' | 'up' | null;
};

/**
 * The next state after one observation. `retries` is how many failed observations are tolerated (PENDING) before
 * DOWN; during a maintenance window the status is MAINTENANCE whatever is observed, no incident opens and none
 * resolves (an incident open before the window resolves at the first good observation after it).
 */
export function step(prev: MonitorState, obs: Observation, retries: number, inMaintenance: boolean): StepResult {
  if (inMaintenance) return { status: 'maintenance', failures: 0, transition: null };
  const wasDown = prev.status === 'down';
  if (obs.ok) return { status: 'up', failures: 0, transition: wasDown ? 'up' : null };
  const failures = prev.failures + 1;
  if (obs.reason === 'downPush' || failures > retries)
    return { status: 'down', failures, transition: wasDown ? null : 'down' };
  // a monitor already down stays down while it keeps failing
  return { status: wasDown ? 'down' : 'pending', failures, transition: null };
}

/**
 * What a push or derived monitor observes at `now`: the partner's last word (or our last successful exchange) and
 * when it came. An explicit "down" is a failure of its own kind; nothing within interval + grace is silence.
 */
export function observeSilence(
  last: { at: Date | null; down?: boolean; message?: string | null },
  now: Date,
  intervalSec: number,
  graceSec: number,
): Observation {
  if (last.at && last.down) return { ok: false, reason: 'downPush', message: last.message ?? null };
  if (!last.at || now.getTime() - last.at.getTime() > (intervalSec + graceSec) * 1000)
    return { ok: false, reason: 'silence' };
  return { ok: true };
}

/** Whether `now` falls in one of the maintenance windows (from inclusive, to exclusive). */
export function inMaintenanceWindow(windows: readonly { from: string; to: string }[], now: Date): boolean {
  const t = now.getTime();
  return windows.some((w) => Date.parse(w.from) <= t && t < Date.parse(w.to));
}

/** Whether a reminder is due for a monitor still down: `resendMinutes` 0 never repeats. */
export function resendDue(lastNotifiedAt: Date | null, now: Date, resendMinutes: number): boolean {
  if (resendMinutes <= 0 || !lastNotifiedAt) return false;
  return now.getTime() - lastNotifiedAt.getTime() >= resendMinutes * 60_000;
}

const DAY_MS = 86_400_000;

/**
 * Uptime of each day of `days` (YYYY-MM-DD, starting at midnight of `offsetMinutes` from UTC) from the incidents'
 * down spans: the share of the day's elapsed part (up to `now`) not covered by any incident; null for a day not yet
 * begun or before the monitor existed.
 */
export function uptimeByDay(
  days: readonly string[],
  incidents: readonly { startedAt: Date; resolvedAt: Date | null }[],
  now: Date,
  since: Date,
  offsetMinutes: number,
): { day: string; ratio: number | null }[] {
  return days.map((day) => {
    const start = Math.max(Date.parse(`${day}T00:00:00Z`) - offsetMinutes * 60_000, since.getTime());
    const end = Math.min(Date.parse(`${day}T00:00:00Z`) - offsetMinutes * 60_000 + DAY_MS, now.getTime());
    if (end <= start) return { day, ratio: null };
    const spans = incidents
      .map((i) => [Math.max(i.startedAt.getTime(), start), Math.min((i.resolvedAt ?? now).getTime(), end)] as const)
      .filter(([a, b]) => b > a)
      .sort((x, y) => x[0] - y[0]);
    let down = 0;
    let cursor = start;
    for (const [a, b] of spans) {
      const from = Math.max(a, cursor);
      if (b > from) down += b - from;
      cursor = Math.max(cursor, b);
    }
    return { day, ratio: Math.round(((end - start - down) / (end - start)) * 10000) / 10000 };
  });
}
