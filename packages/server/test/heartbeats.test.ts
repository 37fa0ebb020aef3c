// Heartbeat monitoring of the hospital-system interfaces (issue 18): monitors kept by administrators, the partner's
// push (an explicit "down" told apart from silence), HTTP and TCP checks against a local server and port, retries,
// maintenance windows, incidents opened, acknowledged and resolved with their durations, uptime per day, messages to
// the notification targets; another organization's monitors invisible. The checker job runs on the test's clock.
import http from 'node:http';
import net from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/users/users.tables';
import { messageRecipients, messages } from '../src/modules/messages/messages.tables';
import { heartbeatIncidents, heartbeatMonitors } from '../src/modules/heartbeats/heartbeats.tables';
import { heartbeatCheckJob } from '../src/modules/heartbeats/heartbeats.jobs';
import { recordExchange } from '../src/modules/heartbeats';
import { DEMO, startTestServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let doctor: string;
let org: number;
let adminId: number;
let other: { token: string; organizationId: number };
let health: http.Server;
let healthPort: number;
let healthStatus = 200;

const post = (token: string, url: string, body?: unknown, lang?: string) =>
  s.api('POST', `/api/hisHeartbeat${url}`, { token, body, lang });
const push = (token: string, query = '') => s.api('GET', `/api/hisHeartbeat/push/${token}${query}`);
const check = () => heartbeatCheckJob.run({ app: s.app, params: {}, now: s.clock.now() });
const advance = (sec: number) => s.clock.advance(sec * 1000);
const monitor = async (id: number) =>
  (await s.app.db.select().from(heartbeatMonitors).where(eq(heartbeatMonitors.id, id)))[0]!;
const incidentsOf = (id: number) =>
  s.app.db.select().from(heartbeatIncidents).where(eq(heartbeatIncidents.monitorId, id)).orderBy(heartbeatIncidents.id);
const monitorCount = async () => Number((await s.app.db.select({ n: count() }).from(heartbeatMonitors))[0]!.n);
const inbox = async (userId: number) =>
  s.app.db
    .select({ title: messages.title, titleLang: messages.titleLang, content: messages.content })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(and(eq(messageRecipients.userId, userId), eq(messages.link, '/heartbeatMonitoring/index')))
    .orderBy(messages.id);
const row = async (id: number) =>
  (await post(admin, '/pageInfo', { page: 1, limit: 100 })).body.data.list.find((m: { id: number }) => m.id === id);

beforeAll(async () => {
  s = await startTestServer();
  // the clock stands still between the test's steps, so that windows and durations are exact
  s.clock.freeze();
  const a = await s.loginInto(DEMO.orgAdmin);
  admin = a.token;
  org = a.organizationId;
  doctor = (await s.loginInto(DEMO.doctor)).token;
  adminId = (await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.orgAdmin)))[0]!.id;
  // the second organization switches the product on too, to show it sees only its own monitors
  const sa = await s.loginInto(DEMO.superAdmin, 1);
  other = sa;
  const saved = await s.api('POST', '/api/sys/organizationConfig/save', {
    token: sa.token,
    body: { organizationId: sa.organizationId, caIntegration: 0, products: ['scheduling', 'deviceIntegration'] },
  });
  expect(saved.body.code).toBe(0);
  health = http.createServer((_req, res) => {
    res.statusCode = healthStatus;
    res.end(healthStatus === 200 ? 'ok' : 'broken');
  });
  await new Promise<void>((r) => health.listen(0, '127.0.0.1', r));
  healthPort = (health.address() as net.AddressInfo).port;
}, 120_000);
afterAll(async () => {
  health?.close();
  await s?.close();
});

describe('monitors', () => {
  it('refuse bad settings in the caller’s language and write nothing', async () => {
    const before = await monitorCount();
    const zh = await post(admin, '/save', { name: 'HIS', kind: 'http', target: 'ftp://his' });
    expect(zh.body.code).not.toBe(0);
    expect(zh.body.msg).toContain('http://');
    const en = await post(admin, '/save', { name: 'HIS', kind: 'tcp', target: 'his:99999' }, 'en');
    expect(en.body.msg).toContain('host:port');
    const window = await post(
      admin,
      '/save',
      {
        name: 'HIS',
        kind: 'push',
        maintenance: [{ from: '2026-01-02T00:00:00+08:00', to: '2026-01-01T00:00:00+08:00' }],
      },
      'en',
    );
    expect(window.body.msg).toContain('end after');
    const stranger = await post(admin, '/save', { name: 'HIS', kind: 'push', notifyUserIds: [2_000_000] }, 'en');
    expect(stranger.body.msg).toContain('not a member');
    expect(await monitorCount()).toBe(before);
  });

  it('are for administrators: a doctor is refused', async () => {
    expect((await post(doctor, '/pageInfo', {})).status).toBe(403);
    expect((await post(doctor, '/save', { name: 'x', kind: 'push' })).status).toBe(403);
  });
});

describe('a push monitor', () => {
  let id: number;
  let token: string;

  it('is up on a heartbeat, down at once on an explicit down, and tells its targets', async () => {
    const res = await post(admin, '/save', {
      name: 'HIS 挂号',
      kind: 'push',
      intervalSec: 60,
      graceSec: 30,
      retries: 2,
      notifyUserIds: [adminId],
    });
    expect(res.body.code).toBe(0);
    ({ id, pushToken: token } = res.body.data);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await push(token)).body.data).toEqual({ status: 'up' });
    const before = (await inbox(adminId)).length;
    const down = await push(token, '?status=down&msg=db%20unreachable');
    expect(down.body.data).toEqual({ status: 'down' });
    const [incident] = await incidentsOf(id);
    expect(incident).toMatchObject({ reason: 'downPush', message: 'db unreachable', resolvedAt: null });
    const mail = await inbox(adminId);
    expect(mail.length).toBe(before + 1);
    expect(mail.at(-1)!.titleLang).toMatchObject({ en: 'Interface down: HIS 挂号' });
    expect(mail.at(-1)!.content).toContain('db unreachable');
  });

  it('an incident is acknowledged once, resolves at the next heartbeat with its duration', async () => {
    const [open] = await incidentsOf(id);
    expect((await post(admin, `/acknowledge/${open!.id}`)).body.code).toBe(0);
    const again = await post(admin, `/acknowledge/${open!.id}`, undefined, 'en');
    expect(again.body.msg).toContain('already been acknowledged');
    expect((await row(id)).openIncidentId).toBe(open!.id);
    advance(120);
    expect((await push(token)).body.data.status).toBe('up');
    const list = await post(admin, '/incidents', { monitorId: id });
    expect(list.body.data.list[0]).toMatchObject({
      id: open!.id,
      reason: 'downPush',
      acknowledgedByName: expect.any(String),
      durationSec: 120,
    });
    expect(list.body.data.list[0].resolvedAt).not.toBeNull();
    const r = await row(id);
    expect(r.openIncidentId).toBeNull();
    expect(r.uptime).toHaveLength(7);
    expect(r.uptime[6].ratio).toBeLessThan(1);
    expect((await inbox(adminId)).at(-1)!.titleLang).toMatchObject({ en: 'Interface back up: HIS 挂号' });
  });

  it('silence is pending while retries last, then down with reason silence', async () => {
    advance(91);
    await check();
    expect(await monitor(id)).toMatchObject({ status: 'pending', failures: 1 });
    advance(60);
    await check();
    expect(await monitor(id)).toMatchObject({ status: 'pending', failures: 2 });
    advance(60);
    await check();
    expect(await monitor(id)).toMatchObject({ status: 'down', failures: 3 });
    const open = (await incidentsOf(id)).at(-1)!;
    expect(open).toMatchObject({ reason: 'silence', resolvedAt: null });
    // a check not yet due changes nothing
    advance(5);
    await check();
    expect((await monitor(id)).failures).toBe(3);
    expect((await push(token)).body.data.status).toBe('up');
  });

  it('a wrong or removed push address is refused', async () => {
    expect((await push('x'.repeat(32))).body.code).not.toBe(0);
    expect((await post(admin, `/delete/${id}`)).body.code).toBe(0);
    expect((await push(token)).body.code).not.toBe(0);
    expect((await row(id)) ?? null).toBeNull();
  });
});

describe('checks we make', () => {
  it('HTTP: up on 2xx, pending then down on errors, back up, each retry counted', async () => {
    const res = await post(admin, '/save', {
      name: '医保前置机',
      kind: 'http',
      target: `http://127.0.0.1:${healthPort}/health`,
      intervalSec: 30,
      retries: 1,
    });
    const id = res.body.data.id;
    await check();
    expect(await monitor(id)).toMatchObject({ status: 'up', failures: 0 });
    healthStatus = 503;
    advance(30);
    await check();
    expect(await monitor(id)).toMatchObject({ status: 'pending', lastMessage: 'HTTP 503' });
    advance(30);
    await check();
    expect(await monitor(id)).toMatchObject({ status: 'down' });
    expect((await incidentsOf(id)).map((i) => i.reason)).toEqual(['error']);
    healthStatus = 200;
    advance(30);
    await check();
    expect(await monitor(id)).toMatchObject({ status: 'up' });
    expect((await incidentsOf(id))[0]!.resolvedAt).not.toBeNull();
  });

  it('TCP: a closed port fails, an open one passes', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const res = await post(admin, '/save', { name: 'PACS', kind: 'tcp', target: `127.0.0.1:${port}`, retries: 0 });
    const id = res.body.data.id;
    await check();
    expect(await monitor(id)).toMatchObject({ status: 'down', lastMessage: 'ECONNREFUSED' });
    const open = net.createServer((c) => c.end());
    await new Promise<void>((r) => open.listen(port, '127.0.0.1', r));
    advance(60);
    await check();
    expect(await monitor(id)).toMatchObject({ status: 'up' });
    open.close();
  });

  it('maintenance hides a failure: no incident opens, no message goes', async () => {
    const now = s.clock.now();
    const window = {
      from: new Date(now.getTime() - 60_000).toISOString(),
      to: new Date(now.getTime() + 3_600_000).toISOString(),
    };
    healthStatus = 500;
    const res = await post(admin, '/save', {
      name: 'HIS 升级',
      kind: 'http',
      target: `http://127.0.0.1:${healthPort}/`,
      retries: 0,
      notifyUserIds: [adminId],
      maintenance: [window],
    });
    const id = res.body.data.id;
    const before = (await inbox(adminId)).length;
    await check();
    expect(await monitor(id)).toMatchObject({ status: 'maintenance' });
    expect(await incidentsOf(id)).toEqual([]);
    expect((await inbox(adminId)).length).toBe(before);
    healthStatus = 200;
  });

  it('derived: down when our integrations record no exchange in the window', async () => {
    const res = await post(admin, '/save', {
      name: '电子票据',
      kind: 'derived',
      target: 'ebill-test',
      intervalSec: 60,
      graceSec: 0,
      retries: 0,
    });
    const id = res.body.data.id;
    await recordExchange(s.app.db, org, 'ebill-test', s.clock.now());
    advance(60);
    await check();
    expect(await monitor(id)).toMatchObject({ status: 'up' });
    advance(61);
    await check();
    expect(await monitor(id)).toMatchObject({ status: 'down' });
    expect((await incidentsOf(id))[0]).toMatchObject({ reason: 'silence' });
  });
});

describe('another organization', () => {
  it('sees none of these monitors or incidents and cannot act on them', async () => {
    const mine = (await post(admin, '/pageInfo', { limit: 100 })).body.data.list.map((m: { id: number }) => m.id);
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await post(other.token, '/pageInfo', { limit: 100 });
    expect(theirs.body.code).toBe(0);
    expect(theirs.body.data.list.filter((m: { id: number }) => mine.includes(m.id))).toEqual([]);
    const incidents = await post(other.token, '/incidents', { limit: 100 });
    expect(incidents.body.data.totalCount).toBe(0);
    const [any] = await s.app.db.select().from(heartbeatIncidents).where(eq(heartbeatIncidents.organizationId, org));
    expect((await post(other.token, `/acknowledge/${any!.id}`)).body.code).not.toBe(0);
    expect((await post(other.token, `/delete/${mine[0]}`)).body.code).not.toBe(0);
    expect((await post(other.token, '/update', { id: mine[0], name: 'x', kind: 'push' })).body.code).not.toBe(0);
  });
});
