import { translate } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

const RESET = '/api/sys/resetPassword';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
});
afterAll(async () => {
  await s?.close();
});

const adminLogin = (account: string, password: string) => s.login({ account, password, loginRoleType: 2, isLogin: 1 });

describe('password reset by code', () => {
  it('resets by e-mail: the old password stops working, the new one works, every session ends', async () => {
    const first = await s.loginAdmin(DEMO.superAdmin);
    const code = await s.sendCode('admin@rehab.example', 'reset');
    const res = await s.api('POST', RESET, {
      body: { address: 'Admin@Rehab.example', verificationCode: code, password: 'Kestrel@2027' },
      lang: 'en',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, msg: translate('en', 'auth.resetSuccess') });

    const session = await s.api('GET', '/api/sys/user/info', { token: first });
    expect(session.status).toBe(401);
    expect((await adminLogin(DEMO.superAdmin, DEMO_PASSWORD)).body.msgKey).toBe('auth.wrongCredentials');
    const fresh = await adminLogin('admin@rehab.example', 'Kestrel@2027');
    expect(fresh.body.code).toBe(0);
    // the code was used up
    const again = await s.api('POST', RESET, {
      body: { address: 'admin@rehab.example', verificationCode: code, password: 'Other@2028' },
    });
    expect(again.body.msgKey).toBe('auth.codeInvalid');
  });

  it('resets by phone for a staff account, which then signs in with the new password and a code', async () => {
    const first = await s.loginStaff(DEMO.doctor);
    const code = await s.sendCode(DEMO.doctor, 'reset');
    const res = await s.api('POST', RESET, {
      body: { address: DEMO.doctor, verificationCode: code, password: 'Marlin#2027x' },
    });
    expect(res.body.code).toBe(0);
    expect((await s.api('GET', '/api/sys/menu/nav', { token: first })).status).toBe(401);
    expect(await s.loginStaff(DEMO.doctor, 'Marlin#2027x')).toBeTruthy();
  });

  it('refuses a new password equal to the old one, and keeps the code for a second try', async () => {
    const code = await s.sendCode(DEMO.therapist, 'reset');
    const same = await s.api('POST', RESET, {
      body: { address: DEMO.therapist, verificationCode: code, password: DEMO_PASSWORD },
      lang: 'en',
    });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({
      code: 400,
      msgKey: 'auth.passwordSameAsOld',
      msg: translate('en', 'auth.passwordSameAsOld'),
    });
    const ok = await s.api('POST', RESET, {
      body: { address: DEMO.therapist, verificationCode: code, password: 'Therapist@27' },
    });
    expect(ok.body.code).toBe(0);
  });

  it('refuses a weak password with the rule message and writes nothing', async () => {
    const code = await s.sendCode(DEMO.therapist2, 'reset');
    const cases: [string, string][] = [
      ['short1!', 'validation.passwordLength'],
      ['a'.repeat(18) + '1!!', 'validation.passwordLength'],
      ['onlyletters!', 'validation.passwordStrength'],
      ['12345678!', 'validation.passwordStrength'],
      ['Letters123', 'validation.passwordStrength'],
      ['密码密码密码Ab1!', 'validation.passwordCharset'],
    ];
    for (const [password, key] of cases) {
      const res = await s.api('POST', RESET, { body: { address: DEMO.therapist2, verificationCode: code, password } });
      expect(res.status, password).toBe(400);
      expect(res.body, password).toMatchObject({ field: 'password', msgKey: key, msg: translate('zh-CN', key) });
    }
    // nothing changed: the demo password still works, and the code is still good
    expect((await s.login({ account: DEMO.therapist2, password: DEMO_PASSWORD, loginRoleType: 2 })).body.msgKey).toBe(
      'auth.staffMustUseCode',
    );
    const ok = await s.api('POST', RESET, {
      body: { address: DEMO.therapist2, verificationCode: code, password: 'Good#Pass1' },
    });
    expect(ok.body.code).toBe(0);
  });

  it('refuses a wrong code, a code for another address and an unknown address alike', async () => {
    await s.sendCode(DEMO.orgAdmin, 'reset');
    const wrong = await s.api('POST', RESET, {
      body: { address: DEMO.orgAdmin, verificationCode: '999999', password: 'Kestrel@2027' },
    });
    const code = s.lastCode(DEMO.orgAdmin, 'reset')!;
    const right = code === '999999';
    if (!right) expect(wrong.body).toMatchObject({ code: 400, msgKey: 'auth.codeInvalid' });
    const elsewhere = await s.api('POST', RESET, {
      body: { address: 'orgadmin@rehab.example', verificationCode: code, password: 'Kestrel@2027' },
    });
    expect(elsewhere.body.msgKey).toBe('auth.codeInvalid');
    const unknown = await s.api('POST', RESET, {
      body: { address: '13911112222', verificationCode: '123456', password: 'Kestrel@2027' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msgKey).toBe('auth.codeInvalid');
  });

  it('validates the payload: address, 6-digit code, password', async () => {
    const cases: [unknown, string][] = [
      [{ verificationCode: '123456', password: 'Kestrel@2027' }, 'address'],
      [{ address: 'nope', verificationCode: '123456', password: 'Kestrel@2027' }, 'address'],
      [{ address: DEMO.orgAdmin, password: 'Kestrel@2027' }, 'verificationCode'],
      [{ address: DEMO.orgAdmin, verificationCode: '12345', password: 'Kestrel@2027' }, 'verificationCode'],
      [{ address: DEMO.orgAdmin, verificationCode: 'abcdef', password: 'Kestrel@2027' }, 'verificationCode'],
      [{ address: DEMO.orgAdmin, verificationCode: '123456' }, 'password'],
    ];
    for (const [body, field] of cases) {
      const res = await s.api('POST', RESET, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
    }
  });
});

describe('reset of a locked account', () => {
  it('lifts the sign-in delays', async () => {
    for (let i = 0; i < 6; i++) await s.login({ account: DEMO.therapist2, password: `Wrong@${i}xx`, loginRoleType: 2 });
    expect((await s.login({ account: DEMO.therapist2, password: 'Good#Pass1', loginRoleType: 2 })).status).toBe(429);
    const code = await s.sendCode(DEMO.therapist2, 'reset');
    const res = await s.api('POST', RESET, {
      body: { address: DEMO.therapist2, verificationCode: code, password: 'Unlock#2027' },
    });
    expect(res.body.code).toBe(0);
    expect(await s.loginStaff(DEMO.therapist2, 'Unlock#2027')).toBeTruthy();
  });
});
