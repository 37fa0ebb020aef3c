import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('smoke', () => {
  it('signs the super administrator in and loads the menu', async () => {
    const { token } = await s.loginInto(DEMO.superAdmin);
    const nav = await s.api('GET', '/api/sys/menu/nav', { token });
    expect(nav.body.code).toBe(0);
    expect(nav.body.menuList.map((m: { url: string }) => m.url)).toContain('/home');
    expect(nav.body.permissions).toContain('sys:index:info');
  });
});
