// Rehab equipment data (issue 18): device tokens (wrong, rotated, disabled), self-registration with the organization's
// key, idempotent sessions and sample batches, a session bound to the work order booked on its equipment, retention,
// online transitions on the controllable clock, silent sessions terminated, confirmation, another organization's
// devices invisible and the product switch.
import { and, count, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysEquipment } from '../src/modules/master-data/master-data.tables';
import { workOrders } from '../src/modules/work-orders/work-orders.tables';
import { schedules } from '../src/modules/scheduling/scheduling.tables';
import { deviceEvents, deviceSamples, deviceSessions } from '../src/modules/devices/devices.tables';
import {
  deviceOnlineCheckJob,
  deviceSampleRetentionJob,
  deviceSessionTimeoutJob,
} from '../src/modules/devices/devices.jobs';
import { operationLogs } from '../src/modules/logs/logs.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

let s: TestServer;
let admin: { token: string; organizationId: number };
let therapist: string;
let other: { token: string; organizationId: number };
let equipmentId: number;
let deviceId: number;
let token: string;
let token2: string;
let device2: number;

const post = (auth: string | undefined, url: string, body?: unknown, lang?: string) =>
  s.api('POST', `/api${url}`, { token: auth, body, lang });
const get = (auth: string, url: string, lang?: string) => s.api('GET', `/api${url}`, { token: auth, lang });
/** a device's own call: its token in `device-token` */
const dev = (t: string, url: string, body: unknown, lang?: string) =>
  s.api('POST', `/api/sys/device/ingest${url}`, { body, lang, headers: { 'device-token': t } });
const run = (job: { run: (ctx: never) => Promise<unknown> }) =>
  job.run({ app: s.app, params: {}, now: s.clock.now() } as never) as Promise<Record<string, number>>;
const sampleCount = async (sessionId: number) =>
  Number(
    (await s.app.db.select({ n: count() }).from(deviceSamples).where(eq(deviceSamples.sessionId, sessionId)))[0]!.n,
  );
const newDevice = async (code: string, extra: Record<string, unknown> = {}) => {
  const res = await post(admin.token, '/sys/device/save', { code, serial: `S-${code}`, type: 'upperLimb', ...extra });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data as { id: number; token: string };
};

/** the clinic's today (Asia/Shanghai, UTC+8) at hh:mm */
const at = (day: string, hh: number, mm: number) =>
  new Date(`${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+08:00`);

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.loginInto(DEMO.orgAdmin);
  therapist = (await s.loginInto(DEMO.therapist)).token;
  other = await s.loginInto(DEMO.superAdmin, 1);
  const [e] = await s.app.db
    .select({ id: sysEquipment.id })
    .from(sysEquipment)
    .where(eq(sysEquipment.organizationId, admin.organizationId))
    .limit(1);
  equipmentId = e!.id;
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe('the registry and the device token', () => {
  it('registers a device with a token shown once and stored hashed; lists it with its state', async () => {
    const made = await newDevice('T-ARM-1', { equipmentId, vendor: 'Fourier', model: 'ArmMotus M2' });
    deviceId = made.id;
    token = made.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const list = await get(admin.token, '/sys/device/list');
    const row = list.body.data.find((d: { id: number }) => d.id === deviceId);
    expect(row).toMatchObject({ code: 'T-ARM-1', equipmentId, state: 'offline', hasToken: true, enabled: true });
    expect(row.detectionDelaySeconds).toBe(90 + 60);
    expect(JSON.stringify(list.body)).not.toContain(token);
    // a code taken, an equipment of no one's: refused in the caller's language, nothing written
    const taken = await post(admin.token, '/sys/device/save', { code: 'T-ARM-1', serial: 'x', type: 'cycle' }, 'en');
    expect(taken.body).toMatchObject({ code: 409, msg: 'Device code T-ARM-1 is already in use' });
    const bad = await post(admin.token, '/sys/device/save', {
      code: 'T-X',
      serial: 'x',
      type: 'cycle',
      equipmentId: 999999,
    });
    expect(bad.body.msg).toBe('所选设备档案不存在');
    expect((await post(therapist, '/sys/device/save', { code: 'T-Y', serial: 'y', type: 'cycle' })).status).toBe(403);
  });

  it('lets the device in with its token only: wrong, rotated and disabled tokens are refused', async () => {
    expect((await dev(token, '/heartbeat', {})).body.code).toBe(0);
    const wrong = await dev('A'.repeat(43), '/heartbeat', {}, 'en');
    expect(wrong.status).toBe(401);
    expect(wrong.body.msg).toMatch(/device token is not valid/);
    // a signed-in user is no device, a device token opens no other call
    const asUser = await s.api('POST', '/api/sys/device/ingest/heartbeat', { token: admin.token, body: {} });
    expect(asUser.status).toBe(403);
    expect((await s.api('GET', '/api/sys/device/list', { headers: { 'device-token': token } })).status).toBe(401);

    const rotated = await post(admin.token, `/sys/device/rotateToken/${deviceId}`);
    expect(rotated.body.code).toBe(0);
    expect((await dev(token, '/heartbeat', {})).status).toBe(401);
    token = rotated.body.data.token;
    expect((await dev(token, '/heartbeat', {})).body.code).toBe(0);

    const row = (await get(admin.token, '/sys/device/list')).body.data.find((d: { id: number }) => d.id === deviceId);
    const {
      id,
      equipmentName,
      hasToken,
      state,
      detectionDelaySeconds,
      lastActivityAt,
      selfRegistered,
      tokenRotatedAt,
      ...rest
    } = row;
    void [equipmentName, hasToken, state, detectionDelaySeconds, lastActivityAt, selfRegistered, tokenRotatedAt];
    expect((await post(admin.token, '/sys/device/update', { ...rest, id, enabled: false })).body.code).toBe(0);
    expect((await dev(token, '/heartbeat', {})).status).toBe(401);
    expect((await post(admin.token, '/sys/device/update', { ...rest, id, enabled: true })).body.code).toBe(0);
    expect((await dev(token, '/heartbeat', {})).body.code).toBe(0);
  });

  it('self-registers a disabled device with the organization key, rate limited', async () => {
    const none = await post(undefined, '/sys/device/register', {
      registrationSecret: 'B'.repeat(43),
      serial: 'SR-1',
      type: 'cycle',
    });
    expect(none.status).toBe(401);
    const key = (await post(admin.token, '/sys/device/registrationKey/rotate')).body.data.key;
    const reg = await post(undefined, '/sys/device/register', {
      registrationSecret: key,
      serial: 'SR-1',
      type: 'cycle',
    });
    expect(reg.body.code, reg.body.msg).toBe(0);
    expect(reg.body.data.code).toBe('REG-SR-1');
    // disabled until an administrator enables it
    expect((await dev(reg.body.data.token, '/heartbeat', {})).status).toBe(401);
    const row = (await get(admin.token, '/sys/device/list')).body.data.find(
      (d: { code: string }) => d.code === 'REG-SR-1',
    );
    expect(row).toMatchObject({ enabled: false, selfRegistered: true, state: 'disabled' });
    // the key is secret in the operation log too, and a flood of attempts is cut off
    let limited = false;
    for (let i = 0; i < 8 && !limited; i++) {
      const r = await post(undefined, '/sys/device/register', {
        registrationSecret: 'C'.repeat(43),
        serial: `F${i}`,
        type: 'game',
      });
      limited = r.status === 429;
    }
    expect(limited).toBe(true);
  });
});

describe('sessions', () => {
  let sessionRow: number;

  it('binds a session to the work order booked on the equipment at that time', async () => {
    // the clinic day whose 10:30 has passed (today, or yesterday before 10:30): the clock never jumps ahead of the
    // sessions' last activity, which would end them as idle
    const clinicDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d);
    let today = clinicDay(s.clock.now());
    if (at(today, 10, 31).getTime() > s.clock.now().getTime())
      today = clinicDay(new Date(at(today, 12, 0).getTime() - 86_400_000));
    s.clock.freeze(at(today, 9, 52));
    const booked = s.app.db.select({ id: schedules.workOrderId }).from(schedules);
    const [wo] = await s.app.db
      .select({ id: workOrders.id, patientId: workOrders.patientId })
      .from(workOrders)
      .where(and(eq(workOrders.organizationId, admin.organizationId), notInArray(workOrders.id, booked)))
      .limit(1);
    const [anyTherapist] = await s.app.db
      .select({ id: workOrders.therapistId })
      .from(workOrders)
      .where(eq(workOrders.organizationId, admin.organizationId))
      .limit(1);
    await s.app.db.insert(schedules).values({
      organizationId: admin.organizationId,
      workOrderId: wo!.id,
      treatDate: today,
      startTime: '09:47',
      endTime: '10:17',
      therapistId: anyTherapist!.id!,
      equipmentId,
      patientId: wo!.patientId,
    });
    const start = await dev(token, '/session/start', { sessionId: 'S-1', game: 'Apple picking', level: 2 });
    expect(start.body.code, start.body.msg).toBe(0);
    expect(start.body.data).toMatchObject({
      sessionId: 'S-1',
      workOrderId: wo!.id,
      patientId: wo!.patientId,
      status: 'running',
    });
    sessionRow = start.body.data.id;
    // re-sent: the same session, nothing new
    const again = await dev(token, '/session/start', { sessionId: 'S-1', game: 'Apple picking', level: 2 });
    expect(again.body.data).toEqual(start.body.data);
    // outside the booking's slot the schedule binds nothing
    s.clock.freeze(at(today, 10, 30));
    const second = await newDevice('T-ARM-2', { equipmentId });
    token2 = second.token;
    device2 = second.id;
    const later = await dev(token2, '/session/start', { sessionId: 'S-2', game: 'Rowing' });
    expect(later.body.data).toMatchObject({ workOrderId: null, patientId: null });
    // a work order named explicitly: of this organization, of the patient named
    const foreign = await dev(token, '/session/start', { sessionId: 'S-3', game: 'x', workOrderId: 999999 }, 'en');
    expect(foreign.body).toMatchObject({ code: 404, msg: 'Work order not found' });
    const mismatch = await dev(token, '/session/start', {
      sessionId: 'S-3',
      game: 'x',
      workOrderId: wo!.id,
      patientId: wo!.patientId + 100000,
    });
    expect(mismatch.body.code).toBe(400);
    s.clock.resume();
  });

  it('stores a re-sent batch once and ends idempotently with typed summary columns', async () => {
    const base = s.clock.now().getTime();
    const samples = Array.from({ length: 20 }, (_, i) => ({
      ts: new Date(base + i * 1000).toISOString(),
      metric: i % 2 ? 'score' : 'repetitions',
      value: i,
    }));
    const first = await dev(token, '/samples', { sessionId: 'S-1', samples });
    expect(first.body.data).toEqual({ received: 20, stored: 20 });
    const again = await dev(token, '/samples', { sessionId: 'S-1', samples });
    expect(again.body.data).toEqual({ received: 20, stored: 0 });
    expect(await sampleCount(sessionRow)).toBe(20);
    const unknown = await dev(token, '/samples', { sessionId: 'NOPE', samples }, 'en');
    expect(unknown.body).toMatchObject({ code: 404, msg: 'Training session not found' });
    const tooMany = await dev(token, '/samples', {
      sessionId: 'S-1',
      samples: Array.from({ length: 501 }, () => samples[0]),
    });
    expect(tooMany.status).toBe(400);

    const hud = await get(admin.token, `/sys/device/hud/${deviceId}`);
    expect(hud.body.data.session).toMatchObject({ game: 'Apple picking', repetitions: 18 });
    expect(hud.body.data.session.scores).toHaveLength(10);
    expect(hud.body.data.session.patientMasked).toMatch(/^.\*+$/);

    const summary = { durationSeconds: 600, repetitions: 42, rangeOfMotion: 87.5, force: 31.2, score: 88 };
    const end = await dev(token, '/session/end', { sessionId: 'S-1', summary });
    expect(end.body.data).toMatchObject({ status: 'ended', ...summary, level: 2 });
    const endAgain = await dev(token, '/session/end', { sessionId: 'S-1', summary: { ...summary, score: 1 } });
    expect(endAgain.body.data).toEqual(end.body.data);
    const closed = await dev(token, '/samples', { sessionId: 'S-1', samples });
    expect(closed.body.code).toBe(400);
    const [row] = await s.app.db.select().from(deviceSessions).where(eq(deviceSessions.id, sessionRow));
    expect(row).toMatchObject({ repetitions: 42, score: 88, status: 2 });
    // the operation log has the session's start and end, not every heartbeat and batch
    const logged = async (url: string) =>
      (await s.app.db.select().from(operationLogs).where(eq(operationLogs.url, url))).length;
    await expect.poll(() => logged('/sys/device/ingest/session/end')).toBeGreaterThan(0);
    expect(await logged('/sys/device/ingest/session/start')).toBeGreaterThan(0);
    expect(await logged('/sys/device/ingest/samples')).toBe(0);
    expect(await logged('/sys/device/ingest/heartbeat')).toBe(0);
  });

  it('lets a therapist confirm an ended session bound to a work order, once', async () => {
    const page = await post(therapist, '/sys/device/session/page', { deviceId, page: 1, limit: 10 });
    expect(page.body.data.list.map((r: { sessionId: string }) => r.sessionId)).toEqual(['S-1']);
    const s2 = (await post(therapist, '/sys/device/session/page', { deviceId: device2 })).body.data.list[0];
    expect((await post(therapist, `/sys/device/session/confirm/${s2.id}`, undefined, 'en')).body.msg).toMatch(
      /still running/,
    );
    const confirmed = await post(therapist, `/sys/device/session/confirm/${sessionRow}`);
    expect(confirmed.body.code, confirmed.body.msg).toBe(0);
    expect((await post(therapist, `/sys/device/session/confirm/${sessionRow}`)).body.code).toBe(0);
    const of = await post(therapist, '/sys/device/session/page', { workOrderId: page.body.data.list[0].workOrderId });
    const mine = of.body.data.list.filter((r: { sessionId: string }) => r.sessionId === 'S-1');
    expect(mine).toHaveLength(1);
    expect(mine[0].confirmedAt).not.toBeNull();
    expect(mine[0].confirmedBy).toBeTruthy();
  });

  it('closes a silent session as terminated after the limit', async () => {
    expect((await run(deviceSessionTimeoutJob)).terminated).toBe(0);
    s.clock.advance(31 * 60_000);
    expect((await run(deviceSessionTimeoutJob)).terminated).toBeGreaterThanOrEqual(1);
    const [s2] = await s.app.db
      .select()
      .from(deviceSessions)
      .where(and(eq(deviceSessions.deviceId, device2), eq(deviceSessions.externalId, 'S-2')));
    expect(s2!.status).toBe(3);
    expect(
      (
        await dev(token2, '/samples', {
          sessionId: 'S-2',
          samples: [{ ts: new Date().toISOString(), metric: 'score', value: 1 }],
        })
      ).body.code,
    ).toBe(400);
  });
});

describe('online state, retention, organizations', () => {
  it('goes online on activity and offline after the type timeout, each transition recorded once', async () => {
    const { id } = await newDevice('T-ONLINE', { type: 'balance' });
    const t = (await post(admin.token, `/sys/device/rotateToken/${id}`)).body.data.token;
    const events = async () =>
      (await s.app.db.select().from(deviceEvents).where(eq(deviceEvents.deviceId, id))).map((e) => e.kind);
    const state = async () =>
      (await get(admin.token, '/sys/device/monitor')).body.data.devices.find((d: { id: number }) => d.id === id).state;
    expect(await state()).toBe('offline');
    await dev(t, '/heartbeat', { firmware: '3.1.0' });
    expect(await state()).toBe('online');
    await run(deviceOnlineCheckJob);
    expect(await events()).toEqual(['online']);
    s.clock.advance(60_000);
    await run(deviceOnlineCheckJob);
    expect(await events()).toEqual(['online']);
    s.clock.advance(31_000); // 91 s silent: past the balance type's 90 s
    expect(await state()).toBe('offline');
    await run(deviceOnlineCheckJob);
    await run(deviceOnlineCheckJob);
    expect(await events()).toEqual(['online', 'offline']);
    const mon = (await get(admin.token, '/sys/device/monitor')).body.data.devices.find(
      (d: { id: number }) => d.id === id,
    );
    expect(mon.alerts).toBe(1);
    const info = await get(admin.token, `/sys/device/info/${id}`);
    expect(info.body.data.device.firmware).toBe('3.1.0');
    expect(info.body.data.events.map((e: { kind: string }) => e.kind)).toEqual(['offline', 'online']);
    // a longer timeout for the type brings it back within it
    const settings = (await get(admin.token, '/sys/device/settings')).body.data;
    const { hasRegistrationKey, ...values } = settings;
    expect(hasRegistrationKey).toBe(true);
    const saved = await post(admin.token, '/sys/device/settings/save', {
      ...values,
      offlineAfter: { ...values.offlineAfter, balance: 600 },
    });
    expect(saved.body.code).toBe(0);
    expect(await state()).toBe('online');
  });

  it('deletes raw samples past the retention and keeps the rest', async () => {
    const settings = (await get(admin.token, '/sys/device/settings')).body.data;
    const { hasRegistrationKey, ...values } = settings;
    void hasRegistrationKey;
    await post(admin.token, '/sys/device/settings/save', { ...values, retentionDays: 2 });
    await dev(token, '/session/start', { sessionId: 'S-RET', game: 'Rowing' });
    const now = s.clock.now().getTime();
    const mk = (daysAgo: number, v: number) => ({
      ts: new Date(now - daysAgo * 86_400_000).toISOString(),
      metric: 'force',
      value: v,
    });
    await dev(token, '/samples', { sessionId: 'S-RET', samples: [mk(3, 1), mk(2.5, 2), mk(1, 3), mk(0, 4)] });
    const [row] = await s.app.db.select().from(deviceSessions).where(eq(deviceSessions.externalId, 'S-RET'));
    expect(await sampleCount(row!.id)).toBe(4);
    const res = await run(deviceSampleRetentionJob);
    expect(res.removed).toBeGreaterThanOrEqual(2);
    const left = await s.app.db
      .select({ v: deviceSamples.value })
      .from(deviceSamples)
      .where(eq(deviceSamples.sessionId, row!.id));
    expect(left.map((x) => x.v).sort()).toEqual([3, 4]);
  });

  it('keeps another organization’s devices out of sight, and the product switch closes the calls', async () => {
    const soft = await s.api('POST', '/api/sys/organizationConfig/listSoftProduct', { token: other.token, body: {} });
    const enabled: string[] = soft.body.data.products
      .filter((p: { enabled: boolean }) => p.enabled)
      .map((p: { code: string }) => p.code);
    expect(enabled).toContain('deviceIntegration');
    const products = (list: string[]) =>
      s.api('POST', '/api/sys/organizationConfig/save', {
        token: other.token,
        body: { organizationId: other.organizationId, caIntegration: 0, products: list },
      });
    // switched off: every device call answers 403 for that organization
    expect((await products(enabled.filter((p) => p !== 'deviceIntegration'))).body.code).toBe(0);
    const off = await get(other.token, '/sys/device/list', 'en');
    expect(off.status).toBe(403);
    expect((await products(enabled)).body.code).toBe(0);
    const fresh = await s.loginInto(DEMO.superAdmin, 1);
    const list = await get(fresh.token, '/sys/device/list');
    expect(list.body.code, list.body.msg).toBe(0);
    expect(list.body.data.map((d: { id: number }) => d.id)).not.toContain(deviceId);
    expect((await get(fresh.token, `/sys/device/info/${deviceId}`)).status).toBe(404);
    expect((await get(fresh.token, `/sys/device/hud/${deviceId}`)).status).toBe(404);
    expect((await post(fresh.token, `/sys/device/rotateToken/${deviceId}`)).status).toBe(404);
    const page = await post(fresh.token, '/sys/device/session/page', { deviceId });
    expect(page.body.data.totalCount).toBe(0);
  });
});
