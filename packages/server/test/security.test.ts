import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogs, messageRecipients, messages, operationLogs, patients, userConfigs, users } from '../src/db/schema';
import { purgeAccessLogs } from '../src/modules/logs/access-log';
import { writeOperationLog } from '../src/modules/logs/operation-log';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

/** Names and phones of the demo patients (modules/patients/patients.demo.ts): none may reach the server log. */
const DEMO_PATIENT_NAMES = ['张建国', '李秀英'];
const DEMO_PATIENT_PHONES = ['13910010001', '13910010002'];

let s: TestServer;
const logLines: string[] = [];
let doctor: { token: string; organizationId: number };

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 }, {}, { logLines });
  doctor = await s.loginInto(DEMO.doctor);
});
afterAll(async () => {
  await s?.close();
});

/** The operation log is written once the request is answered: wait until the rows a test expects are there. */
async function logRows(where: (r: typeof operationLogs.$inferSelect) => boolean, atLeast = 1) {
  for (let i = 0; i < 100; i++) {
    const rows = (await s.app.db.select().from(operationLogs)).filter(where);
    if (rows.length >= atLeast) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('operation log rows did not appear');
}

const configRows = (a: string) =>
  s.app.db
    .select()
    .from(userConfigs)
    .where(and(eq(userConfigs.a, a)));

describe('NUL and lone surrogates are refused at parsing (issue 22, item 1)', () => {
  it('refuses a NUL in a field the route ignores, naming the field, in the caller language, writing nothing', async () => {
    const body = { a: 'nul-test', b: 't', value: 1, ignored: 'x\u0000y' };
    const zh = await s.api('POST', '/api/sys/userConfig/save', { token: doctor.token, body });
    expect(zh.status).toBe(400);
    expect(zh.body.code).toBe(400);
    expect(zh.body.field).toBe('ignored');
    expect(zh.body.msg).toContain('ignored');
    expect(zh.body.msg).toMatch(/字符/);
    const en = await s.api('POST', '/api/sys/userConfig/save', { token: doctor.token, body, lang: 'en' });
    expect(en.body.msg).toMatch(/character/);
    expect(await configRows('nul-test')).toEqual([]);
  });

  it('refuses NUL deep in a body, in a key, and in a query', async () => {
    const deep = await s.api('POST', '/api/sys/userConfig/save', {
      token: doctor.token,
      body: { a: 'deep', b: 't', value: { list: [{ name: 'ok' }, { name: 'bad\u0000' }] } },
    });
    expect(deep.body).toMatchObject({ code: 400, field: 'value.list.1.name' });
    const key = await s.api('POST', '/api/sys/userConfig/save', {
      token: doctor.token,
      body: { a: 'key', b: 't', value: { ['k\u0000']: 1 } },
    });
    expect(key.body.code).toBe(400);
    const query = await s.api('GET', '/api/sys/log/list?userName=a%00b', { token: doctor.token });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ code: 400, field: 'userName' });
    expect(await configRows('deep')).toEqual([]);
  });

  it('refuses lone surrogates (escaped in the JSON text) but keeps real pairs', async () => {
    const lone = await s.api('POST', '/api/sys/userConfig/save', {
      token: doctor.token,
      body: '{"a":"lone","b":"t","value":"x\\ud800y"}',
    });
    expect(lone.body).toMatchObject({ code: 400, field: 'value' });
    const low = await s.api('POST', '/api/sys/userConfig/save', {
      token: doctor.token,
      body: '{"a":"lone","b":"t","value":"\\udc00"}',
    });
    expect(low.body.code).toBe(400);
    expect(await configRows('lone')).toEqual([]);
    const pair = await s.api('POST', '/api/sys/userConfig/save', {
      token: doctor.token,
      body: { a: 'pair', b: 't', value: 'emoji 😀' },
    });
    expect(pair.body.code).toBe(0);
  });
});

describe('the operation log cannot lose a write (issue 22, item 1)', () => {
  it('writes every acknowledged write, with its parameters', async () => {
    const res = await s.api('POST', '/api/sys/userConfig/save', {
      token: doctor.token,
      body: { a: 'logged', b: 't', value: 'v' },
    });
    expect(res.body.code).toBe(0);
    const [row] = await logRows((r) => r.url === '/sys/userConfig/save' && JSON.stringify(r.params).includes('logged'));
    expect(row!.status).toBe(200);
  });

  it('writes a row without parameters when the row cannot be stored as it is', async () => {
    const before = (await s.app.db.select().from(operationLogs)).length;
    await writeOperationLog(s.app, {
      userId: null,
      // longer than the column: the first insert fails, the fallback row keeps who, what and when
      userName: 'x'.repeat(100),
      organizationId: null,
      operation: 'fallback test',
      method: 'POST',
      url: '/sys/fallback/test',
      params: { body: { name: '张建国\u0000' } },
      durationMs: 1,
      ip: '127.0.0.1',
      status: 200,
    });
    const rows = await s.app.db.select().from(operationLogs).where(eq(operationLogs.url, '/sys/fallback/test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.params).toEqual({ dropped: true });
    expect(rows[0]!.userName).toBe('x'.repeat(64));
    expect((await s.app.db.select().from(operationLogs)).length).toBe(before + 1);
  });
});

describe('no personal data in the server log (issue 22, item 1)', () => {
  it('logs neither bodies nor the demo patients names and phones over a run of requests', async () => {
    const search = DEMO_PATIENT_NAMES[0]!;
    const phone = DEMO_PATIENT_PHONES[0]!;
    // reads that carry names and phones in the query and the body
    await s.api('POST', '/api/sys/patient/queryOutPatientPage', {
      token: doctor.token,
      body: { page: 1, limit: 10, name: search },
    });
    await s.api('GET', `/api/sys/log/list?userName=${encodeURIComponent(search)}&x=${phone}`, {
      token: doctor.token,
    });
    // refused writes: a NUL, a value the database cannot hold, a schema failure
    await s.api('POST', '/api/sys/userConfig/save', {
      token: doctor.token,
      body: { a: 'pii', b: 't', value: 1, name: `${search}\u0000`, phone },
    });
    await s.api('POST', '/api/sys/userConfig/save', {
      token: doctor.token,
      body: { a: 'pii', b: 't', value: { name: DEMO_PATIENT_NAMES[1], phone: DEMO_PATIENT_PHONES[1] } },
    });
    await s.api('POST', '/api/sys/patient/updateOutPatient', {
      token: doctor.token,
      body: { id: 2 ** 40, treatmentId: 1, name: DEMO_PATIENT_NAMES[1], phone: DEMO_PATIENT_PHONES[1] },
    });
    await s.api('POST', '/api/sys/login', {
      body: { account: phone, password: `${search}-wrong`, loginRoleType: 2 },
    });
    // an unhandled write path: the fallback row of the operation log
    await writeOperationLog(s.app, {
      userId: null,
      userName: 'y'.repeat(100),
      organizationId: null,
      operation: 'pii test',
      method: 'POST',
      url: '/sys/pii/test',
      params: { body: { name: `${search}\u0000`, phone } },
      durationMs: 1,
      ip: null,
      status: 200,
    });
    await s.server.drain();
    expect(logLines.length).toBeGreaterThan(5);
    const text = logLines.join('\n');
    for (const secret of [...DEMO_PATIENT_NAMES, ...DEMO_PATIENT_PHONES]) {
      expect(text, `the log carries ${secret}`).not.toContain(secret);
    }
  });
});

/** A server of its own: tight limits per address, and the client address taken from X-Forwarded-For. */
describe('sign-in: the same answer for every account, growing delays, limits per address (issue 22, item 2)', () => {
  let t: TestServer;
  const delays = { pairFree: 3, accountFree: 8, addressFree: 10, maxDelayMs: 900_000, accountMaxDelayMs: 60_000 };
  beforeAll(async () => {
    t = await startTestServer({
      codeCooldownMs: 0,
      trustProxy: true,
      signInDelays: { ...delays, forgetMs: 3_600_000 },
      codesPerCallerPerHour: 5,
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const wrong = (account: string, ip: string, lang?: string) =>
    t.login({ account, password: 'Wrong@pass1', loginRoleType: 2 }, { ...from(ip), lang });
  const right = (account: string, ip: string) =>
    t.login({ account, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1 }, from(ip));

  it('answers an unknown account exactly like an existing one, attempt after attempt', async () => {
    for (let i = 0; i < 3; i++) {
      const known = await wrong(DEMO.superAdmin, '10.1.0.1');
      const unknown = await wrong('13999999990', '10.1.0.2');
      expect(known.status).toBe(400);
      expect(known.body).toEqual(unknown.body);
      expect(known.body).toMatchObject({ code: 400, msgKey: 'auth.wrongCredentials' });
    }
    // past the free failures both wait the same
    const known = await wrong(DEMO.superAdmin, '10.1.0.1', 'en');
    const unknown = await wrong('13999999990', '10.1.0.2', 'en');
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toMatchObject({ code: 400, msgKey: 'auth.wrongCredentials' });
    const waiting = await wrong(DEMO.superAdmin, '10.1.0.1', 'en');
    const waitingUnknown = await wrong('13999999990', '10.1.0.2', 'en');
    expect(waiting.body).toEqual(waitingUnknown.body);
    expect(waiting.body).toMatchObject({ code: 429, msgKey: 'auth.slowDown', seconds: 1 });
    expect(waiting.body.msg).toMatch(/1 s/);
    t.clock.advance(2_000);
    expect((await right(DEMO.superAdmin, '10.1.0.1')).body.code).toBe(0);
  });

  it('does not lock the owner out: failures from one address delay that address, growing, while the owner signs in', async () => {
    const account = DEMO.orgAdmin;
    for (let i = 0; i < delays.pairFree + 1; i++) await wrong(account, '10.2.0.1');
    // the attacker waits 1 s, then 2 s, then 4 s: the delay grows with every failure
    const seconds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const refused = await right(account, '10.2.0.1');
      expect(refused.body.code).toBe(429);
      expect(refused.body.token).toBeUndefined();
      seconds.push(refused.body.seconds);
      t.clock.advance(refused.body.seconds * 1000);
      expect((await wrong(account, '10.2.0.1')).body.code).toBe(400);
    }
    expect(seconds).toEqual([1, 2, 4]);
    // the owner, elsewhere, signs in with the right password at once (main locked the account for 15 minutes)
    const owner = await right(account, '10.2.0.99');
    expect(owner.body.code, JSON.stringify(owner.body)).toBe(0);
  });

  it('tells the owner by a message when the account is under attack', async () => {
    const account = DEMO.finance;
    const [user] = await t.app.db.select().from(users).where(eq(users.phone, account));
    const inbox = () =>
      t.app.db
        .select({ title: messages.title, content: messages.content })
        .from(messageRecipients)
        .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
        .where(eq(messageRecipients.userId, user!.id));
    const before = (await inbox()).length;
    // spread over addresses, so that no address is slowed down first
    for (let i = 0; i < delays.accountFree + 1; i++) await wrong(account, `10.3.${i}.1`);
    const after = await inbox();
    const notices = after.slice(before).filter((m) => m.title.includes('登录'));
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices[0]!.content).toMatch(/\d+/);
    // told once per attack, not once per failure
    await wrong(account, '10.3.99.1');
    expect((await inbox()).length).toBe(after.length);
  });

  it('limits one address across accounts: 40 accounts with one password each do not all get checked', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 40; i++)
      answers.push((await wrong(`139000100${String(i).padStart(2, '0')}`, '10.4.0.1')).body.code);
    expect(answers.slice(0, delays.addressFree)).toEqual(Array(delays.addressFree).fill(400));
    expect(answers.slice(delays.addressFree)).toContain(429);
    // another address is not concerned
    expect((await right(DEMO.superAdmin, '10.4.0.2')).body.code).toBe(0);
  });

  it('limits verification codes per caller, not only per target address', async () => {
    const send = (address: string) =>
      t.api('POST', '/api/sys/sendLoginVerificationCode', {
        body: { type: 1, address },
        headers: { 'x-forwarded-for': '10.5.0.1' },
      });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await send(`someone${i}@rehab.example`)).body.code);
    expect(codes.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(codes.slice(5)).toEqual([429, 429, 429]);
    const elsewhere = await t.api('POST', '/api/sys/sendLoginVerificationCode', {
      body: { type: 1, address: 'someone-else@rehab.example' },
      headers: { 'x-forwarded-for': '10.5.0.2' },
    });
    expect(elsewhere.body.code).toBe(0);
  });
});

/** A server of its own with the sign-in proof of work on, after 3 failures, at an easy difficulty for the test. */
describe('sign-in: a proof of work after repeated failures (issue 22, item 2)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(
      { trustProxy: true },
      { LOGIN_CAPTCHA_AFTER: '3', CAPTCHA_DIFFICULTY: '2', CAPTCHA_SECRET: 'captcha-test-secret' },
    );
  });
  afterAll(async () => {
    await t?.close();
  });
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const signIn = (account: string, password: string, ip: string, captcha?: string, lang?: string) =>
    t.login(
      { account, password, loginRoleType: 2, isLogin: 1, ...(captcha ? { captcha } : {}) },
      { ...from(ip), lang },
    );
  /** A challenge of a server (this one by default), solved as the browser does it, as the form sends it. */
  const solved = async (tamper?: (p: Record<string, unknown>) => void, server: TestServer = t) => {
    const challenge = (await server.api('GET', '/api/sys/captcha/challenge')).body;
    expect(challenge.code).toBe(0);
    const parameters = { ...challenge.parameters };
    const solution = await solveChallenge({ challenge: { parameters, signature: challenge.signature }, deriveKey });
    tamper?.(parameters);
    return Buffer.from(
      JSON.stringify({ challenge: { parameters, signature: challenge.signature }, solution }),
    ).toString('base64');
  };

  it('asks for it after the third failure, the same for an unknown account, and refuses a sign-in without it', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await signIn(DEMO.superAdmin, 'Wrong@pass1', '10.8.0.1')).body);
    expect(answers.map((a) => a.captcha)).toEqual([undefined, undefined, true]);
    for (let i = 0; i < 3; i++) await signIn('13999999977', 'Wrong@pass1', '10.8.0.2');
    // the fourth, even with the right password, is refused before the password is looked at, and counts nothing
    const refused = await signIn(DEMO.superAdmin, DEMO_PASSWORD, '10.8.0.1', undefined, 'en');
    const unknown = await signIn('13999999977', DEMO_PASSWORD, '10.8.0.2', undefined, 'en');
    expect(refused.body).toEqual(unknown.body);
    expect(refused.body).toMatchObject({ code: 400, msgKey: 'auth.captchaRequired', field: 'captcha', captcha: true });
    expect(refused.body.msg).toMatch(/security check/);
    expect(refused.body.token).toBeUndefined();
    // another address is not concerned
    expect((await signIn(DEMO.superAdmin, DEMO_PASSWORD, '10.8.0.3')).body.code).toBe(0);
  });

  it('signs in with a solved challenge; a used, tampered, foreign or expired one is refused', async () => {
    const ip = '10.8.1.1';
    for (let i = 0; i < 3; i++) await signIn(DEMO.orgAdmin, 'Wrong@pass1', ip);
    // a wrong password with a good check: still wrong, and the check is asked again
    const wrongAgain = await signIn(DEMO.orgAdmin, 'Wrong@pass1', ip, await solved());
    expect(wrongAgain.body).toMatchObject({ code: 400, msgKey: 'auth.wrongCredentials', captcha: true });
    const good = await solved();
    const ok = await signIn(DEMO.orgAdmin, DEMO_PASSWORD, ip, good);
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(0);
    // the right password forgot the failures: no check needed now
    expect((await signIn(DEMO.orgAdmin, DEMO_PASSWORD, ip)).body.code).toBe(0);
    // again under the check
    for (let i = 0; i < 3; i++) await signIn(DEMO.orgAdmin, 'Wrong@pass1', ip);
    const invalid = async (captcha: string) => (await signIn(DEMO.orgAdmin, DEMO_PASSWORD, ip, captcha)).body;
    expect(await invalid(good)).toMatchObject({ code: 400, msgKey: 'auth.captchaInvalid' }); // used once already
    expect(await invalid(await solved((p) => (p.keyPrefix = '0')))).toMatchObject({ msgKey: 'auth.captchaInvalid' });
    expect(await invalid('not base64 json')).toMatchObject({ msgKey: 'auth.captchaInvalid' });
    // a challenge signed with another secret
    const other = await startTestServer({}, { CAPTCHA_DIFFICULTY: '2', CAPTCHA_SECRET: 'another-secret' });
    try {
      expect(await invalid(await solved(undefined, other))).toMatchObject({ msgKey: 'auth.captchaInvalid' });
    } finally {
      await other.close();
    }
    // expired: solved, then kept past its five minutes on the server's clock
    const late = await solved();
    t.clock.advance(301_000);
    expect(await invalid(late)).toMatchObject({ msgKey: 'auth.captchaInvalid' });
    // none of those counted as a failure or wrote a session: a fresh check still signs in
    expect((await signIn(DEMO.orgAdmin, DEMO_PASSWORD, ip, await solved())).body.code).toBe(0);
  });
});

describe('password change: wrong current passwords are limited and end the session (issue 22, item 4)', () => {
  it('ends the session at the fifth wrong current password, and the right one no longer helps', async () => {
    const therapist = await s.loginInto(DEMO.therapist2);
    const change = (oldPassword: string) =>
      s.api('POST', '/api/sys/user/password', {
        token: therapist.token,
        body: { oldPassword, newPassword: 'Fresh#2027pw', confirmPassword: 'Fresh#2027pw' },
      });
    for (let i = 1; i < 5; i++) {
      const res = await change(`Guess#${i}xx`);
      expect(res.body).toMatchObject({ code: 400, msgKey: 'auth.oldPasswordWrong' });
    }
    const fifth = await change('Guess#5xx');
    expect(fifth.status).toBe(401);
    expect(fifth.body.msgKey).toBe('auth.passwordChangeSessionEnded');
    const after = await change(DEMO_PASSWORD);
    expect(after.status).toBe(401);
    // the password did not change
    await s.loginStaff(DEMO.therapist2);
  });

  it('forgets the count after a right answer', async () => {
    const doctorAgain = await s.loginInto(DEMO.cashier);
    const change = (oldPassword: string, newPassword = 'Fresh#2027pw') =>
      s.api('POST', '/api/sys/user/password', {
        token: doctorAgain.token,
        body: { oldPassword, newPassword, confirmPassword: newPassword },
      });
    for (let i = 1; i < 5; i++) expect((await change(`Guess#${i}xx`)).body.code).toBe(400);
    expect((await change(DEMO_PASSWORD)).body.code).toBe(0);
    for (let i = 1; i < 5; i++) expect((await change(`Guess#${i}xx`)).body.code).toBe(400);
    expect((await change('Fresh#2027pw', DEMO_PASSWORD)).body.code).toBe(0);
  });
});

describe('reads of patient data in the append-only access log (issue 22, item 6)', () => {
  let admin: { token: string; organizationId: number };
  let patientId: number;
  beforeAll(async () => {
    admin = await s.loginInto(DEMO.orgAdmin);
    const [p] = await s.app.db.select().from(patients).where(eq(patients.organizationId, doctor.organizationId));
    patientId = p!.id;
  });
  const accessRows = (where: Parameters<TestServer['accessRows']>[0], atLeast = 1) => s.accessRows(where, atLeast);

  it('records who looked at which patient record and which list with what filters', async () => {
    const info = await s.api('GET', `/api/sys/patient/outPatient/${patientId}`, { token: doctor.token });
    expect(info.body.code).toBe(0);
    const [row] = await accessRows((r) => r.kind === 'record' && r.patientId === patientId);
    expect(row).toMatchObject({
      userName: '王医生',
      organizationId: doctor.organizationId,
      url: '/sys/patient/outPatient/:id',
    });
    await s.api('POST', '/api/sys/patient/queryOutPatientPage', {
      token: doctor.token,
      body: { page: 1, limit: 10, keyword: '李' },
    });
    const [list] = await accessRows((r) => r.kind === 'list' && JSON.stringify(r.filters).includes('李'));
    expect(list!.userName).toBe('王医生');
    // a refused read leaves nothing
    const before = (await s.app.db.select().from(accessLogs)).length;
    expect((await s.api('GET', '/api/sys/patient/outPatient/2000000000', { token: doctor.token })).status).toBe(404);
    await s.server.drain();
    expect((await s.app.db.select().from(accessLogs)).length).toBe(before);
  });

  it('lists the organization access log by patient, user and time, and refuses callers without the permission', async () => {
    const byPatient = await s.api('GET', `/api/sys/accessLog/list?patientId=${patientId}`, { token: admin.token });
    expect(byPatient.body.code).toBe(0);
    expect(byPatient.body.data.list.length).toBeGreaterThanOrEqual(1);
    expect(byPatient.body.data.list.every((r: { patientId: number }) => r.patientId === patientId)).toBe(true);
    const byUser = await s.api('GET', `/api/sys/accessLog/list?userName=${encodeURIComponent('王')}&kind=record`, {
      token: admin.token,
    });
    expect(byUser.body.data.totalCount).toBeGreaterThanOrEqual(1);
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    const later = await s.api('GET', `/api/sys/accessLog/list?startTime=${future}`, { token: admin.token });
    expect(later.body.data.totalCount).toBe(0);
    expect((await s.api('GET', '/api/sys/accessLog/list', { token: doctor.token })).status).toBe(403);
    // who looked at the patient: the patient detail's panel
    const viewers = await s.api('GET', `/api/sys/accessLog/patient/${patientId}`, { token: doctor.token });
    expect(viewers.body.data[0]).toMatchObject({ userName: '王医生', kind: 'record' });
    // each reader once per kind: a dozen newer list reads do not push the record read out of the panel
    const [reader] = await s.app.db
      .select({ userId: accessLogs.userId })
      .from(accessLogs)
      .where(and(eq(accessLogs.patientId, patientId), eq(accessLogs.userName, '王医生')))
      .limit(1);
    await s.app.db.insert(accessLogs).values(
      Array.from({ length: 12 }, () => ({
        organizationId: doctor.organizationId,
        userId: reader!.userId,
        userName: '王医生',
        patientId,
        kind: 'list',
        operation: 'patient:info',
        url: '/api/sys/test/list',
      })),
    );
    const grouped = (await s.api('GET', `/api/sys/accessLog/patient/${patientId}`, { token: doctor.token })).body
      .data as { userName: string; kind: string }[];
    expect(grouped[0]).toMatchObject({ userName: '王医生', kind: 'list' });
    expect(grouped.slice(0, 10).some((r) => r.userName === '王医生' && r.kind === 'record')).toBe(true);
    const pairs = grouped.map((r) => `${r.userName}/${r.kind}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('exports the filtered log as CSV, and records the export with its row count and filters', async () => {
    const res = await fetch(`${s.base}/api/sys/accessLog/export?patientId=${patientId}`, {
      headers: { token: admin.token, language: 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    expect(text).toContain('"Patient no."');
    expect(text).toContain(`"${patientId}"`);
    const lines = text.trim().split('\r\n').length - 1;
    const [exp] = await accessRows((r) => r.kind === 'export' && r.url === '/sys/accessLog/export');
    expect(exp).toMatchObject({ rows: lines, userName: '机构管理员' });
    expect(exp!.filters).toMatchObject({ patientId });
  });

  it('is append-only: no update, no delete, but the retention job removes old rows', async () => {
    await expect(s.app.db.update(accessLogs).set({ userName: 'someone else' })).rejects.toThrow();
    await expect(s.app.db.delete(accessLogs)).rejects.toThrow();
    const before = (await s.app.db.select().from(accessLogs)).length;
    expect(await purgeAccessLogs(s.app.db, new Date(Date.now() - 86_400_000))).toBe(0);
    expect(await purgeAccessLogs(s.app.db, new Date(Date.now() + 86_400_000))).toBe(before);
  });

  it('records reads of work orders, bills, settlements and the scheduling board, and not a refused one', async () => {
    const cashier = await s.loginInto(DEMO.cashier);
    const since = new Date();
    const after = (r: typeof accessLogs.$inferSelect) => r.createdAt >= since;
    // a doctor reads the work orders: the list, one patient's, one order
    const list = await s.api('POST', '/api/sys/referral/list', { token: doctor.token, body: { page: 1, limit: 5 } });
    expect(list.body.code).toBe(0);
    const order = list.body.data.list[0] as { id: number; patientId: number };
    expect(
      (
        await s.api('POST', '/api/sys/referral/selectReferralByPatient', {
          token: doctor.token,
          body: { page: 1, limit: 5, patientId: order.patientId },
        })
      ).body.code,
    ).toBe(0);
    expect((await s.api('GET', `/api/sys/referral/info/${order.id}`, { token: doctor.token })).body.code).toBe(0);
    const [orders] = await accessRows((r) => after(r) && r.url === '/sys/referral/list');
    expect(orders).toMatchObject({ kind: 'list', userName: '王医生', rows: list.body.data.list.length });
    const [ofPatient] = await accessRows((r) => after(r) && r.url === '/sys/referral/selectReferralByPatient');
    expect(ofPatient).toMatchObject({ kind: 'record', patientId: order.patientId });
    const [one] = await accessRows((r) => after(r) && r.url === '/sys/referral/info/:id');
    expect(one).toMatchObject({ kind: 'record', patientId: order.patientId, subject: `work order ${order.id}` });
    // the cashier reads a bill and the settlements
    expect((await s.api('POST', '/api/sys/pay/bill', { token: cashier.token, body: { patientId } })).body.code).toBe(0);
    const [bill] = await accessRows((r) => after(r) && r.url === '/sys/pay/bill');
    expect(bill).toMatchObject({ kind: 'record', patientId, subject: 'bill' });
    const settlements = await s.api('POST', '/api/sys/pay/settlement/list', {
      token: cashier.token,
      body: { page: 1, limit: 5 },
    });
    expect(settlements.body.code).toBe(0);
    const [settled] = await accessRows((r) => after(r) && r.url === '/sys/pay/settlement/list');
    expect(settled).toMatchObject({ kind: 'list', rows: settlements.body.data.list.length });
    // the scheduling board of a day, with the day as its filter
    const board = await s.api('POST', '/api/schedulingManagement/getTodayAllScheduling', {
      token: admin.token,
      body: {},
    });
    expect(board.body.code).toBe(0);
    const [day] = await accessRows((r) => after(r) && r.url === '/schedulingManagement/getTodayAllScheduling');
    expect(day).toMatchObject({ kind: 'list', subject: 'scheduling board' });
    expect((day!.filters as { date: string }).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // boards that refresh themselves all day are one row a user and day: the board read again, the schedule view
    // read twice, add one view row for the administrator, and one for the doctor's first view
    await s.api('POST', '/api/schedulingManagement/getTodayAllScheduling', { token: admin.token, body: {} });
    for (const token of [admin.token, admin.token, doctor.token]) {
      const view = await s.api('POST', '/api/schedulingManagement/viewList', { token, body: {} });
      expect(view.body.code).toBe(0);
    }
    await s.server.drain();
    const boards = await accessRows((r) => after(r) && r.url.startsWith('/schedulingManagement/'), 3);
    const count = (url: string, userName: string) =>
      boards.filter((r) => r.url === url && r.userName === userName).length;
    expect(count('/schedulingManagement/getTodayAllScheduling', '机构管理员')).toBe(1);
    expect(count('/schedulingManagement/viewList', '机构管理员')).toBe(1);
    expect(count('/schedulingManagement/viewList', '王医生')).toBe(1);
    // a refused read (another organization's order, an unknown bill) leaves nothing
    await s.server.drain();
    const before = (await s.app.db.select().from(accessLogs)).length;
    expect((await s.api('GET', '/api/sys/referral/info/2000000000', { token: doctor.token })).status).toBe(404);
    expect(
      (await s.api('POST', '/api/sys/pay/bill', { token: cashier.token, body: { patientId: 2000000000 } })).status,
    ).toBe(404);
    await s.server.drain();
    expect((await s.app.db.select().from(accessLogs)).length).toBe(before);
  });
});
