import { eq } from 'drizzle-orm';
import { translate } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { sessions, users } from '../src/db/schema';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

const zh = (key: string, params?: Record<string, string | number>) => translate('zh-CN', key, params);
const en = (key: string, params?: Record<string, string | number>) => translate('en', key, params);

let s: TestServer;
beforeAll(async () => {
  // the demo password doubles as the configured default password, so every demo login is "at risk"
  s = await startTestServer({ defaultPassword: DEMO_PASSWORD, codeCooldownMs: 0 });
});
afterAll(async () => {
  await s?.close();
});

async function userId(phone: string) {
  const [row] = await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return row!.id;
}
async function sessionCount(phone: string) {
  return (
    await s.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await userId(phone)))
  ).length;
}

describe('administrator login (type 2)', () => {
  it('signs in by phone and answers the token, the user block and the at-risk flag', async () => {
    const res = await s.login({ phone: DEMO.superAdmin, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, msg: zh('auth.loginSuccess'), passwordAtRisk: true });
    expect(res.body.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.user).toMatchObject({ phone: DEMO.superAdmin, email: 'admin@rehab.example', roleIdList: [1] });
    expect(res.body.user.passwordHash).toBeUndefined();
    const info = await s.api('GET', '/api/sys/user/info', { token: res.body.token });
    expect(info.body.data.phone).toBe(DEMO.superAdmin);
  });

  it('signs in by e-mail in any letter case, in the email or the account field', async () => {
    for (const body of [
      { email: 'ADMIN@Rehab.Example', password: DEMO_PASSWORD },
      { account: '  admin@rehab.example ', password: DEMO_PASSWORD },
    ]) {
      const res = await s.login({ ...body, loginRoleType: 2, isLogin: 1 });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      expect(res.body.user.phone).toBe(DEMO.superAdmin);
    }
  });

  it('defaults to the administrator login type when none is given', async () => {
    const res = await s.login({ account: DEMO.orgAdmin, password: DEMO_PASSWORD, isLogin: 1 });
    expect(res.body.code).toBe(0);
    expect(res.body.user.roleIdList).toEqual([19]);
  });

  it('refuses a treating-staff account at the administrator login', async () => {
    for (const phone of [DEMO.doctor, DEMO.therapist, DEMO.therapist2]) {
      const res = await s.login({ account: phone, password: DEMO_PASSWORD, loginRoleType: 2 });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 403, msgKey: 'auth.staffMustUseCode', msg: zh('auth.staffMustUseCode') });
      expect(res.body.token).toBeUndefined();
    }
    const english = await s.login({ account: DEMO.doctor, password: DEMO_PASSWORD, loginRoleType: 2 }, { lang: 'en' });
    expect(english.body.msg).toBe(en('auth.staffMustUseCode'));
  });

  it('answers a wrong password and an unknown account with the same 400, without a token', async () => {
    const unknown = await s.login({ account: '13999999999', password: 'Whatever@1', loginRoleType: 2 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 400, msgKey: 'auth.wrongCredentials' });
    const unknownMail = await s.login({ account: 'nobody@rehab.example', password: 'Whatever@1', loginRoleType: 2 });
    expect(unknownMail.body.msgKey).toBe('auth.wrongCredentials');
  });
});

describe('staff login (type 1) with a verification code', () => {
  it('signs a doctor in with the code sent to the phone', async () => {
    const code = await s.sendCode(DEMO.doctor);
    expect(code).toMatch(/^\d{6}$/);
    const res = await s.login({
      account: DEMO.doctor,
      password: DEMO_PASSWORD,
      loginRoleType: 1,
      verificationCode: code,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.user.roleIdList).toEqual([11]);
  });

  it('signs a therapist in with the code sent to the e-mail address (type 0 is the same login)', async () => {
    const code = await s.sendCode('therapist2@rehab.example');
    const res = await s.login({
      email: 'therapist2@rehab.example',
      password: DEMO_PASSWORD,
      loginRoleType: 0,
      verificationCode: code,
      isLogin: 1,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  });

  it('requires the code, and refuses a wrong one', async () => {
    const missing = await s.login({ account: DEMO.doctor, password: DEMO_PASSWORD, loginRoleType: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'verificationCode', msgKey: 'validation.codeRequired' });
    const code = await s.sendCode(DEMO.doctor);
    const wrong = await s.login({
      account: DEMO.doctor,
      password: DEMO_PASSWORD,
      loginRoleType: 1,
      verificationCode: code === '000000' ? '111111' : '000000',
      isLogin: 1,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msgKey).toBe('auth.codeInvalid');
  });

  it('refuses a code sent to another account', async () => {
    const code = await s.sendCode(DEMO.therapist);
    const res = await s.login({
      account: DEMO.doctor,
      password: DEMO_PASSWORD,
      loginRoleType: 1,
      verificationCode: code,
      isLogin: 1,
    });
    expect(res.body.msgKey).toBe('auth.codeInvalid');
  });
});

describe('required fields and malformed input', () => {
  it('answers missing fields with 400 "Required fields are missing" in Chinese by default and English on request', async () => {
    for (const body of [{}, { account: DEMO.superAdmin }, { password: DEMO_PASSWORD }, { account: '', password: '' }]) {
      const res = await s.login(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 400,
        msgKey: 'validation.requiredFieldsMissing',
        msg: zh('validation.requiredFieldsMissing'),
      });
      expect(res.body.field).toBeTruthy();
    }
    const english = await s.login({ account: DEMO.superAdmin }, { lang: 'en' });
    expect(english.body.msg).toBe('Required fields are missing');
    const accept = await s.login({}, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(accept.body.msg).toBe('Required fields are missing');
  });

  it('answers an account that is neither phone nor e-mail with the format message', async () => {
    const res = await s.login({ account: 'admin', password: DEMO_PASSWORD }, { lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'account', msg: 'Invalid phone number or email format' });
  });

  it('answers malformed JSON, an empty JSON body and a non-object body with 400, never 500', async () => {
    const bad = await s.api('POST', '/api/sys/login', { body: '{"account": "13800000001", "password":', lang: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, msg: en('error.badRequest') });
    const empty = await s.api('POST', '/api/sys/login', { headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    for (const body of ['null', '[]', '"text"', '42']) {
      const res = await s.api('POST', '/api/sys/login', { body });
      expect(res.status, body).toBe(400);
      expect(res.body.code).toBe(400);
    }
    const text = await fetch(`${s.base}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(400);
    const form = await fetch(`${s.base}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'account=1&password=2',
    });
    expect(form.status).toBeLessThan(500);
    expect(((await form.json()) as { code: number }).code).toBe(form.status);
  });

  it('answers an unknown API path with a localized 404', async () => {
    const res = await s.api('GET', '/api/sys/nothing-here', { lang: 'en' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, msg: en('error.routeNotFound') });
  });
});

describe('growing delays after repeated failures (no lock, issue 22)', () => {
  it('answers every failure alike, then makes the next attempt wait, and lets the right password in after the wait', async () => {
    const account = DEMO.orgAdmin;
    for (let i = 1; i <= 5; i++) {
      const res = await s.login({ account, password: `Wrong@${i}xx`, loginRoleType: 2 });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ msgKey: 'auth.wrongCredentials', msg: zh('auth.wrongCredentials') });
    }
    const sixth = await s.login({ account, password: 'Wrong@6xx', loginRoleType: 2 }, { lang: 'en' });
    expect(sixth.body).toMatchObject({ code: 400, msgKey: 'auth.wrongCredentials' });
    const waiting = await s.login({ account, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1 }, { lang: 'en' });
    expect(waiting.status).toBe(429);
    expect(waiting.body).toMatchObject({
      code: 429,
      msgKey: 'auth.slowDown',
      msg: en('auth.slowDown', { seconds: 1 }),
    });
    expect(waiting.body.token).toBeUndefined();
    // the same account by its e-mail address waits the same
    const byMail = await s.login({
      account: 'orgadmin@rehab.example',
      password: DEMO_PASSWORD,
      loginRoleType: 2,
      isLogin: 1,
    });
    expect(byMail.status).toBe(429);
    // when the wait has run out, the right password signs in and the count starts again
    s.clock.advance(1_000);
    const after = await s.login({ account, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1 });
    expect(after.body.code).toBe(0);
    for (let i = 1; i <= 5; i++) {
      expect((await s.login({ account, password: `Wrong@${i}xx`, loginRoleType: 2 })).body.code).toBe(400);
    }
    expect((await s.login({ account, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1 })).body.code).toBe(0);
  });
});

describe('signed in elsewhere', () => {
  it('answers code 2 with HTTP 200 and creates nothing; confirming ends the other session', async () => {
    const account = DEMO.superAdmin;
    const first = await s.loginAdmin(account);
    const before = await sessionCount(account);

    const second = await s.login({ account, password: DEMO_PASSWORD, loginRoleType: 2 });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ code: 2, msgKey: 'auth.signedInElsewhere', msg: zh('auth.signedInElsewhere') });
    expect(second.body.token).toBeUndefined();
    expect(await sessionCount(account)).toBe(before);
    // the first session is untouched
    expect((await s.api('GET', '/api/sys/user/info', { token: first })).body.code).toBe(0);

    const confirmed = await s.login({ account, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1 });
    expect(confirmed.body.code).toBe(0);
    const old = await s.api('GET', '/api/sys/user/info', { token: first, lang: 'en' });
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ code: 401, msgKey: 'error.sessionReplaced', msg: en('error.sessionReplaced') });
    expect((await s.api('GET', '/api/sys/user/info', { token: confirmed.body.token })).body.code).toBe(0);
  });

  it('keeps the staff code unused on code 2, so that confirming with the same code signs in', async () => {
    const account = DEMO.therapist;
    const first = await s.loginStaff(account);
    const code = await s.sendCode(account);
    const body = { account, password: DEMO_PASSWORD, loginRoleType: 1, verificationCode: code };
    const asked = await s.login(body);
    expect(asked.body.code).toBe(2);
    const confirmed = await s.login({ ...body, isLogin: 1 });
    expect(confirmed.body.code, JSON.stringify(confirmed.body)).toBe(0);
    expect((await s.api('GET', '/api/sys/menu/nav', { token: first })).body.msgKey).toBe('error.sessionReplaced');
    // and the code is used up now
    const reuse = await s.login({ ...body, isLogin: 1 });
    expect(reuse.body.msgKey).toBe('auth.codeInvalid');
  });

  it('does not ask when the earlier session was signed out', async () => {
    const token = await s.loginAdmin(DEMO.orgAdmin);
    expect((await s.api('POST', '/api/sys/logout', { token })).body.code).toBe(0);
    const res = await s.login({ account: DEMO.orgAdmin, password: DEMO_PASSWORD, loginRoleType: 2 });
    expect(res.body.code).toBe(0);
  });
});

describe('password at risk', () => {
  it('is true when the password equals the configured default password', async () => {
    const res = await s.login({
      account: 'doctor@rehab.example',
      password: DEMO_PASSWORD,
      loginRoleType: 1,
      verificationCode: await s.sendCode('doctor@rehab.example'),
      isLogin: 1,
    });
    expect(res.body).toMatchObject({ code: 0, passwordAtRisk: true });
  });

  it('is false with the stock default password setting', async () => {
    // the settings are read on every request
    s.config.defaultPassword = loadConfig({}).defaultPassword;
    try {
      const res = await s.login({ account: DEMO.superAdmin, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1 });
      expect(res.body).toMatchObject({ code: 0, passwordAtRisk: false });
    } finally {
      s.config.defaultPassword = DEMO_PASSWORD;
    }
  });
});

describe('logout', () => {
  it('ends the session and answers 401 without a token', async () => {
    const token = await s.loginAdmin(DEMO.superAdmin);
    const out = await s.api('POST', '/api/sys/logout', { token, lang: 'en' });
    expect(out.body).toMatchObject({ code: 0, msg: en('auth.logoutSuccess') });
    expect((await s.api('POST', '/api/sys/logout', { token })).status).toBe(401);
    expect((await s.api('POST', '/api/sys/logout')).status).toBe(401);
  });
});
