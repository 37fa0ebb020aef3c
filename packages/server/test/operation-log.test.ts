import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../src/db/schema';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

let s: TestServer;
let admin: { token: string; organizationId: number };
let other: { token: string; organizationId: number };
let doctor: { token: string; organizationId: number };

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  admin = await s.loginInto(DEMO.orgAdmin);
  other = await s.loginInto(DEMO.superAdmin, 1);
  if (other.organizationId === admin.organizationId) other = await s.loginInto(DEMO.superAdmin, 0);
  doctor = await s.loginInto(DEMO.doctor);
});
afterAll(async () => {
  await s?.close();
});

/** The log is written after the answer: wait until the rows a test expects are there. */
async function logRows(where: (r: typeof operationLogs.$inferSelect) => boolean, atLeast = 1) {
  for (let i = 0; i < 100; i++) {
    const rows = (await s.app.db.select().from(operationLogs)).filter(where);
    if (rows.length >= atLeast) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('operation log rows did not appear');
}

const list = (token: string, query = '') => s.api('GET', `/api/sys/log/list${query}`, { token });

describe('the operation log', () => {
  it('records a state-changing call after it answers, with secrets removed', async () => {
    const newPassword = 'Changed#2024pw';
    const res = await s.api('POST', '/api/sys/user/password', {
      token: admin.token,
      body: { oldPassword: DEMO_PASSWORD, newPassword, confirmPassword: newPassword },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const [row] = await logRows((r) => r.url === '/sys/user/password');
    expect(row).toMatchObject({
      method: 'POST',
      organizationId: admin.organizationId,
      userName: '机构管理员',
      status: 200,
      operation: 'user password',
    });
    expect(row!.durationMs).toBeGreaterThanOrEqual(0);
    expect(row!.ip).toBeTruthy();
    const text = JSON.stringify(row!.params);
    expect(text).not.toContain(DEMO_PASSWORD);
    expect(text).not.toContain(newPassword);
    expect(row!.params).toMatchObject({ body: { oldPassword: '***', newPassword: '***' } });
  });

  it('records the public sign-in calls too, without their secrets', async () => {
    await s.api('POST', '/api/sys/login', {
      body: { account: DEMO.doctor, password: 'Wrong#pass1', loginRoleType: 2, token: 'x', apiSecret: 'y' },
    });
    const [row] = await logRows((r) => r.url === '/sys/login' && JSON.stringify(r.params).includes('apiSecret'));
    const text = JSON.stringify(row!.params);
    expect(text).not.toContain('Wrong#pass1');
    expect(text).not.toContain('"x"');
    expect(text).not.toContain('"y"');
    expect(row!.params).toMatchObject({ body: { account: DEMO.doctor, password: '***' } });
    expect(row!.status).toBeGreaterThanOrEqual(200);
  });

  it('does not record reading calls', async () => {
    await s.api('GET', '/api/sys/user/info', { token: doctor.token });
    await list(admin.token);
    // nor the spec's reads that use POST (lists, lookups)
    await s.api('POST', '/api/sys/version/pageInfo', { token: admin.token, body: { page: 1, limit: 10 } });
    // a later write proves the earlier reads had their chance to be logged
    await s.api('POST', '/api/sys/session/heartbeat', { token: doctor.token, body: {} });
    await s.api('POST', '/api/sys/userConfig/save', { token: doctor.token, body: { a: 'x' } });
    await logRows((r) => r.url === '/sys/userConfig/save' && r.userName === '王医生');
    const reads = await s.app.db.select().from(operationLogs).where(eq(operationLogs.method, 'GET'));
    expect(reads).toEqual([]);
    // nor the screen's keep-alive
    const beats = await s.app.db.select().from(operationLogs).where(eq(operationLogs.url, '/sys/session/heartbeat'));
    expect(beats).toEqual([]);
    const pages = await s.app.db.select().from(operationLogs).where(eq(operationLogs.url, '/sys/version/pageInfo'));
    expect(pages).toEqual([]);
  });

  it('does not record the POST reads whose last word does not say so (counts, reports)', async () => {
    const count = await s.api('POST', '/api/sys/patient/unAssignedCount', { token: admin.token, body: {} });
    expect(count.body.code, JSON.stringify(count.body)).toBe(0);
    await s.api('POST', '/api/sys/userConfig/save', { token: admin.token, body: { b: 'y' } });
    await logRows((r) => r.url === '/sys/userConfig/save' && JSON.stringify(r.params).includes('"b"'));
    const counts = await s.app.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.url, '/sys/patient/unAssignedCount'));
    expect(counts).toEqual([]);
  });

  it('records the kind of each change and filters by it; old rows of reads show only when asked for', async () => {
    await s.api('POST', '/api/sys/userConfig/save', { token: admin.token, body: { c: 'z' } });
    const [saved] = await logRows((r) => r.url === '/sys/userConfig/save' && JSON.stringify(r.params).includes('"c"'));
    expect(saved!.kind).toBe('create');
    const [signIn] = await logRows((r) => r.url === '/sys/login');
    expect(signIn!.kind).toBe('signIn');
    // a row of a list call as the log wrote them before reads stopped being logged (migration 0047 marks them read)
    await s.app.db.insert(operationLogs).values({
      organizationId: admin.organizationId,
      userName: '机构管理员',
      operation: 'sys:patient:list',
      kind: 'read',
      method: 'POST',
      url: '/sys/patient/list',
      durationMs: 3,
      status: 200,
    });
    const all = await list(admin.token, '?page=1&limit=1000');
    const kinds = new Set(all.body.data.list.map((r: { kind: string }) => r.kind));
    expect(kinds.has('read')).toBe(false);
    expect(kinds.has('create')).toBe(true);

    const creates = await list(admin.token, '?kind=create&limit=1000');
    expect(creates.body.data.totalCount).toBeGreaterThan(0);
    expect(new Set(creates.body.data.list.map((r: { kind: string }) => r.kind))).toEqual(new Set(['create']));
    const reads = await list(admin.token, '?kind=read');
    expect(reads.body.data.list).toMatchObject([{ url: '/sys/patient/list', kind: 'read' }]);

    const wrong = await list(admin.token, '?kind=nonsense');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).not.toBe(0);
  });

  it('lists the organization its session is in, newest first, with filters', async () => {
    await s.api('POST', '/api/sys/userConfig/save', { token: admin.token, body: {} });
    await logRows((r) => r.url === '/sys/userConfig/save' && r.organizationId === admin.organizationId);
    const all = await list(admin.token, '?page=1&limit=50');
    expect(all.status).toBe(200);
    expect(all.body.data.totalCount).toBeGreaterThanOrEqual(2);
    const rows = all.body.data.list as { organizationId?: number; createdAt: string; url: string }[];
    expect(rows.map((r) => r.createdAt)).toEqual([...rows.map((r) => r.createdAt)].sort().reverse());

    const byOperation = await list(admin.token, '?operation=password');
    expect(byOperation.body.data.list.map((r: { url: string }) => r.url)).toEqual(['/sys/user/password']);
    // the operation is named in the reader's language and can be searched by that name
    const byName = await list(admin.token, `?operation=${encodeURIComponent('修改密码')}`);
    expect(byName.body.data.list).toMatchObject([{ url: '/sys/user/password', operationLabel: '修改密码' }]);

    const byUser = await list(admin.token, `?userName=${encodeURIComponent('机构')}`);
    expect(byUser.body.data.totalCount).toBeGreaterThanOrEqual(2);
    expect(byUser.body.data.totalCount).toBeLessThan(all.body.data.totalCount);
    expect(new Set(byUser.body.data.list.map((r: { userName: string }) => r.userName))).toEqual(
      new Set(['机构管理员']),
    );
    const nobody = await list(admin.token, '?userName=nobody-at-all');
    expect(nobody.body.data.totalCount).toBe(0);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const later = await list(admin.token, `?startTime=${encodeURIComponent(future)}`);
    expect(later.body.data.totalCount).toBe(0);
    const window = await list(
      admin.token,
      `?startTime=${encodeURIComponent(past)}&endTime=${encodeURIComponent(future)}&limit=1`,
    );
    expect(window.body.data).toMatchObject({ totalCount: all.body.data.totalCount, pageSize: 1 });
    expect(window.body.data.list).toHaveLength(1);

    const bad = await list(admin.token, '?startTime=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('startTime');
  });

  it("does not list another organization's operations", async () => {
    await s.api('POST', '/api/sys/version/save', {
      token: other.token,
      body: { version: '9.9.9', releaseNote: '其他机构的操作' },
    });
    const [row] = await logRows((r) => r.url === '/sys/version/save');
    expect(row!.organizationId).toBe(other.organizationId);
    const mine = await list(admin.token, '?limit=1000');
    expect(mine.body.data.list.some((r: { url: string }) => r.url === '/sys/version/save')).toBe(false);
    const theirs = await list(other.token, '?operation=version');
    expect(theirs.body.data.list[0]).toMatchObject({
      url: '/sys/version/save',
      operation: 'sys:version:save',
      operationLabel: '版本管理 · 新增',
    });
    const english = await s.api('GET', `/api/sys/log/list?operation=${encodeURIComponent('版本管理')}`, {
      token: other.token,
      lang: 'en',
    });
    expect(english.body.data.list[0]).toMatchObject({ url: '/sys/version/save', operationLabel: 'Versions · Add' });
  });

  it('refuses the list to a doctor', async () => {
    const res = await list(doctor.token);
    expect(res.status).toBe(403);
    expect(res.body.msgKey).toBe('error.forbidden');
  });
});
