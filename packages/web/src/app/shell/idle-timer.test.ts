import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer } from './idle-timer';

describe('createIdleTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports idle once the whole period passes without activity', () => {
    const onIdle = vi.fn();
    createIdleTimer({ timeoutMs: 6000, onIdle });
    vi.advanceTimersByTime(5999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('starts the period again on activity', () => {
    const onIdle = vi.fn();
    const timer = createIdleTimer({ timeoutMs: 6000, onIdle });
    vi.advanceTimersByTime(5000);
    timer.activity();
    vi.advanceTimersByTime(5000);
    expect(onIdle).not.toHaveBeenCalled();
    timer.activity();
    vi.advanceTimersByTime(5999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('keeps a single timer however much activity there is', () => {
    const schedule = vi.fn((cb: () => void, ms: number) => setTimeout(cb, ms));
    const timer = createIdleTimer({ timeoutMs: 1000, onIdle: () => undefined, schedule });
    for (let i = 0; i < 500; i++) timer.activity();
    expect(schedule).toHaveBeenCalledTimes(1);
  });

  it('never fires after stop', () => {
    const onIdle = vi.fn();
    const timer = createIdleTimer({ timeoutMs: 1000, onIdle });
    timer.stop();
    vi.advanceTimersByTime(10_000);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('counts a late timer (sleeping machine) from the last activity', () => {
    let clock = 0;
    const pending: (() => void)[] = [];
    const onIdle = vi.fn();
    createIdleTimer({ timeoutMs: 1000, onIdle, now: () => clock, schedule: (cb) => pending.push(cb) });
    clock = 50_000;
    pending.shift()!();
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts activity in another tab of the same session', () => {
    const onIdle = vi.fn();
    let shared = 0;
    createIdleTimer({ timeoutMs: 6000, onIdle, sharedLast: () => shared });
    vi.advanceTimersByTime(5000);
    shared = Date.now();
    vi.advanceTimersByTime(1000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});
