import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verificationCodes } from '../src/db/schema';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

/** Limits that parallel requests must not get around. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
});
afterAll(async () => {
  await s?.close();
});

describe('parallel requests', () => {
  it('cannot get more password guesses than the free failures past the growing delay', async () => {
    // the clock stands still: on a slow machine the first delay could otherwise run out while the twelve requests
    // are still coming in, and let a seventh guess through legitimately
    s.clock.freeze(s.clock.now());
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        s.login({ account: DEMO.orgAdmin, password: `Wrong@${i}xx`, loginRoleType: 2 }),
      ),
    );
    // five free failures and the one that starts the delay are checked, however the requests interleave
    const guesses = results.filter((r) => r.status === 400).length;
    expect(guesses).toBeLessThanOrEqual(6);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(6);
    // this address waits, even with the right password; the account itself is not locked (issue 22)
    const right = await s.login({ account: DEMO.orgAdmin, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1 });
    expect(right.status).toBe(429);
    expect(right.body.msgKey).toBe('auth.slowDown');
    expect((await s.app.db.select().from(users).where(eq(users.phone, DEMO.orgAdmin)))[0]!.lockedUntil).toBeNull();
    s.clock.resume();
  });

  it('cannot try more than five wrong codes against one code', async () => {
    const code = await s.sendCode(DEMO.doctor, 'reset');
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        s.api('POST', '/api/sys/resetPassword', {
          body: { address: DEMO.doctor, verificationCode: wrong(i + 1), password: 'Kestrel@2027' },
        }),
      ),
    );
    expect(results.map((r) => r.body.msgKey)).toEqual(results.map(() => 'auth.codeInvalid'));
    // the code is burnt however the attempts interleaved
    const right = await s.api('POST', '/api/sys/resetPassword', {
      body: { address: DEMO.doctor, verificationCode: code, password: 'Kestrel@2027' },
    });
    expect(right.body.msgKey).toBe('auth.codeInvalid');
  });

  it('does not lock an account for parallel sign-ins with the right password', async () => {
    const code = await s.sendCode(DEMO.therapist);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        s.login({
          account: DEMO.therapist,
          password: DEMO_PASSWORD,
          loginRoleType: 1,
          verificationCode: wrong,
          isLogin: 1,
        }),
      ),
    );
    for (const r of results)
      expect(['auth.codeInvalid', 'error.tooManyRequests', 'auth.slowDown']).toContain(r.body.msgKey);
    const [row] = await s.app.db.select().from(users).where(eq(users.phone, DEMO.therapist));
    expect(row!.lockedUntil).toBeNull();
    expect(row!.failedAttempts).toBe(0);
  });

  it('sends one code for several requests at once within the cooldown', async () => {
    // this file runs without a cooldown; the settings are read on every request
    s.config.codeCooldownMs = 60_000;
    try {
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          s.api('POST', '/api/sys/sendLoginVerificationCode', { body: { type: 1, address: 'orgadmin@rehab.example' } }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
      const rows = await s.app.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.address, 'orgadmin@rehab.example'));
      expect(rows).toHaveLength(1);
    } finally {
      s.config.codeCooldownMs = 0;
    }
  });

  it('lets exactly one of several sign-ins with the same code through', async () => {
    const code = await s.sendCode(DEMO.therapist2);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        s.login({
          account: DEMO.therapist2,
          password: DEMO_PASSWORD,
          loginRoleType: 1,
          verificationCode: code,
          isLogin: 1,
        }),
      ),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
  });

  it('gives an e-mail address claimed by two accounts at once to one of them', async () => {
    const a = await s.loginAdmin(DEMO.superAdmin);
    const b = await s.loginStaff(DEMO.therapist);
    // each holds a right code for the address (a code is bound to the user who asked for it)
    const codeFor = async (token: string, phone: string) => {
      await s.api('POST', '/api/sys/user/sendVerificationCode', {
        token,
        body: { type: 1, address: 'shared@rehab.example' },
      });
      const [row] = await s.app.db.select().from(users).where(eq(users.phone, phone));
      return s.lastCode('shared@rehab.example', `contact:${row!.id}`)!;
    };
    const codeA = await codeFor(a, DEMO.superAdmin);
    const codeB = await codeFor(b, DEMO.therapist);
    const claim = (token: string, emailCode: string) =>
      s.api('PUT', '/api/sys/user/updatePersonalInfo', { token, body: { email: 'shared@rehab.example', emailCode } });
    // one claim each: a code is used up by its claim, so a second claim with it would be refused for the code (400)
    const results = await Promise.all([claim(a, codeA), claim(b, codeB)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const owners = await s.app.db.select().from(users).where(eq(users.email, 'shared@rehab.example'));
    expect(owners).toHaveLength(1);
  });
});
