import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs, userConfigs } from '../src/db/schema';
import { writeOperationLog } from '../src/modules/logs/operation-log';
import { DEMO, startTestServer, type TestServer } from './harness';

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
