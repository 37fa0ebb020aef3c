import { afterEach, describe, expect, it } from 'vitest';
import { logout, setLogoutNavigation } from './logout';
import { CODE_ORDER_KEY } from './session-end';
import { storage } from './storage';

describe('logout', () => {
  afterEach(() => storage.remove('loginQuery'));

  it('keeps the login query, and after a session begun by the QR code returns to the QR mode (isCodeOrder)', async () => {
    const went: string[] = [];
    setLogoutNavigation((to) => {
      went.push(to);
    });
    storage.set('loginQuery', { loginRoleType: '1' });
    await logout({ callServer: false });
    storage.set(CODE_ORDER_KEY, 1);
    await logout({ callServer: false });
    expect(went[0]).toBe('/login?loginRoleType=1');
    expect(new URLSearchParams(went[1]!.split('?')[1]).get('CAState')).toBe('1');
    expect(new URLSearchParams(went[1]!.split('?')[1]).get('isCodeOrder')).toBe('true');
    // the mark goes with the session
    expect(storage.get(CODE_ORDER_KEY)).toBeNull();
  });
});
