import { eq } from 'drizzle-orm';
import { translate } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createSession } from '../src/modules/auth/sessions.service';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
});
afterAll(async () => {
  await s?.close();
});

const userRow = async (phone: string) => (await s.app.db.select().from(users).where(eq(users.phone, phone)))[0]!;
const update = (token: string, body: unknown, lang?: string) =>
  s.api('PUT', '/api/sys/user/updatePersonalInfo', { token, body, lang });
const changePassword = (token: string, body: unknown, lang?: string) =>
  s.api('POST', '/api/sys/user/password', { token, body, lang });

/** Sends a code to a new address of the signed-in user's own account and answers the code the demo mode wrote. */
async function contactCode(token: string, phone: string, address: string) {
  const type = address.includes('@') ? 1 : 2;
  const sent = await s.api('POST', '/api/sys/user/sendVerificationCode', { token, body: { type, address } });
  if (sent.body.code !== 0) throw new Error(`code for ${address}: ${JSON.stringify(sent.body)}`);
  return s.lastCode(address, `contact:${(await userRow(phone)).id}`)!;
}

/** A second live session of a user, as if signed in on another device with keep-login */
async function secondSession(phone: string) {
  return createSession(s.app, {
    userId: (await userRow(phone)).id,
    keepLogin: true,
    loginRoleType: 2,
    ip: '127.0.0.2',
    userAgent: 'test',
  });
}

describe('GET /api/sys/user/info', () => {
  it('answers the user, without organization before one is chosen', async () => {
    const token = await s.loginAdmin(DEMO.superAdmin);
    const res = await s.api('GET', '/api/sys/user/info', { token });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      phone: DEMO.superAdmin,
      email: 'admin@rehab.example',
      name: '系统管理员',
      keepLogin: false,
      roleIdList: [],
      roles: [],
      organization: null,
      office: null,
      offices: [],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password_?hash|argon2/i);
  });

  it('answers the roles (with their translations), the organization and the department once chosen', async () => {
    const { token, organizationId, officeId } = await s.loginInto(DEMO.doctor);
    const res = await s.api('GET', '/api/sys/user/info', { token });
    expect(res.body.data).toMatchObject({
      roleIdList: [11],
      roles: [{ roleId: 11, roleNameLang: { 'zh-CN': '医生', en: 'Doctor' } }],
      organization: { id: organizationId },
      office: { id: officeId },
    });
  });

  it('needs a token', async () => {
    expect((await s.api('GET', '/api/sys/user/info')).status).toBe(401);
  });
});

describe('PUT /api/sys/user/updatePersonalInfo', () => {
  it('changes the name and the e-mail address, and nothing else', async () => {
    const token = await s.loginStaff(DEMO.therapist);
    const emailCode = await contactCode(token, DEMO.therapist, 'Li.Therapist@rehab.example');
    const res = await update(token, {
      name: '李治疗师二',
      email: 'Li.Therapist@rehab.example',
      emailCode,
      status: 0,
      id: 1,
    });
    expect(res.body.code).toBe(0);
    const row = await userRow(DEMO.therapist);
    expect(row).toMatchObject({ name: '李治疗师二', email: 'Li.Therapist@rehab.example', status: 1 });
    expect((await s.api('GET', '/api/sys/user/info', { token })).body.data.name).toBe('李治疗师二');
    // the new address signs in, in any case
    expect(await s.loginStaff('li.therapist@rehab.example')).toBeTruthy();
  });

  it('changes the phone number with a code sent to the new number; the new number signs in', async () => {
    let token = await s.loginStaff(DEMO.therapist2);
    const without = await update(token, { phone: '13900000077' }, 'en');
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({
      field: 'phoneCode',
      msgKey: 'user.phoneCodeRequired',
      msg: translate('en', 'user.phoneCodeRequired'),
    });
    const code = await contactCode(token, DEMO.therapist2, '13900000077');
    // the code is checked without being used up
    const checked = await s.api('POST', '/api/sys/user/checkVerificationCode', {
      token,
      body: { type: 2, address: '13900000077', verificationCode: code },
    });
    expect(checked.body.code).toBe(0);
    expect((await update(token, { phone: '13900000077', phoneCode: code })).body.code).toBe(0);
    expect((await userRow('13900000077')).name).toBeTruthy();
    // the new number signs in (which ends the session above)
    token = await s.loginStaff('13900000077');
    // used up: a second save with the same code is refused
    const row = await userRow('13900000077');
    const back = await update(token, { phone: DEMO.therapist2, phoneCode: code }, 'en');
    expect(back.body).toMatchObject({ code: 400, msgKey: 'auth.codeInvalid', field: 'phoneCode' });
    expect((await userRow('13900000077')).id).toBe(row.id);
    // and back with a fresh code, leaving the demo account as it was
    const again = await contactCode(token, '13900000077', DEMO.therapist2);
    expect((await update(token, { phone: DEMO.therapist2, phoneCode: again })).body.code).toBe(0);
  });

  it('refuses a changed e-mail address without a code, with a wrong code, or with a code for another address', async () => {
    const token = await s.loginAdmin(DEMO.orgAdmin);
    const before = await userRow(DEMO.orgAdmin);
    const missing = await update(token, { email: 'new.admin@rehab.example', name: '改了名' }, 'zh-CN');
    expect(missing.body).toMatchObject({
      code: 400,
      field: 'emailCode',
      msg: translate('zh-CN', 'user.emailCodeRequired'),
    });
    const code = await contactCode(token, DEMO.orgAdmin, 'new.admin@rehab.example');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await update(token, { email: 'new.admin@rehab.example', emailCode: wrong }, 'en');
    expect(bad.body).toMatchObject({ code: 400, field: 'emailCode', msgKey: 'auth.codeInvalid' });
    // the code is bound to the address it was sent to
    const other = await update(token, { email: 'other.admin@rehab.example', emailCode: code });
    expect(other.body).toMatchObject({ code: 400, msgKey: 'auth.codeInvalid' });
    const malformed = await update(token, { email: 'new.admin@rehab.example', emailCode: '12ab' });
    expect(malformed.body).toMatchObject({ code: 400, field: 'emailCode', msgKey: 'validation.codeFormat' });
    // nothing was written, not even the name that came with it
    const after = await userRow(DEMO.orgAdmin);
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
  });

  it('binds a code to the user who asked for it: another user cannot use it', async () => {
    const a = await s.loginAdmin(DEMO.orgAdmin);
    const b = await s.loginStaff(DEMO.doctor);
    const code = await contactCode(a, DEMO.orgAdmin, 'claimed@rehab.example');
    const stolen = await update(b, { email: 'claimed@rehab.example', emailCode: code });
    expect(stolen.body).toMatchObject({ code: 400, msgKey: 'auth.codeInvalid' });
    const check = await s.api('POST', '/api/sys/user/checkVerificationCode', {
      token: b,
      body: { type: 1, address: 'claimed@rehab.example', verificationCode: code },
    });
    expect(check.body).toMatchObject({ code: 400, msgKey: 'auth.codeInvalid' });
    expect((await userRow(DEMO.doctor)).email).not.toBe('claimed@rehab.example');
  });

  it('sends no code to an address of another account, to the unchanged address, or with a mismatched type', async () => {
    const token = await s.loginAdmin(DEMO.orgAdmin);
    const send = (body: unknown) => s.api('POST', '/api/sys/user/sendVerificationCode', { token, body, lang: 'en' });
    const taken = await send({ type: 2, address: DEMO.doctor });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ msgKey: 'admin.phoneTaken', field: 'phone' });
    expect((await send({ type: 1, address: 'ADMIN@rehab.example' })).body).toMatchObject({
      code: 409,
      msgKey: 'user.emailTaken',
    });
    expect((await send({ type: 2, address: DEMO.orgAdmin })).body).toMatchObject({
      code: 400,
      msgKey: 'user.addressUnchanged',
      msg: translate('en', 'user.addressUnchanged'),
    });
    expect((await send({ type: 1, address: DEMO.doctor })).body).toMatchObject({ code: 400, field: 'address' });
    expect(s.lastCode(DEMO.doctor, `contact:${(await userRow(DEMO.orgAdmin)).id}`)).toBeUndefined();
    expect(
      (await s.api('POST', '/api/sys/user/sendVerificationCode', { body: { type: 2, address: '13900000078' } })).status,
    ).toBe(401);
  });

  it('keeps the resend cooldown of the sign-in codes', async () => {
    const slow = await startTestServer();
    try {
      const token = await slow.loginAdmin(DEMO.orgAdmin);
      const body = { type: 1, address: 'cool.down@rehab.example' };
      expect((await slow.api('POST', '/api/sys/user/sendVerificationCode', { token, body })).body.code).toBe(0);
      const again = await slow.api('POST', '/api/sys/user/sendVerificationCode', { token, body, lang: 'en' });
      expect(again.body).toMatchObject({ code: 429, msgKey: 'auth.codeCooldown' });
      expect(again.body.seconds).toBeGreaterThan(50);
    } finally {
      await slow.close();
    }
  });

  it('accepts an empty body and keeps everything', async () => {
    const token = await s.loginAdmin(DEMO.orgAdmin);
    const before = await userRow(DEMO.orgAdmin);
    expect((await update(token, {})).body.code).toBe(0);
    const after = await userRow(DEMO.orgAdmin);
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
  });

  it('refuses a bad e-mail address with 400 and the field', async () => {
    const token = await s.loginAdmin(DEMO.orgAdmin);
    for (const email of ['not-mail', 'a@b', '张三@rehab.example', `${'x'.repeat(60)}@rehab.example`]) {
      const res = await update(token, { email }, 'en');
      expect(res.status, email).toBe(400);
      expect(res.body).toMatchObject({
        code: 400,
        field: 'email',
        msgKey: 'validation.emailFormat',
        msg: translate('en', 'validation.emailFormat'),
      });
    }
    expect((await userRow(DEMO.orgAdmin)).email).toBe('orgadmin@rehab.example');
  });

  it('refuses a name wider than allowed, and an empty one', async () => {
    const token = await s.loginAdmin(DEMO.orgAdmin);
    for (const name of ['张'.repeat(22), 'a'.repeat(65), '张'.repeat(20) + 'abcdefghijklmnopqrstuvwxyz']) {
      const res = await update(token, { name });
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({ field: 'name', msgKey: 'validation.nameTooLong' });
    }
    expect((await update(token, { name: '   ' })).body).toMatchObject({ code: 400, field: 'name' });
    // the widest allowed names pass
    expect((await update(token, { name: '张'.repeat(21) })).body.code).toBe(0);
    expect((await update(token, { name: 'a'.repeat(64) })).body.code).toBe(0);
    expect((await update(token, { name: '机构管理员' })).body.code).toBe(0);
  });

  it("refuses another account's e-mail address with 409, in any letter case", async () => {
    const token = await s.loginAdmin(DEMO.orgAdmin);
    for (const email of ['admin@rehab.example', 'DOCTOR@rehab.example']) {
      const res = await update(token, { email }, 'en');
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 409, msgKey: 'user.emailTaken', msg: translate('en', 'user.emailTaken') });
    }
    // one's own address in other letters is fine
    expect((await update(token, { email: 'OrgAdmin@rehab.example' })).body.code).toBe(0);
    expect((await update(token, { email: 'orgadmin@rehab.example' })).body.code).toBe(0);
  });

  it('sets keep-login, taken by the next sign-in', async () => {
    const token = await s.loginAdmin(DEMO.superAdmin);
    expect((await update(token, { keepLogin: true })).body.code).toBe(0);
    expect((await userRow(DEMO.superAdmin)).keepLogin).toBe(true);
    const next = await s.loginAdmin(DEMO.superAdmin);
    expect((await s.api('GET', '/api/sys/user/info', { token: next })).body.data.keepLogin).toBe(true);
    expect((await update(next, { keepLogin: 0 })).body.code).toBe(0);
    expect((await update(next, { keepLogin: 'yes' })).status).toBe(400);
    expect((await userRow(DEMO.superAdmin)).keepLogin).toBe(false);
  });
});

describe('POST /api/sys/user/password', () => {
  it('refuses a wrong current password, a weak new one and the same one', async () => {
    const token = await s.loginAdmin(DEMO.orgAdmin);
    const wrong = await changePassword(token, { oldPassword: 'Wrong@1234', newPassword: 'Kestrel@2027' }, 'en');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 400,
      msgKey: 'auth.oldPasswordWrong',
      msg: translate('en', 'auth.oldPasswordWrong'),
    });

    const weak = await changePassword(token, { oldPassword: DEMO_PASSWORD, newPassword: 'password' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ field: 'newPassword', msgKey: 'validation.passwordStrength' });

    const same = await changePassword(token, { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD });
    expect(same.status).toBe(400);
    expect(same.body.msgKey).toBe('auth.passwordSameAsOld');

    const missing = await changePassword(token, { newPassword: 'Kestrel@2027' });
    expect(missing.body).toMatchObject({ code: 400, field: 'oldPassword' });
    // nothing changed
    expect(
      (await s.login({ account: DEMO.orgAdmin, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1 })).body.code,
    ).toBe(0);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const token = await s.loginAdmin(DEMO.orgAdmin);
    const other = await secondSession(DEMO.orgAdmin);
    expect((await s.api('GET', '/api/sys/user/info', { token: other })).body.code).toBe(0);

    const res = await changePassword(token, { oldPassword: DEMO_PASSWORD, newPassword: 'Kestrel@2027' }, 'en');
    expect(res.body).toMatchObject({ code: 0, msg: translate('en', 'auth.passwordChanged') });
    expect((await s.api('GET', '/api/sys/user/info', { token })).body.code).toBe(0);
    expect((await s.api('GET', '/api/sys/user/info', { token: other })).status).toBe(401);
    expect((await userRow(DEMO.orgAdmin)).passwordChangedAt).toBeInstanceOf(Date);

    expect(
      (await s.login({ account: DEMO.orgAdmin, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1 })).status,
    ).toBe(400);
    expect(
      (await s.login({ account: DEMO.orgAdmin, password: 'Kestrel@2027', loginRoleType: 2, isLogin: 1 })).body.code,
    ).toBe(0);
  });

  it('needs a token', async () => {
    expect((await changePassword('', { oldPassword: DEMO_PASSWORD, newPassword: 'Kestrel@2027' })).status).toBe(401);
  });
});
