import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFLINE_AFTER, detectionDelaySeconds, isOnline, shownState } from './devices.schema';

const at = (iso: string) => Date.parse(iso);
const seen = '2026-11-27T08:00:00.000Z';

describe('isOnline', () => {
  const d = { enabled: true, reportsOnline: true, lastActivityAt: seen };
  it('is online within the timeout and offline from it on', () => {
    expect(isOnline(d, 90, at('2026-11-27T08:01:29.999Z'))).toBe(true);
    expect(isOnline(d, 90, at('2026-11-27T08:01:30.000Z'))).toBe(false);
  });
  it('is never online disabled, not reporting, or never heard of', () => {
    const now = at('2026-11-27T08:00:01Z');
    expect(isOnline({ ...d, enabled: false }, 90, now)).toBe(false);
    expect(isOnline({ ...d, reportsOnline: false }, 90, now)).toBe(false);
    expect(isOnline({ ...d, lastActivityAt: null }, 90, now)).toBe(false);
    expect(isOnline({ ...d, lastActivityAt: new Date(seen) }, 90, now)).toBe(true);
  });
});

describe('shownState and the detection delay', () => {
  it('shows an online device offline once its timeout passed, and leaves other states alone', () => {
    const row = { state: 'online' as const, lastActivityAt: seen, offlineAfterSeconds: 120 };
    expect(shownState(row, at('2026-11-27T08:01:59Z'))).toBe('online');
    expect(shownState(row, at('2026-11-27T08:02:01Z'))).toBe('offline');
    expect(shownState({ ...row, state: 'disabled' }, at('2026-11-27T08:00:01Z'))).toBe('disabled');
    expect(shownState({ ...row, state: 'offline' }, at('2026-11-27T08:00:01Z'))).toBe('offline');
  });
  it('states the delay as the timeout plus the checker’s minute', () => {
    expect(detectionDelaySeconds(DEFAULT_OFFLINE_AFTER.cycle)).toBe(240);
  });
});
