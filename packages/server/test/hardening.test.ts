import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleId } from '@rehab/shared';
import { users } from '../src/db/schema';
import { isCommonPassword } from '../src/modules/auth/password-policy';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

// Issue 22, item 5: the browser-side headers and the list of common and leaked passwords.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0, cspMediaOrigins: ['http://gateway.example:8888'] });
});
afterAll(async () => {
  await s?.close();
});

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );

describe('security headers (issue 22, item 5)', () => {
  it('sends a strict Content-Security-Policy, COOP and Permissions-Policy on the API and the web app files', async () => {
    for (const url of ['/api/sys/version/getCurrentVersion', '/runtime-config.js', '/api/docs', '/no-such-file.js']) {
      const res = await fetch(s.base + url);
      const csp = res.headers.get('content-security-policy');
      expect(csp, url).toBeTruthy();
      const d = directives(csp!);
      expect(d['default-src']).toEqual(["'self'"]);
      expect(d['script-src']).toEqual(["'self'"]);
      expect(d['object-src']).toEqual(["'none'"]);
      expect(d['base-uri']).toEqual(["'self'"]);
      expect(d['frame-ancestors']).toEqual(["'self'"]);
      expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      // the API, the live channel on the same host, the configured camera gateway, nothing else
      const host = new URL(s.base).host;
      expect(d['connect-src']!.sort()).toEqual(
        ["'self'", 'http://gateway.example:8888', `ws://${host}`, `wss://${host}`].sort(),
      );
      expect(d['media-src']).toEqual(["'self'", 'blob:', 'http://gateway.example:8888']);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      const permissions = res.headers.get('permissions-policy')!;
      for (const allowed of ['camera=(self)', 'microphone=(self)', 'display-capture=(self)'])
        expect(permissions).toContain(allowed);
      for (const off of ['geolocation=()', 'payment=()', 'usb=()']) expect(permissions).toContain(off);
    }
  });

  it('the web page has no inline script (script-src allows none)', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it('refuses a CSP_MEDIA_ORIGINS entry that is not an address', async () => {
    const { loadConfig } = await import('../src/config');
    expect(loadConfig({ CSP_MEDIA_ORIGINS: 'http://gw:8888, https://cdn.example' }).cspMediaOrigins).toEqual([
      'http://gw:8888',
      'https://cdn.example',
    ]);
    expect(() => loadConfig({ CSP_MEDIA_ORIGINS: "http://gw; script-src 'unsafe-inline'" })).toThrow(
      /CSP_MEDIA_ORIGINS/,
    );
  });
});

describe('common and leaked passwords are refused (issue 22, item 5; ASVS 2.1.7)', () => {
  it('knows a common password also with digits and symbols around it and letters written as digits', () => {
    for (const p of [
      'Password1!',
      'P@ssw0rd2026',
      'Welcome@2026',
      'Qwerty123!',
      '2024Dragon!',
      'Iloveyou#1',
      'Sunshine!99',
    ])
      expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['Rehab@2026', 'Fresh#2027pw', 'Kx7#mPq2Lw', 'Tr0ub4dor&3x'])
      expect(isCommonPassword(p), p).toBe(false);
  });

  it('refuses a common new password on a change, in the caller language, and keeps the old one', async () => {
    const me = await s.loginInto(DEMO.therapist);
    const change = (newPassword: string, lang?: string) =>
      s.api('POST', '/api/sys/user/password', {
        token: me.token,
        body: { oldPassword: DEMO_PASSWORD, newPassword, confirmPassword: newPassword },
        lang,
      });
    const zh = await change('P@ssw0rd2026');
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, msgKey: 'auth.passwordCommon', field: 'newPassword' });
    expect(zh.body.msg).toMatch(/常见/);
    const en = await change('Welcome@2026', 'en');
    expect(en.body.msg).toMatch(/too common/);
    // the old password still holds; a password of its own is taken, and the demo password is allowed back outside
    // production
    expect((await change('Fresh#2027pw')).body.code).toBe(0);
    const back = await s.api('POST', '/api/sys/user/password', {
      token: me.token,
      body: { oldPassword: 'Fresh#2027pw', newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
    });
    expect(back.body.code).toBe(0);
  });

  it('refuses a common password for a new account (nothing saved) and on a reset, whether the account exists or not', async () => {
    const admin = await s.loginInto(DEMO.orgAdmin);
    const phone = '13900009871';
    const saved = await s.api('POST', '/api/sys/user/save', {
      token: admin.token,
      body: {
        name: '密码测试',
        phone,
        password: 'Summer2026!',
        memberships: [{ organizationId: admin.organizationId, roleIds: [RoleId.therapist], officeIds: [] }],
      },
    });
    expect(saved.body).toMatchObject({ code: 400, msgKey: 'auth.passwordCommon', field: 'password' });
    expect(await s.app.db.select().from(users).where(eq(users.phone, phone))).toEqual([]);

    const reset = (address: string) =>
      s.api('POST', '/api/sys/resetPassword', {
        body: { address, password: 'Football#1', verificationCode: '123456' },
      });
    const known = await reset(DEMO.doctor);
    const unknown = await reset('13900009872');
    expect(known.body).toMatchObject({ code: 400, msgKey: 'auth.passwordCommon', field: 'password' });
    expect(unknown.body).toEqual(known.body);
  });
});

describe('the demo password in production (issue 22, item 5)', () => {
  it('is refused as a new password, while the demo accounts still sign in with it', async () => {
    // production mode (NODE_ENV=production) on this server: the configuration the routes read
    s.config.production = true;
    try {
      const me = await s.loginInto(DEMO.orgAdmin);
      const change = (oldPassword: string, newPassword: string, lang?: string) =>
        s.api('POST', '/api/sys/user/password', {
          token: me.token,
          body: { oldPassword, newPassword, confirmPassword: newPassword },
          lang,
        });
      expect((await change(DEMO_PASSWORD, 'Fresh#2027pw')).body.code).toBe(0);
      const refused = await change('Fresh#2027pw', DEMO_PASSWORD, 'en');
      expect(refused.body).toMatchObject({ code: 400, msgKey: 'auth.passwordDemo', field: 'newPassword' });
      expect(refused.body.msg).toMatch(/demo/);
      const zh = await change('Fresh#2027pw', DEMO_PASSWORD);
      expect(zh.body.msg).toMatch(/演示/);
      // the demo accounts' seeded passwords still open them
      await s.loginAdmin(DEMO.superAdmin);
    } finally {
      s.config.production = false;
    }
  });
});
