import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceWindows, users } from '../src/db/schema';
import { fromWallClock } from '../src/modules/break/break.service';
import { wallClock } from '../src/modules/jobs/jobs.service';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

/**
 * Maintenance windows (/system/break): the super administrator's list and edits, the refusals (bad input 400,
 * overlap 409, other roles 403, all writing nothing), the public current notice and the paused sign-in.
 */

const ZONE = 'Asia/Shanghai';
const HOUR = 3_600_000;

let s: TestServer;
let admin: string;
let orgAdmin: string;
let doctor: string;

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0, scheduler: { enabled: false, timezone: ZONE, syncMs: 60_000 } });
  admin = (await s.loginInto(DEMO.superAdmin)).token;
  orgAdmin = (await s.loginInto(DEMO.orgAdmin)).token;
  doctor = (await s.loginInto(DEMO.doctor)).token;
});
afterAll(async () => {
  await s?.close();
});
// every test leaves no window behind, so that the others' sign-ins are not paused
afterEach(async () => {
  await s.app.db.delete(maintenanceWindows);
});

/** `YYYY-MM-DD HH:mm` on the clinic's clock, `ms` from now (whole minutes, rounded down). */
const wall = (ms: number) => wallClock(new Date(Date.now() + ms), ZONE).slice(0, 16);

const post = (url: string, body: unknown, token = admin, lang?: string) =>
  s.api('POST', `/api/sys/break/${url}`, { token, body, lang });
const windowCount = async () => Number((await s.app.db.select({ n: count() }).from(maintenanceWindows))[0]!.n);
const window = (startMs: number, endMs: number, extra: Record<string, unknown> = {}) => ({
  startTime: wall(startMs),
  endTime: wall(endMs),
  messageZh: '服务器升级',
  messageEn: 'Server upgrade.',
  blockSignIn: true,
  ...extra,
});

/** Staff sign-in of the doctor with a fresh code, answered as it is (not thrown). */
async function doctorSignIn(lang?: string) {
  const verificationCode = await s.sendCode(DEMO.doctor);
  return s.login(
    { account: DEMO.doctor, password: DEMO_PASSWORD, loginRoleType: 1, verificationCode, isLogin: 1 },
    { lang },
  );
}

describe('maintenance windows: the screen API', () => {
  it('adds, lists by state, shows, edits and deletes a window, on the clinic clock', async () => {
    const input = window(2 * HOUR, 3 * HOUR);
    const saved = await post('save', input);
    expect(saved.status).toBe(200);
    const row = saved.body.data;
    expect(row).toMatchObject({ ...input, state: 'upcoming' });
    expect(new Date(row.startsAt).getTime()).toBe(fromWallClock(input.startTime, ZONE).getTime());
    // Shanghai is UTC+8: the instant is eight hours before the same digits read as UTC
    expect(Date.parse(`${input.startTime.replace(' ', 'T')}:00Z`) - Date.parse(row.startsAt)).toBe(8 * HOUR);

    const upcoming = await s.api('GET', '/api/sys/break/list?state=upcoming', { token: admin });
    expect(upcoming.body.data).toMatchObject({ totalCount: 1, timezone: ZONE });
    expect(upcoming.body.data.list[0].id).toBe(row.id);
    const past = await s.api('GET', '/api/sys/break/list?state=past', { token: admin });
    expect(past.body.data.totalCount).toBe(0);
    const info = await s.api('GET', `/api/sys/break/info/${row.id}`, { token: admin });
    expect(info.body.data).toMatchObject({ id: row.id, messageEn: 'Server upgrade.' });

    const edited = await post('update', { ...input, id: row.id, messageEn: 'Database upgrade.', blockSignIn: false });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ messageEn: 'Database upgrade.', blockSignIn: false });

    expect((await post('delete', [row.id])).status).toBe(200);
    expect(await windowCount()).toBe(0);
    expect((await post('delete', [row.id])).status).toBe(404);
    const missing = await s.api('GET', `/api/sys/break/info/${row.id}`, { token: admin });
    expect(missing.status).toBe(404);
  });

  it('refuses bad input with 400 in the caller language, writing nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [window(3 * HOUR, 2 * HOUR), 'endTime', 'The end time must be later than the start time'],
      [window(2 * HOUR, 2 * HOUR), 'endTime', 'The end time must be later than the start time'],
      [{ ...window(HOUR, 2 * HOUR), startTime: '2030-02-30 10:00' }, 'startTime', 'Start time must be a valid time'],
      [{ ...window(HOUR, 2 * HOUR), endTime: '2030-01-01T10:00' }, 'endTime', 'End time must be a valid time'],
      [{ ...window(HOUR, 2 * HOUR), messageEn: '  ' }, 'messageEn', 'Message (English) cannot be empty'],
      [{ ...window(HOUR, 2 * HOUR), messageZh: 'x'.repeat(501) }, 'messageZh', 'at most 500'],
      [{ ...window(HOUR, 2 * HOUR), blockSignIn: 'yes' }, 'blockSignIn', 'Pause sign-in'],
      [{ ...window(HOUR, 2 * HOUR), organizationId: 1 }, 'organizationId', 'Unsupported field'],
      [window(-3 * HOUR, -2 * HOUR), 'endTime', 'The end time has already passed'],
    ];
    for (const [body, field, msg] of cases) {
      const res = await post('save', body, admin, 'en');
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
      expect(res.body.msg, JSON.stringify(body)).toContain(msg);
    }
    const zh = await post('save', window(3 * HOUR, 2 * HOUR));
    expect(zh.body).toMatchObject({ code: 400, msg: '结束时间须晚于开始时间' });
    for (const body of [null, [], 'text', { id: 1 }]) expect((await post('save', body)).status).toBe(400);
    expect((await post('delete', [])).status).toBe(400);
    expect((await post('update', { ...window(HOUR, 2 * HOUR), id: 'x' })).status).toBe(400);
    expect((await s.api('GET', '/api/sys/break/list?state=soon', { token: admin })).status).toBe(400);
    expect(await windowCount()).toBe(0);
  });

  it('refuses an overlapping window with 409 naming the one in the way; adjacent windows are fine', async () => {
    const first = (await post('save', window(2 * HOUR, 4 * HOUR))).body.data;
    const overlapping = await post('save', window(3 * HOUR, 5 * HOUR), admin, 'en');
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.msg).toBe(
      `This overlaps the maintenance window ${first.startTime} to ${first.endTime}: change the times`,
    );
    const inside = await post('save', window(2.5 * HOUR, 3 * HOUR));
    expect(inside.status).toBe(409);
    expect(inside.body.msg).toContain(first.startTime);
    expect(await windowCount()).toBe(1);

    // one starting when the first ends does not overlap it
    const next = await post('save', { ...window(0, 6 * HOUR), startTime: first.endTime });
    expect(next.status).toBe(200);
    // moving it over the first is refused too, and leaves it as it was
    const moved = await post('update', { ...window(3 * HOUR, 6 * HOUR), id: next.body.data.id });
    expect(moved.status).toBe(409);
    const kept = await s.api('GET', `/api/sys/break/info/${next.body.data.id}`, { token: admin });
    expect(kept.body.data.startTime).toBe(first.endTime);
    // a window may be edited over its own old times
    const self = await post('update', { ...window(2 * HOUR, 4.5 * HOUR), id: first.id, endTime: first.endTime });
    expect(self.status).toBe(200);
  });

  it('the database refuses an overlap that a parallel save could slip past the check', async () => {
    await post('save', window(2 * HOUR, 4 * HOUR));
    const now = Date.now();
    await expect(
      s.app.db.insert(maintenanceWindows).values({
        startsAt: new Date(now + 3 * HOUR),
        endsAt: new Date(now + 5 * HOUR),
        messageZh: '并发',
        messageEn: 'Parallel',
      }),
    ).rejects.toThrow();
    expect(await windowCount()).toBe(1);
  });

  it('is the super administrator only: other roles get 403 and write nothing', async () => {
    for (const token of [orgAdmin, doctor]) {
      for (const [method, url, body] of [
        ['GET', '/api/sys/break/list', undefined],
        ['GET', '/api/sys/break/info/1', undefined],
        ['POST', '/api/sys/break/save', window(2 * HOUR, 3 * HOUR)],
        ['POST', '/api/sys/break/update', { ...window(2 * HOUR, 3 * HOUR), id: 1 }],
        ['POST', '/api/sys/break/end', { id: 1 }],
        ['POST', '/api/sys/break/delete', [1]],
      ] as const) {
        const res = await s.api(method, url, { token, body });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body.code).toBe(403);
      }
    }
    expect(await windowCount()).toBe(0);
    const nav = await s.api('GET', '/api/sys/menu/nav', { token: orgAdmin });
    expect(JSON.stringify(nav.body)).not.toContain('/system/break');
    const adminNav = await s.api('GET', '/api/sys/menu/nav', { token: admin });
    expect(adminNav.body.permissions).toEqual(expect.arrayContaining(['sys:break:list', 'sys:break:save']));
    expect(JSON.stringify(adminNav.body)).toContain('/system/break');
  });

  it('ends an active window now, keeps past windows as records', async () => {
    const upcoming = (await post('save', window(2 * HOUR, 3 * HOUR))).body.data;
    const notActive = await post('end', { id: upcoming.id }, admin, 'en');
    expect(notActive.status).toBe(400);
    expect(notActive.body.msg).toContain('not in progress');
    const active = (await post('save', window(-HOUR, HOUR))).body.data;
    expect(active.state).toBe('active');
    const ended = await post('end', { id: active.id });
    expect(ended.body.data.state).toBe('past');
    const pastEdit = await post('update', { ...window(4 * HOUR, 5 * HOUR), id: active.id });
    expect(pastEdit.status).toBe(400);
    expect(pastEdit.body.msgKey).toBe('break.pastReadOnly');
    const list = await s.api('GET', '/api/sys/break/list?state=past', { token: admin });
    expect(list.body.data.list.map((r: { id: number }) => r.id)).toEqual([active.id]);
  });
});

describe('maintenance windows: the notice and sign-in', () => {
  it('answers the active or next window within 24 h to anyone, in their language', async () => {
    const none = await s.api('GET', '/api/sys/break/current');
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();

    await post('save', window(30 * HOUR, 32 * HOUR));
    expect((await s.api('GET', '/api/sys/break/current')).body.data).toBeNull();

    const soon = (await post('save', window(2 * HOUR, 3 * HOUR))).body.data;
    const zh = await s.api('GET', '/api/sys/break/current');
    expect(zh.body.data).toMatchObject({
      id: soon.id,
      state: 'upcoming',
      startTime: soon.startTime,
      endTime: soon.endTime,
      message: '服务器升级',
      blockSignIn: true,
      timezone: ZONE,
    });
    const en = await s.api('GET', '/api/sys/break/current', { lang: 'en' });
    expect(en.body.data.message).toBe('Server upgrade.');

    const active = (await post('save', window(-HOUR, HOUR, { blockSignIn: false }))).body.data;
    const now = await s.api('GET', '/api/sys/break/current', { lang: 'en' });
    expect(now.body.data).toMatchObject({ id: active.id, state: 'active', blockSignIn: false });
  });

  it('pauses sign-in for everyone but the super administrator; sessions already open go on', async () => {
    const active = (await post('save', window(-HOUR, HOUR))).body.data;

    const refused = await doctorSignIn('en');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 403,
      msgKey: 'break.signInBlocked',
      msg: `Sign-in is paused for system maintenance; service is expected back at ${active.endTime}`,
      maintenance: { endTime: active.endTime, timezone: ZONE },
    });
    const zh = await doctorSignIn();
    expect(zh.body.msg).toBe(`系统停机维护中，暂停登录，预计 ${active.endTime} 恢复服务`);
    // the organization administrator too; a wrong password still answers as a wrong password
    const orgAdminLogin = await s.login({
      account: DEMO.orgAdmin,
      password: DEMO_PASSWORD,
      loginRoleType: 2,
      isLogin: 1,
    });
    expect(orgAdminLogin.body.msgKey).toBe('break.signInBlocked');
    const wrong = await s.login({ account: DEMO.orgAdmin, password: 'Wrong@2026x', loginRoleType: 2, isLogin: 1 });
    expect(wrong.body.msgKey).not.toBe('break.signInBlocked');

    // the super administrator signs in to do the maintenance
    expect(await s.loginAdmin(DEMO.superAdmin)).toEqual(expect.any(String));
    // the doctor's session from before the window still works
    const home = await s.api('GET', '/api/sys/menu/nav', { token: doctor });
    expect(home.status).toBe(200);

    // ended early: sign-in is open again
    await post('end', { id: active.id }, await s.loginInto(DEMO.superAdmin).then((r) => r.token));
    expect((await doctorSignIn()).body.code).toBe(0);
    doctor = (await s.loginInto(DEMO.doctor)).token;
  });

  it('pauses the hospital-system entry too, while its timed refresh of an open session goes on', async () => {
    const secret = 'his-secret-for-break-tests';
    const his = await startTestServer(
      { scheduler: { enabled: false, timezone: ZONE, syncMs: 60_000 } },
      { HIS_SSO_SECRET: secret },
    );
    try {
      const [user] = await his.app.db.select().from(users).where(eq(users.phone, DEMO.therapist));
      const userId = user!.id;
      const signed = (ts: number) => ({
        loginSystem: 1,
        userId,
        ts,
        sign: crypto.createHmac('sha256', secret).update(`${userId}.${ts}`).digest('hex'),
      });
      const open = await his.api('POST', '/api/sys/ssoLogin', { body: signed(Date.now()) });
      expect(open.status, JSON.stringify(open.body)).toBe(200);
      const superAdmin = (await his.loginInto(DEMO.superAdmin)).token;
      const saved = await his.api('POST', '/api/sys/break/save', { token: superAdmin, body: window(-HOUR, HOUR) });
      expect(saved.body.code).toBe(0);

      const refused = await his.api('POST', '/api/sys/ssoLogin', { body: signed(Date.now() + 1), lang: 'en' });
      expect(refused.status).toBe(403);
      expect(refused.body.msgKey).toBe('break.signInBlocked');
      expect(refused.body.token).toBeUndefined();
      const refreshed = await his.api('POST', '/api/sys/ssoLogin', {
        token: open.body.token,
        body: { loginSystem: 1, userId },
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await his.close();
    }
  });

  it('does not pause sign-in for a window that does not block it, nor before a blocking one starts', async () => {
    await post('save', window(-HOUR, HOUR, { blockSignIn: false }));
    await post('save', window(2 * HOUR, 3 * HOUR));
    const res = await doctorSignIn();
    expect(res.body.code).toBe(0);
    doctor = (await s.loginInto(DEMO.doctor)).token;
  });
});

describe('the config calls stopList and stopJob (spec section 7), on the maintenance windows', () => {
  const config = (url: string, body: unknown, token = admin, lang?: string) =>
    s.api('POST', `/api/sys/config/${url}`, { token, body, lang });
  // the sign-in tests above move the clock past the administrator's idle limit: a fresh session
  beforeAll(async () => {
    admin = (await s.loginInto(DEMO.superAdmin)).token;
    orgAdmin = (await s.loginInto(DEMO.orgAdmin)).token;
  });

  it('lists the windows not over at a time, earliest first, and ends or moves one', async () => {
    const past = (await post('save', window(2 * HOUR, 3 * HOUR))).body.data;
    const later = (await post('save', window(5 * HOUR, 6 * HOUR))).body.data;
    const now = (await post('save', window(-HOUR, HOUR))).body.data;
    // "past" by the time asked about: four hours from now, only the later one is not over
    const list = await config('stopList', {});
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((w: { id: number }) => w.id)).toEqual([now.id, past.id, later.id]);
    expect(list.body.data.timezone).toBe(ZONE);
    const at = await config('stopList', { time: wall(4 * HOUR) });
    expect(at.body.data.list.map((w: { id: number }) => w.id)).toEqual([later.id]);

    // maintenance runs late: the window under way ends an hour later than planned
    const moved = await config('stopJob', { id: now.id, type: 'endAt', time: wall(90 * 60_000) });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: now.id, endTime: wall(90 * 60_000), state: 'active' });
    // and is done now
    const ended = await config('stopJob', { id: now.id, type: 'end' });
    expect(ended.status).toBe(200);
    expect(ended.body.data.state).toBe('past');
    expect((await config('stopList', {})).body.data.list.map((w: { id: number }) => w.id)).toEqual([past.id, later.id]);
  });

  it('refuses bad input, unknown ids and other roles, changing nothing', async () => {
    const upcoming = (await post('save', window(2 * HOUR, 3 * HOUR))).body.data;
    await post('save', window(5 * HOUR, 6 * HOUR));
    const before = await windowCount();
    for (const body of [
      { id: upcoming.id, type: 'stop' },
      { id: upcoming.id, type: 'endAt' },
      { id: upcoming.id, type: 'endAt', time: '2026-13-40 25:00' },
      { id: 'x', type: 'end' },
      { type: 'end' },
      { id: upcoming.id, type: 'end', extra: 1 },
    ]) {
      const res = await config('stopJob', body, admin, 'en');
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await config('stopList', { time: 'tomorrow' })).status).toBe(400);
    // an upcoming window cannot be "ended now"; an end before its start or overlapping the next is refused
    expect((await config('stopJob', { id: upcoming.id, type: 'end' }, admin, 'en')).body.msgKey).toBe(
      'break.notActive',
    );
    expect(
      (await config('stopJob', { id: upcoming.id, type: 'endAt', time: wall(HOUR) }, admin, 'en')).body.msgKey,
    ).toBe('break.endBeforeStart');
    expect((await config('stopJob', { id: upcoming.id, type: 'endAt', time: wall(5.5 * HOUR) })).status).toBe(409);
    expect((await config('stopJob', { id: 999_999, type: 'end' })).status).toBe(404);
    // the windows are the platform's: an organization administrator or a doctor may not read or change them
    for (const token of [orgAdmin, doctor]) {
      expect((await config('stopList', {}, token)).status).toBe(403);
      expect((await config('stopJob', { id: upcoming.id, type: 'end' }, token)).status).toBe(403);
    }
    expect((await config('stopList', {}, '')).status).toBe(401);
    expect(await windowCount()).toBe(before);
    const row = (await s.api('GET', `/api/sys/break/info/${upcoming.id}`, { token: admin })).body.data;
    expect(row.endTime).toBe(upcoming.endTime);
  });
});
