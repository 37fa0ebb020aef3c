import { describe, expect, it, vi } from 'vitest';
import { HIS_TOKEN_REFRESH_MS, startHisTokenRefresh, storeHisToken } from './his-token';

describe('the embedded view token refresh', () => {
  it('refreshes every 650,000 ms with loginSystem=1 and the user id, and hands the new token on', async () => {
    vi.useFakeTimers();
    const post = vi.fn(async () => ({ token: 'next' }));
    const onToken = vi.fn();
    const stop = startHisTokenRefresh({ userId: 7, post, onToken });
    expect(HIS_TOKEN_REFRESH_MS).toBe(650_000);
    await vi.advanceTimersByTimeAsync(649_999);
    expect(post).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(post).toHaveBeenCalledWith({ loginSystem: 1, userId: 7 });
    expect(onToken).toHaveBeenCalledWith('next');
    await vi.advanceTimersByTimeAsync(650_000);
    expect(post).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(650_000 * 3);
    expect(post).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('stores the token in local storage and in a cookie named token', () => {
    const doc = { cookie: '' };
    const store = { setItem: vi.fn() };
    storeHisToken('a b', doc, store);
    expect(store.setItem).toHaveBeenCalledWith('token', 'a b');
    expect(doc.cookie).toBe('token=a%20b; path=/; SameSite=Lax');
  });
});
