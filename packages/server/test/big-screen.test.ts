// The department's big screen (issue 16): its widgets read by a signed-in user with the view permission or by a TV
// with a screen link; the links made, listed and revoked by administrators; a link opens nothing but the screen's
// calls, stops at revocation and expiry, and never shows another organization's figures or a patient's full name.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { deviceTopic, maskName, messageTopic, scheduleTopic } from '@rehab/shared';
import { workOrders } from '../src/db/schema';
import { patients, treatmentProjects, treatments } from '../src/modules/patients/patients.tables';
import { screenLinks } from '../src/modules/big-screen/big-screen.tables';
import { DEMO, startTestServer, type TestServer } from './harness';
import { connectLive, heard, until } from './live-client';

let s: TestServer;
let admin: string;
let doctor: string;
let org: number;
let other: { token: string; organizationId: number };
let today: string;

const get = (url: string, auth: { token?: string; screen?: string; lang?: string } = {}) =>
  s.api('GET', `/api${url}`, {
    token: auth.token,
    lang: auth.lang,
    headers: auth.screen ? { 'screen-token': auth.screen } : {},
  });
const post = (token: string, url: string, body?: unknown, lang?: string) =>
  s.api('POST', `/api${url}`, { token, body, lang });
const linkCount = async () => Number((await s.app.db.select({ n: count() }).from(screenLinks))[0]!.n);

/** An instant of the clinic's today (Asia/Shanghai, UTC+8) at hh:mm. */
const at = (hh: number, mm: number) =>
  new Date(`${today}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+08:00`);

beforeAll(async () => {
  s = await startTestServer();
  const a = await s.loginInto(DEMO.orgAdmin);
  admin = a.token;
  org = a.organizationId;
  doctor = (await s.loginInto(DEMO.doctor)).token;
  other = await s.loginInto(DEMO.superAdmin, 1);
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(s.clock.now());
}, 120_000);
const open: MqttClient[] = [];
afterAll(async () => {
  await Promise.all(open.map((c) => c.endAsync(true).catch(() => undefined)));
  await s?.close();
});

describe('screen links', () => {
  let token: string;
  let linkId: number;

  it('are made by administrators, the token shown once and stored only as its hash', async () => {
    const res = await post(admin, '/sys/screen/link/create', { name: '治疗大厅电视', validDays: null });
    expect(res.body.code).toBe(0);
    token = res.body.data.token;
    linkId = res.body.data.id;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await s.app.db.select().from(screenLinks).where(eq(screenLinks.id, linkId));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await get('/sys/screen/link/list', { token: admin });
    const mine = list.body.data.find((l: { id: number }) => l.id === linkId);
    expect(mine).toMatchObject({ name: '治疗大厅电视', state: 'active', expiresAt: null, lastSeenAt: null });
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  it('refuse bad input with a message in the caller’s language and write nothing', async () => {
    const before = await linkCount();
    const zh = await post(admin, '/sys/screen/link/create', { name: '  ', validDays: 1 });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toMatch(/不能为空|必填/);
    const en = await post(admin, '/sys/screen/link/create', { name: 'TV', validDays: 0 }, 'en');
    expect(en.status).toBe(400);
    expect(en.body.msg).toMatch(/validDays|at least|1/i);
    expect((await post(admin, '/sys/screen/link/create', { name: 'x'.repeat(31) })).status).toBe(400);
    expect(await linkCount()).toBe(before);
  });

  it('are for administrators only; the screen itself for those holding its view permission', async () => {
    expect((await post(doctor, '/sys/screen/link/create', { name: 'TV' })).status).toBe(403);
    expect((await get('/sys/screen/link/list', { token: doctor })).status).toBe(403);
    expect((await get('/sys/screen/today', { token: doctor })).body.code).toBe(0);
    expect((await get('/sys/screen/today')).status).toBe(401);
  });

  it('open the screen’s calls and nothing else, and mark the link seen', async () => {
    for (const w of ['today', 'staff', 'queue', 'quality']) {
      const res = await get(`/sys/screen/${w}`, { screen: token });
      expect(res.body.code, w).toBe(0);
    }
    // the token is no session: every other call refuses it
    expect((await get('/sys/workload/today', { screen: token })).status).toBe(401);
    expect((await get('/sys/screen/link/list', { screen: token })).status).toBe(401);
    expect((await post(token, '/sys/screen/link/create', { name: 'TV' })).status).toBe(401);
    const list = await get('/sys/screen/link/list', { token: admin });
    const seen = Date.parse(list.body.data.find((l: { id: number }) => l.id === linkId).lastSeenAt);
    expect(seen).toBeLessThanOrEqual(s.clock.now().getTime());
    expect(seen).toBeGreaterThan(s.clock.now().getTime() - 60_000);
    // a token of the right shape that is no link, and one of the wrong shape
    const unknown = await get('/sys/screen/today', { screen: 'A'.repeat(43), lang: 'en' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.msg).toMatch(/no longer valid/);
    expect((await get('/sys/screen/today', { screen: 'short' })).status).toBe(401);
  });

  it('stop at revocation, once and for all; another organization cannot revoke them', async () => {
    expect((await post(other.token, `/sys/screen/link/revoke/${linkId}`)).status).toBe(404);
    expect((await get('/sys/screen/today', { screen: token })).body.code).toBe(0);
    expect((await post(admin, `/sys/screen/link/revoke/${linkId}`)).body.code).toBe(0);
    expect((await post(admin, `/sys/screen/link/revoke/${linkId}`)).body.code).toBe(0);
    const zh = await get('/sys/screen/today', { screen: token });
    expect(zh.status).toBe(401);
    expect(zh.body.msg).toBe('此大屏链接已失效（已吊销或已过期），请联系管理员重新生成');
    const list = await get('/sys/screen/link/list', { token: admin });
    expect(list.body.data.find((l: { id: number }) => l.id === linkId).state).toBe('revoked');
  });
});

describe("the screen's doorbell", () => {
  it('a TV connects with its link and hears only its organization’s schedule doorbell, until the link is revoked', async () => {
    const made = await post(admin, '/sys/screen/link/create', { name: '候诊区电视', validDays: null });
    const token: string = made.body.data.token;
    const today = (await get('/sys/screen/today', { screen: token })).body.data;
    expect(today.liveTopic).toBe(scheduleTopic(org));

    // a token that is no screen link's, or a screen token offered as a session's, is refused at the door
    await expect(connectLive(s.base, `${token.slice(0, -1)}x`, open, 'screen')).rejects.toThrow();
    await expect(connectLive(s.base, token, open)).rejects.toThrow();

    const tv = await connectLive(s.base, token, open, 'screen');
    expect((await tv.subscribeAsync(scheduleTopic(org)))[0]!.qos).toBe(0);
    for (const topic of [scheduleTopic(other.organizationId), deviceTopic(org), messageTopic(1, org), 'web/#'])
      await expect(tv.subscribeAsync(topic)).rejects.toThrow();
    expect(tv.connected).toBe(true);
    const rings = heard(tv, scheduleTopic(org));
    s.app.live.scheduleChanged(other.organizationId);
    s.app.live.scheduleChanged(org);
    expect(await until(() => rings.length > 0)).toBe(true);
    expect(rings).toEqual([{ organizationId: org }]);

    // revoked: the next sweep of the brokers closes the TV's connection, and it cannot come back
    await s.app.live.sweep();
    expect(tv.connected).toBe(true);
    expect((await post(admin, `/sys/screen/link/revoke/${made.body.data.id}`)).body.code).toBe(0);
    await s.app.live.sweep();
    expect(await until(() => !tv.connected)).toBe(true);
    await expect(connectLive(s.base, token, open, 'screen')).rejects.toThrow();
  });

  it('a signed-in user holding the screen’s view permission hears it too', async () => {
    const listener = await connectLive(s.base, doctor, open);
    expect((await listener.subscribeAsync(scheduleTopic(org)))[0]!.qos).toBe(0);
  });
});

describe('the widgets', () => {
  let token: string;
  let otherToken: string;
  let patientName: string;
  const before: Record<string, any> = {};

  beforeAll(async () => {
    token = (await post(admin, '/sys/screen/link/create', { name: '护士站' })).body.data.token;
    otherToken = (await post(other.token, '/sys/screen/link/create', { name: 'TV' })).body.data.token;
    for (const w of ['today', 'staff', 'queue', 'quality'])
      before[w] = (await get(`/sys/screen/${w}`, { screen: token })).body.data;
    before.otherToday = (await get('/sys/screen/today', { screen: otherToken })).body.data;
    // a patient with a course of ours; five orders of today: two completed at 09:10 and 09:50, one checked in at
    // 00:01 (waits longest), one invalidated, one expired
    const [p] = await s.app.db
      .select()
      .from(treatmentProjects)
      .where(eq(treatmentProjects.organizationId, org))
      .limit(1);
    patientName = (await s.app.db.select().from(patients).where(eq(patients.id, p!.patientId)))[0]!.name;
    let seq = 200;
    const order = (v: Partial<typeof workOrders.$inferInsert> & { status: number }) => ({
      organizationId: org,
      patientId: p!.patientId,
      treatmentId: p!.treatmentId,
      projectId: p!.id,
      execOfficeId: p!.execOfficeId,
      treatDate: today,
      seq: seq++,
      ...v,
    });
    await s.app.db
      .insert(workOrders)
      .values([
        order({ status: 3, completedAt: at(9, 10), signed: true }),
        order({ status: 3, completedAt: at(9, 50) }),
        order({ status: 1, checkedInAt: at(0, 1) }),
        order({ status: 2, invalidReason: '请假' }),
        order({ status: 4 }),
      ]);
  });

  it('count today’s sessions, patients and completions per hour of the clinic’s day', async () => {
    const d = (await get('/sys/screen/today', { screen: token })).body.data;
    expect(d.date).toBe(today);
    const b = before.today;
    expect(d.sessions.total - b.sessions.total).toBe(4); // the invalidated order is not a session
    expect(d.sessions.completed - b.sessions.completed).toBe(2);
    expect(d.sessions.unfinished - b.sessions.unfinished).toBe(1);
    expect(d.sessions.checkedIn - b.sessions.checkedIn).toBe(1);
    const nine = (x: { hourly: { hour: number; completed: number }[] }) =>
      x.hourly.find((h) => h.hour === 9)!.completed;
    expect(nine(d) - nine(b)).toBe(2);
    expect(d.hourly.map((h: { hour: number }) => h.hour)).toEqual(expect.arrayContaining([7, 12, 20]));
    // the same through a signed-in user's session
    expect((await get('/sys/screen/today', { token: admin })).body.data.sessions).toEqual(d.sessions);
  });

  it('show the queue with masked names, the longest waiting first', async () => {
    const q = (await get('/sys/screen/queue', { screen: token })).body.data;
    expect(q.waiting - before.queue.waiting).toBe(1);
    const first = q.rows[0];
    expect(first.patient).toBe(maskName(patientName));
    expect(first.patient).not.toBe(patientName);
    expect(first.waitedMinutes).toBe(Math.floor((s.clock.now().getTime() - at(0, 1).getTime()) / 60_000));
    expect(JSON.stringify(q)).not.toContain(patientName);
  });

  it('count early rehabilitation: a course counts once 48 hours have passed, early when treated within them', async () => {
    const [p] = await s.app.db
      .select()
      .from(treatmentProjects)
      .where(eq(treatmentProjects.organizationId, org))
      .limit(1);
    const [course] = await s.app.db.select().from(treatments).where(eq(treatments.id, p!.treatmentId));
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = course!;
    const now = s.clock.now().getTime();
    const hours = (h: number) => new Date(now + h * 3_600_000);
    // registered 4 days ago: one treated after 24 hours (early), one first treated after 72 hours (late); one
    // registered 24 hours ago does not count yet
    const made = await s.app.db
      .insert(treatments)
      .values([
        { ...fields, registerTime: hours(-96) },
        { ...fields, registerTime: hours(-96) },
        { ...fields, registerTime: hours(-24) },
      ])
      .returning({ id: treatments.id });
    let seq = 300;
    const done = (treatmentId: number, at: Date) => ({
      organizationId: org,
      patientId: course!.patientId,
      treatmentId,
      projectId: p!.id,
      execOfficeId: p!.execOfficeId,
      treatDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at),
      seq: seq++,
      status: 3,
      completedAt: at,
    });
    await s.app.db
      .insert(workOrders)
      .values([done(made[0]!.id, hours(-72)), done(made[1]!.id, hours(-24)), done(made[2]!.id, hours(-12))]);
    const q = (await get('/sys/screen/quality', { screen: token })).body.data;
    expect(q.earlyIntervention.denominator - before.quality.earlyIntervention.denominator).toBe(2);
    expect(q.earlyIntervention.numerator - before.quality.earlyIntervention.numerator).toBe(1);
  });

  it('count staff, equipment and the quality rates; never another organization’s', async () => {
    const st = (await get('/sys/screen/staff', { screen: token })).body.data;
    expect(st.therapists.onDuty).toBe(st.therapists.busy + st.therapists.free);
    expect(st.equipment.inUse).toBeLessThanOrEqual(st.equipment.total);
    const q = (await get('/sys/screen/quality', { screen: token })).body.data;
    for (const r of [q.completion, q.signed, q.earlyIntervention]) {
      expect(r.numerator).toBeLessThanOrEqual(r.denominator);
      expect(r.rate).toBe(r.denominator ? Math.round((r.numerator / r.denominator) * 1000) / 10 : null);
    }
    const otherToday = (await get('/sys/screen/today', { screen: otherToken })).body.data;
    expect(otherToday.sessions).toEqual(before.otherToday.sessions);
  });

  it('stop when the link expires, on the clinic’s clock', async () => {
    const made = await post(admin, '/sys/screen/link/create', { name: '走廊', validDays: 1 });
    const t = made.body.data.token;
    expect((await get('/sys/screen/today', { screen: t })).body.code).toBe(0);
    s.clock.advance(86_400_000 + 1000);
    expect((await get('/sys/screen/today', { screen: t })).status).toBe(401);
    const [row] = await s.app.db
      .select()
      .from(screenLinks)
      .where(and(eq(screenLinks.id, made.body.data.id), eq(screenLinks.organizationId, org)));
    expect(row!.revokedAt).toBeNull();
    const list = await get('/sys/screen/link/list', { token: admin });
    if (list.body.code === 0)
      expect(list.body.data.find((l: { id: number }) => l.id === made.body.data.id).state).toBe('expired');
  });
});
