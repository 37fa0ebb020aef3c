// QR collaborative login (issue 19): a request lives two minutes on the app clock, is bound to the browser that asked
// (nonce cookie), is confirmed on a signed-in phone only where the organization has CA integration on, and its
// one-time code gives one session; requests are rate-limited. And GET /place/selectUserPlaces answers the places of
// the user's own organizations.
import { translate } from '@rehab/shared';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/modules/organizations/organizations.tables';
import { operationLogs } from '../src/modules/logs/logs.tables';
import { sysPlace } from '../src/modules/master-data/master-data.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

let s: TestServer;
let doctor: { token: string; organizationId: number };

type Started = { cookie: string; signDataId: string; qrId: string; qrCode: string };

/** POST getCALoginQrCode as a browser: answers its nonce cookie, the poll id and the QR's request id. */
async function start(server: TestServer, lang = 'zh-CN'): Promise<Started> {
  const res = await fetch(`${server.base}/api/sys/ca/getCALoginQrCode`, {
    method: 'POST',
    headers: { language: lang, 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36' },
  });
  const body = (await res.json()) as { code: number; data: { qrCode: string; signDataId: string } };
  expect(body.code).toBe(0);
  const setCookie = res.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  return {
    cookie: setCookie.split(';')[0]!,
    signDataId: body.data.signDataId,
    qrCode: body.data.qrCode,
    qrId: body.data.qrCode.split('/qr-confirm/')[1]!,
  };
}

const poll = (r: Started, code = '0', cookie: string | null = r.cookie, lang?: string) =>
  s.api('POST', `/api/sys/ca/pollLoginStatus/${r.signDataId}/${code}`, {
    headers: cookie ? { cookie } : {},
    lang,
  });
const phone = (action: 'scan' | 'confirm' | 'cancel', r: Started, token = doctor.token, lang?: string) =>
  s.api('POST', `/api/sys/ca/qrLogin/${action}`, { token, body: { qrId: r.qrId }, lang });
const setCa = (id: number, on: boolean) =>
  s.app.db.update(organizations).set({ caIntegration: on }).where(eq(organizations.id, id));

beforeAll(async () => {
  s = await startTestServer();
  s.clock.freeze();
  doctor = await s.loginInto(DEMO.doctor);
  await setCa(doctor.organizationId, true);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe('QR login', () => {
  it('goes waiting -> scanned -> confirmed -> signed in, once, and is logged with the user', async () => {
    const r = await start(s);
    expect(r.qrCode).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/qr-confirm\/[\w-]{32}$/);
    expect(r.signDataId).not.toBe(r.qrId);
    expect((await poll(r)).body.data).toMatchObject({ state: 'waiting', scannedBy: null, token: null });

    const scanned = await phone('scan', r, doctor.token, 'en');
    expect(scanned.body.code).toBe(0);
    expect(scanned.body.data).toMatchObject({ state: 'scanned', client: 'Chrome 130 · Windows', ip: '127.0.0.1' });
    const seen = await poll(r);
    expect(seen.body.data).toMatchObject({ state: 'scanned', scannedBy: expect.any(String), loginCode: null });

    expect((await phone('confirm', r)).body.code).toBe(0);
    const confirmed = await poll(r);
    expect(confirmed.body.data.state).toBe('confirmed');
    const loginCode = confirmed.body.data.loginCode as string;
    expect(loginCode).toMatch(/^[\w-]{32}$/);
    // the code is handed out once
    expect((await poll(r)).body).toMatchObject({ code: 400, msg: translate('zh-CN', 'qrLogin.codeUsed') });

    const signedIn = await poll(r, loginCode);
    expect(signedIn.body.code).toBe(0);
    expect(signedIn.body.data).toMatchObject({ state: 'signedIn', user: { roleIdList: expect.any(Array) } });
    const token = signedIn.body.data.token as string;
    const me = await s.api('GET', '/api/sys/organization/chooseOrganizationList', { token });
    expect(me.body.code).toBe(0);
    // the phone that confirmed stays signed in
    expect((await s.api('GET', '/api/sys/session/heartbeat', { token: doctor.token })).body.code).toBe(0);

    // replaying the used code signs nobody in
    const replay = await poll(r, loginCode, r.cookie, 'en');
    expect(replay.body).toMatchObject({ code: 400, msg: translate('en', 'qrLogin.codeUsed') });
    const logged = await s.app.db.select().from(operationLogs).where(eq(operationLogs.operation, 'ca qrLogin signIn'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ userId: signedIn.body.data.user.id, organizationId: doctor.organizationId });
  });

  it('refuses a poll from another browser, with or without a cookie', async () => {
    const r = await start(s);
    const other = await start(s);
    expect((await poll(r, '0', null, 'en')).body).toMatchObject({
      code: 403,
      msg: translate('en', 'qrLogin.otherBrowser'),
    });
    expect((await poll(r, '0', other.cookie)).body.code).toBe(403);
    // the request's own cookie name with a made-up value
    expect((await poll(r, '0', `${r.cookie.split('=')[0]}=${'x'.repeat(32)}`)).body.code).toBe(403);
    await phone('scan', r);
    await phone('confirm', r);
    // the confirmed request's code goes only to its own browser
    expect((await poll(r, '0', other.cookie)).body.code).toBe(403);
    expect((await poll(r)).body.data.state).toBe('confirmed');
  });

  it('expires after two minutes on the app clock, and a cancelled one says so', async () => {
    const r = await start(s);
    s.clock.advance(119_000);
    expect((await poll(r)).body.data.state).toBe('waiting');
    s.clock.advance(2000);
    expect((await poll(r, '0', r.cookie, 'en')).body).toMatchObject({
      code: 400,
      msg: translate('en', 'qrLogin.expired'),
    });
    expect((await phone('scan', r)).body.data.state).toBe('expired');
    expect((await phone('confirm', r)).body.code).toBe(400);

    const c = await start(s);
    await phone('scan', c);
    expect((await phone('cancel', c)).body.code).toBe(0);
    expect((await poll(c)).body).toMatchObject({ code: 400, msg: translate('zh-CN', 'qrLogin.cancelled') });
    expect((await phone('confirm', c)).body.code).toBe(400);
  });

  it('is refused where the organization has not enabled CA, in the user language', async () => {
    const r = await start(s);
    await setCa(doctor.organizationId, false);
    try {
      for (const action of ['scan', 'confirm'] as const) {
        const refused = await phone(action, r, doctor.token, 'en');
        expect(refused.body).toMatchObject({
          code: 403,
          msg: 'The current institution has not activated the CA function',
        });
      }
      expect((await phone('scan', r, doctor.token)).body.msg).toBe('当前机构未开通CA功能');
      expect((await poll(r)).body.data.state).toBe('waiting');
    } finally {
      await setCa(doctor.organizationId, true);
    }
  });

  it('does not let a second phone take over a scanned request, nor confirm without scanning', async () => {
    const r = await start(s);
    const therapist = await s.loginInto(DEMO.therapist);
    await setCa(therapist.organizationId, true);
    expect((await phone('confirm', r)).body.code).toBe(409);
    await phone('scan', r);
    expect((await phone('scan', r, therapist.token)).body.code).toBe(409);
    expect((await phone('confirm', r, therapist.token)).body.code).toBe(409);
    expect((await phone('scan', r)).body.code).toBe(0);
  });

  it('rejects malformed ids with a message, never a 500', async () => {
    const bad = await s.api('POST', '/api/sys/ca/pollLoginStatus/x/0', {});
    expect(bad.body.code).toBe(400);
    const unknown = await s.api('POST', `/api/sys/ca/pollLoginStatus/${'a'.repeat(32)}/0`, {});
    expect(unknown.body).toMatchObject({ code: 400, msg: translate('zh-CN', 'qrLogin.notFound') });
  });
});

describe('GET /place/selectUserPlaces', () => {
  it("answers the enabled places of the user's organizations only", async () => {
    const [other] = await s.app.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(ne(organizations.id, doctor.organizationId))
      .limit(1);
    await s.app.db.insert(sysPlace).values([
      { organizationId: other!.id, name: '别家机构治疗室', status: 1, sort: 1 },
      { organizationId: doctor.organizationId, name: '停用治疗室', status: 0, sort: 1 },
      { organizationId: doctor.organizationId, name: '新康复大厅', location: '二楼', capacity: 8, status: 1, sort: 9 },
    ] as never);
    const res = await s.api('GET', '/api/place/selectUserPlaces', { token: doctor.token });
    expect(res.body.code).toBe(0);
    const names = (res.body.data as { name: string; organizationId: number }[]).map((p) => p.name);
    expect(names).toContain('新康复大厅');
    expect(names).not.toContain('别家机构治疗室');
    expect(names).not.toContain('停用治疗室');
    expect(new Set(res.body.data.map((p: { organizationId: number }) => p.organizationId))).toEqual(
      new Set([doctor.organizationId]),
    );
    const enabled = await s.app.db
      .select({ id: sysPlace.id })
      .from(sysPlace)
      .where(and(eq(sysPlace.organizationId, doctor.organizationId), eq(sysPlace.status, 1)));
    expect(res.body.data).toHaveLength(enabled.length);
    expect((await s.api('GET', '/api/place/selectUserPlaces')).body.code).toBe(401);
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ rateLimit: { loginPerMinute: 3, codePerMinute: 3 } });
  }, 120_000);
  afterAll(async () => {
    await limited?.close();
  });

  it('limits new QR requests per address and polls per request', async () => {
    const first = await start(limited);
    await start(limited);
    await start(limited);
    const res = await fetch(`${limited.base}/api/sys/ca/getCALoginQrCode`, {
      method: 'POST',
      headers: { language: 'en' },
    });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { msg: string }).msg).toBe(translate('en', 'error.tooManyRequests'));
    const statuses = [];
    for (let i = 0; i < 41; i++) {
      const answer = await limited.api('POST', `/api/sys/ca/pollLoginStatus/${first.signDataId}/0`, {
        headers: { cookie: first.cookie },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 40).every((st) => st === 200)).toBe(true);
    expect(statuses[40]).toBe(429);
  });
});
