import { describe, expect, it } from 'vitest';
import { inMaintenanceWindow, observeSilence, resendDue, step, uptimeByDay } from './heartbeat-state';

const fail = { ok: false as const, reason: 'error' as const };
const silence = { ok: false as const, reason: 'silence' as const };

describe('heartbeat state machine', () => {
  it('goes pending while retries last, then down once, then up again', () => {
    let s = step({ status: 'up', failures: 0 }, fail, 2, false);
    expect(s).toEqual({ status: 'pending', failures: 1, transition: null });
    s = step(s, fail, 2, false);
    expect(s).toEqual({ status: 'pending', failures: 2, transition: null });
    s = step(s, fail, 2, false);
    expect(s).toEqual({ status: 'down', failures: 3, transition: 'down' });
    s = step(s, silence, 2, false);
    expect(s).toEqual({ status: 'down', failures: 4, transition: null });
    expect(step(s, { ok: true }, 2, false)).toEqual({ status: 'up', failures: 0, transition: 'up' });
  });

  it('a recovery from pending opens and resolves nothing', () => {
    const s = step({ status: 'up', failures: 0 }, fail, 1, false);
    expect(step(s, { ok: true }, 1, false)).toEqual({ status: 'up', failures: 0, transition: null });
  });

  it('an explicit down push skips the retries; silence does not', () => {
    expect(step({ status: 'up', failures: 0 }, { ok: false, reason: 'downPush' }, 5, false)).toMatchObject({
      status: 'down',
      transition: 'down',
    });
    expect(step({ status: 'up', failures: 0 }, silence, 5, false)).toMatchObject({ status: 'pending' });
  });

  it('with no retries the first failure is down; a first check ever may be down', () => {
    expect(step({ status: null, failures: 0 }, fail, 0, false)).toMatchObject({ status: 'down', transition: 'down' });
  });

  it('maintenance hides failures and opens nothing', () => {
    expect(step({ status: 'up', failures: 0 }, fail, 0, true)).toEqual({
      status: 'maintenance',
      failures: 0,
      transition: null,
    });
    expect(step({ status: 'down', failures: 3 }, { ok: true }, 0, true).transition).toBeNull();
  });
});

describe('observations', () => {
  const now = new Date('2026-01-01T10:00:00Z');
  const before = (s: number) => new Date(now.getTime() - s * 1000);

  it('tells an explicit down from silence', () => {
    expect(observeSilence({ at: before(5), down: true, message: 'HIS db' }, now, 60, 30)).toEqual({
      ok: false,
      reason: 'downPush',
      message: 'HIS db',
    });
    expect(observeSilence({ at: before(91) }, now, 60, 30)).toEqual({ ok: false, reason: 'silence' });
    expect(observeSilence({ at: null }, now, 60, 30)).toEqual({ ok: false, reason: 'silence' });
    expect(observeSilence({ at: before(90) }, now, 60, 30)).toEqual({ ok: true });
  });

  it('maintenance windows include their start, exclude their end', () => {
    const w = [{ from: '2026-01-01T09:00:00Z', to: '2026-01-01T10:00:00Z' }];
    expect(inMaintenanceWindow(w, new Date('2026-01-01T09:00:00Z'))).toBe(true);
    expect(inMaintenanceWindow(w, now)).toBe(false);
  });

  it('resends only with a resend interval, once it has passed', () => {
    expect(resendDue(before(600), now, 0)).toBe(false);
    expect(resendDue(before(599), now, 10)).toBe(false);
    expect(resendDue(before(600), now, 10)).toBe(true);
  });
});

describe('uptime by day', () => {
  it('counts the down share of each elapsed day, overlaps once', () => {
    const now = new Date('2026-01-02T12:00:00Z');
    const since = new Date('2025-12-01T00:00:00Z');
    const incidents = [
      { startedAt: new Date('2026-01-01T06:00:00Z'), resolvedAt: new Date('2026-01-01T12:00:00Z') },
      { startedAt: new Date('2026-01-01T09:00:00Z'), resolvedAt: new Date('2026-01-01T12:00:00Z') },
      { startedAt: new Date('2026-01-02T06:00:00Z'), resolvedAt: null },
    ];
    expect(uptimeByDay(['2026-01-01', '2026-01-02', '2026-01-03'], incidents, now, since, 0)).toEqual([
      { day: '2026-01-01', ratio: 0.75 },
      { day: '2026-01-02', ratio: 0.5 },
      { day: '2026-01-03', ratio: null },
    ]);
  });
});
