import { describe, expect, it, vi } from 'vitest';
import { probeFingerprintOnce } from './fingerprint-panel';

describe('probeFingerprintOnce', () => {
  it('looks for the device bridge once a session, and afresh only when asked', async () => {
    const detect = vi.fn(async () => null);
    expect(await probeFingerprintOnce(false, detect)).toBeNull();
    expect(await probeFingerprintOnce(false, detect)).toBeNull();
    expect(detect).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('fingerprintProbe')).toBe('null');
    const found = vi.fn(async () => ({ name: 'ZK4500' }));
    expect(await probeFingerprintOnce(true, found)).toEqual({ name: 'ZK4500' });
    expect(await probeFingerprintOnce(false, found)).toEqual({ name: 'ZK4500' });
    expect(found).toHaveBeenCalledTimes(1);
  });
});
