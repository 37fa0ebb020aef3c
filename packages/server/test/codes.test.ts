import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { translate } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../src/db/schema';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

const SEND = '/api/sys/sendLoginVerificationCode';
const SEND_RESET = '/api/sys/sendResetPasswordCode';

/** the default settings: 60 s cooldown, 5 minute codes */
let s: TestServer;
/** codes that expire after a second, no cooldown */
let fast: TestServer;
beforeAll(async () => {
  [s, fast] = await Promise.all([startTestServer(), startTestServer({ codeTtlMs: 3000, codeCooldownMs: 0 })]);
});
afterAll(async () => {
  await Promise.all([s?.close(), fast?.close()]);
});

const codeLines = (server: TestServer) => {
  const file = path.join(server.dataDir, 'verification-codes.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
};

const staffLogin = (server: TestServer, account: string, verificationCode: string) =>
  server.login({ account, password: DEMO_PASSWORD, loginRoleType: 1, verificationCode, isLogin: 1 });

describe('sending a code', () => {
  it('issues a 6-digit code valid for 5 minutes, written to the demo code file', async () => {
    const res = await s.api('POST', SEND, { body: { type: 2, address: DEMO.doctor }, lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, msg: 'Verification code sent' });
    // the code itself never travels in the answer
    expect(JSON.stringify(res.body)).not.toMatch(/\d{6}/);
    const code = s.lastCode(DEMO.doctor);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await s.app.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.address, DEMO.doctor), eq(verificationCodes.purpose, 'login')));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(5 * 60_000);
    // stored as a hash only
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('enforces the 60 s cooldown per address and purpose with 429 and the seconds left', async () => {
    const first = await s.api('POST', SEND, { body: { type: 1, address: 'therapist@rehab.example' } });
    expect(first.body.code).toBe(0);
    const again = await s.api('POST', SEND, { body: { type: 1, address: 'Therapist@Rehab.example' }, lang: 'en' });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 429, msgKey: 'auth.codeCooldown' });
    expect(again.body.seconds).toBeGreaterThanOrEqual(58);
    expect(again.body.seconds).toBeLessThanOrEqual(60);
    expect(again.body.msg).toBe(translate('en', 'auth.codeCooldown', { seconds: again.body.seconds }));
    // the reset code of the same address has its own cooldown
    const reset = await s.api('POST', SEND_RESET, { body: { type: 1, address: 'therapist@rehab.example' } });
    expect(reset.body.code).toBe(0);
    // and so does another address
    const other = await s.api('POST', SEND, { body: { type: 2, address: DEMO.therapist } });
    expect(other.body.code).toBe(0);
  });

  it('answers an unknown address exactly like a known one, but sends nothing', async () => {
    const before = codeLines(s).length;
    const res = await s.api('POST', SEND, { body: { type: 2, address: '13912345678' } });
    expect(res.status).toBe(200);
    const known = await s.api('POST', SEND, { body: { type: 2, address: DEMO.therapist2 } });
    expect(res.body).toEqual(known.body);
    expect(res.body).toEqual({ code: 0, msg: translate('zh-CN', 'auth.codeSent') });
    const before2 = codeLines(s).length;
    const mail = await s.api('POST', SEND_RESET, { body: { type: 1, address: 'nobody@rehab.example' } });
    expect(mail.body.code).toBe(0);
    expect(codeLines(s).length).toBe(before2);
    expect(before2).toBe(before + 1);
    // the cooldown applies too, so the answers stay alike
    const again = await s.api('POST', SEND, { body: { type: 2, address: '13912345678' } });
    expect(again.status).toBe(429);
  });

  it('rejects a bad address or type with 400 and the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ type: 1, address: '13800000001' }, 'address', 'validation.addressFormat'],
      [{ type: 2, address: 'admin@rehab.example' }, 'address', 'validation.addressFormat'],
      [{ type: 2, address: '12345' }, 'address', 'validation.addressFormat'],
      [{ type: 1, address: 'not-an-email' }, 'address', 'validation.addressFormat'],
      [{ type: 1, address: `${'a'.repeat(60)}@rehab.example` }, 'address', 'validation.addressFormat'],
      [{ type: 3, address: 'admin@rehab.example' }, 'type', 'validation.invalidOption'],
      [{ type: 'email', address: 'admin@rehab.example' }, 'type', ''],
    ];
    for (const [body, field, key] of cases) {
      const res = await s.api('POST', SEND, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
      if (key) expect(res.body.msgKey, JSON.stringify(body)).toBe(key);
    }
  });

  it("answers a missing address with 'parameters wrong'", async () => {
    for (const body of [{ type: 1 }, { type: 1, address: '' }, { type: 2, address: '   ' }]) {
      const res = await s.api('POST', SEND, { body, lang: 'en' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({
        field: 'address',
        msgKey: 'validation.parametersWrong',
        msg: 'Parameters wrong',
      });
    }
    const zh = await s.api('POST', SEND_RESET, { body: { type: 2 } });
    expect(zh.body.msg).toBe(translate('zh-CN', 'validation.parametersWrong'));
  });
});

describe('using a code', () => {
  it('is single use', async () => {
    const code = await fast.sendCode(DEMO.doctor);
    expect((await staffLogin(fast, DEMO.doctor, code)).body.code).toBe(0);
    const reuse = await staffLogin(fast, DEMO.doctor, code);
    expect(reuse.status).toBe(400);
    expect(reuse.body.msgKey).toBe('auth.codeInvalid');
  });

  it('is replaced by a newer code, and an older one never comes back', async () => {
    const older = await fast.sendCode(DEMO.therapist);
    let newer = await fast.sendCode(DEMO.therapist);
    while (newer === older) newer = await fast.sendCode(DEMO.therapist);
    expect((await staffLogin(fast, DEMO.therapist, older)).body.msgKey).toBe('auth.codeInvalid');
    expect((await staffLogin(fast, DEMO.therapist, newer)).body.code).toBe(0);
    expect((await staffLogin(fast, DEMO.therapist, older)).body.msgKey).toBe('auth.codeInvalid');
  });

  it('burns after 5 wrong attempts: the right code is refused afterwards', async () => {
    const code = await fast.sendCode('therapist2@rehab.example');
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 5; i++) {
      const res = await staffLogin(fast, 'therapist2@rehab.example', wrong(i));
      expect(res.body.msgKey).toBe('auth.codeInvalid');
    }
    const right = await staffLogin(fast, 'therapist2@rehab.example', code);
    expect(right.status).toBe(400);
    expect(right.body.msgKey).toBe('auth.codeInvalid');
    // a fresh code works again
    expect(
      (await staffLogin(fast, 'therapist2@rehab.example', await fast.sendCode('therapist2@rehab.example'))).body.code,
    ).toBe(0);
  });

  it('four wrong attempts leave the code usable', async () => {
    const code = await fast.sendCode(DEMO.therapist2);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) await staffLogin(fast, DEMO.therapist2, wrong);
    expect((await staffLogin(fast, DEMO.therapist2, code)).body.code).toBe(0);
  });

  it('expires after its lifetime', async () => {
    const code = await fast.sendCode('doctor@rehab.example');
    const resetCode = await fast.sendCode('doctor@rehab.example', 'reset');
    fast.clock.advance(3200);
    const res = await staffLogin(fast, 'doctor@rehab.example', code);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ msgKey: 'auth.codeExpired', msg: translate('zh-CN', 'auth.codeExpired') });
    const reset = await fast.api('POST', '/api/sys/resetPassword', {
      body: { address: 'doctor@rehab.example', verificationCode: resetCode, password: 'Kestrel@2027' },
    });
    expect(reset.body.msgKey).toBe('auth.codeExpired');
  });

  it('a login code does not reset a password, nor the other way round', async () => {
    const loginCode = await fast.sendCode(DEMO.orgAdmin);
    const reset = await fast.api('POST', '/api/sys/resetPassword', {
      body: { address: DEMO.orgAdmin, verificationCode: loginCode, password: 'Kestrel@2027' },
    });
    expect(reset.body.msgKey).toBe('auth.codeInvalid');
    const resetCode = await fast.sendCode(DEMO.therapist2, 'reset');
    expect((await staffLogin(fast, DEMO.therapist2, resetCode)).body.msgKey).toBe('auth.codeInvalid');
  });
});
