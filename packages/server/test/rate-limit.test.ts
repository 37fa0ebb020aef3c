import { translate } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: { loginPerMinute: 3, codePerMinute: 2 }, codeCooldownMs: 0 });
});
afterAll(async () => {
  await s?.close();
});

describe('rate limits', () => {
  it('limits login requests per account with a localized 429', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await s.login({ account: DEMO.doctor, password: 'Wrong@1xx', loginRoleType: 2 });
      expect(res.status).toBe(400);
    }
    const limited = await s.login({ account: DEMO.doctor, password: DEMO_PASSWORD, loginRoleType: 2 });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: 429,
      msg: translate('zh-CN', 'error.tooManyRequests'),
      msgKey: 'error.tooManyRequests',
    });
    const english = await s.login({ account: DEMO.doctor, password: DEMO_PASSWORD, loginRoleType: 2 }, { lang: 'en' });
    expect(english.status).toBe(429);
    expect(english.body.msg).toBe(translate('en', 'error.tooManyRequests'));
    // another account is not held up by it
    const other = await s.login({ account: DEMO.superAdmin, password: DEMO_PASSWORD, loginRoleType: 2 });
    expect(other.body.code).toBe(0);
  });

  it('limits code requests per address', async () => {
    const send = (address: string, lang?: string) =>
      s.api('POST', '/api/sys/sendLoginVerificationCode', { body: { type: 1, address }, lang });
    expect((await send('therapist@rehab.example')).body.code).toBe(0);
    expect((await send('therapist@rehab.example')).body.code).toBe(0);
    const limited = await send('therapist@rehab.example', 'en');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 429, msg: translate('en', 'error.tooManyRequests') });
    // the same address in other letters is the same address
    expect((await send('THERAPIST@rehab.example')).status).toBe(429);
    expect((await send('doctor@rehab.example')).body.code).toBe(0);
  });

  it('limits reset-code requests and password resets', async () => {
    const send = () => s.api('POST', '/api/sys/sendResetPasswordCode', { body: { type: 2, address: DEMO.therapist2 } });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
    const reset = () =>
      s.api('POST', '/api/sys/resetPassword', {
        body: { address: DEMO.therapist2, verificationCode: '000000', password: 'Kestrel@2027' },
      });
    for (let i = 0; i < 3; i++) expect((await reset()).status).toBe(400);
    expect((await reset()).status).toBe(429);
  });

  it('cannot be dodged with a made-up X-Forwarded-For address', async () => {
    const results = [];
    for (let i = 0; i < 5; i++) {
      results.push(
        await s.login(
          { account: DEMO.therapist2, password: 'Wrong@1xx', loginRoleType: 2 },
          { headers: { 'x-forwarded-for': `10.0.0.${i + 1}` } },
        ),
      );
    }
    expect(results.map((r) => r.status)).toEqual([400, 400, 400, 429, 429]);
  });

  it('does not limit the other API calls', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await s.api('GET', '/api/sys/version/getCurrentVersion')).status).toBe(200);
    }
  });
});
