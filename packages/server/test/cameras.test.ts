// Cameras and camera groups (issue 18): the registry and its groups, the play token (spec: code and token) that
// records a view, the media gateway's auth hook (MediaMTX's request shape) letting a reader in only with a token we
// signed, unexpired, for that very stream, the views on record (who, camera, from, to), and another organization's
// cameras invisible.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraViews, cameras } from '../src/modules/cameras/cameras.tables';
import { mintToken } from '../src/modules/cameras/cameras.service';
import { DEMO, startTestServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let doctor: string;
let other: { token: string; organizationId: number };
let groupId: number;
let hallId: number;
let gymId: number;

const post = (token: string, url: string, body?: unknown, lang?: string) =>
  s.api('POST', `/api/sys/camera${url}`, { token, body, lang });
const hook = (body: Record<string, unknown>) =>
  s.api('POST', '/api/sys/camera/gatewayAuth', {
    body: { user: '', password: '', ip: '10.0.0.9', protocol: 'hls', id: 'abc', query: '', ...body },
  });
const cameraCount = async () => Number((await s.app.db.select({ n: count() }).from(cameras))[0]!.n);

beforeAll(async () => {
  s = await startTestServer();
  s.clock.freeze();
  admin = (await s.loginInto(DEMO.orgAdmin)).token;
  doctor = (await s.loginInto(DEMO.doctor)).token;
  other = await s.loginInto(DEMO.superAdmin, 1);
  const saved = await s.api('POST', '/api/sys/organizationConfig/save', {
    token: other.token,
    body: { organizationId: other.organizationId, caIntegration: 0, products: ['scheduling', 'deviceIntegration'] },
  });
  expect(saved.body.code).toBe(0);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe('the registry', () => {
  it('keeps groups and cameras; a group lists its cameras', async () => {
    const g = await post(admin, '/cameraGroupAdd', { name: 'E2E 训练区', orderNum: 5 });
    expect(g.body.code).toBe(0);
    groupId = g.body.data.id;
    const hall = await post(admin, '/cameraAdd', {
      name: '训练区全景',
      location: '三楼',
      groupId,
      protocol: 'hls',
      streamUrl: 'http://gw.local:8888/rehab/gym/index.m3u8',
    });
    expect(hall.body.code).toBe(0);
    hallId = hall.body.data.id;
    const gym = await post(admin, '/cameraAdd', {
      name: '训练区WebRTC',
      groupId,
      protocol: 'whep',
      streamUrl: 'http://gw.local:8889/rehab/gym2/whep',
      fallbackUrl: 'http://gw.local:8888/rehab/gym2/index.m3u8',
      codec: 'h265',
      ptz: true,
    });
    gymId = gym.body.data.id;
    const got = await post(admin, `/cameraGroupGet/${groupId}`);
    expect(got.body.data).toMatchObject({ name: 'E2E 训练区', cameraCount: 2 });
    expect(got.body.data.cameras.map((c: { gatewayPath: string }) => c.gatewayPath).sort()).toEqual([
      'rehab/gym',
      'rehab/gym2',
    ]);
    const list = await post(admin, '/cameraList', { groupId });
    expect(list.body.data.list.find((c: { id: number }) => c.id === gymId)).toMatchObject({
      protocol: 'whep',
      codec: 'h265',
      ptz: true,
      groupName: 'E2E 训练区',
    });
    expect((await post(admin, '/cameraGroupUpdate', { id: groupId, name: 'E2E 训练区A' })).body.code).toBe(0);
    expect((await post(admin, '/cameraGroupList')).body.data.map((x: { name: string }) => x.name)).toContain(
      'E2E 训练区A',
    );
  });

  it('refuses a bad camera in the caller’s language and writes nothing', async () => {
    const before = await cameraCount();
    const zh = await post(admin, '/cameraAdd', { name: '坏', protocol: 'hls', streamUrl: 'rtsp://cam' });
    expect(zh.body.code).not.toBe(0);
    expect(zh.body.msg).toContain('播放地址');
    const en = await post(
      admin,
      '/cameraAdd',
      { name: 'Bad', protocol: 'mjpeg', streamUrl: 'http://gw/a/x.m3u8' },
      'en',
    );
    expect(en.body.msg).toContain('protocol');
    const foreignGroup = await post(
      other.token,
      '/cameraAdd',
      { name: 'X', protocol: 'hls', streamUrl: 'http://gw/a/x.m3u8', groupId },
      'en',
    );
    expect(foreignGroup.body.msg).toContain('does not exist in this organization');
    expect(await cameraCount()).toBe(before);
  });

  it('is for those holding the camera permissions', async () => {
    expect((await post(doctor, '/cameraList', {})).status).toBe(403);
    expect((await post(doctor, `/getCameraToken/${hallId}`)).status).toBe(403);
  });
});

describe('play tokens and the gateway hook', () => {
  let token: string;
  let viewId: number;

  it('a token (code and token, as the spec says) opens a view on record', async () => {
    const res = await post(admin, `/getCameraToken/${hallId}`);
    expect(res.body.code).toBe(0);
    ({ token, viewId } = res.body);
    expect(typeof token).toBe('string');
    const [view] = await s.app.db.select().from(cameraViews).where(eq(cameraViews.id, viewId));
    expect(view).toMatchObject({ cameraId: hallId, startedAt: s.clock.now(), endedAt: null, lastSeenAt: null });
  });

  it('the hook lets the reader of that stream in, by Bearer token or query, and keeps the view alive', async () => {
    const ok = await hook({ action: 'read', path: 'rehab/gym', token });
    expect(ok.status).toBe(200);
    expect(ok.body.code).toBe(0);
    s.clock.advance(30_000);
    expect((await hook({ action: 'read', path: 'rehab/gym', query: `token=${token}` })).status).toBe(200);
    const [view] = await s.app.db.select().from(cameraViews).where(eq(cameraViews.id, viewId));
    expect(view!.lastSeenAt).toEqual(s.clock.now());
  });

  it('refuses a foreign, forged, publishing or tokenless request', async () => {
    expect((await hook({ action: 'read', path: 'rehab/gym2', token })).status).toBe(401);
    const [payload, sig] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), p: 'rehab/gym2' }),
    ).toString('base64url');
    expect((await hook({ action: 'read', path: 'rehab/gym2', token: `${forged}.${sig}` })).status).toBe(401);
    expect((await hook({ action: 'publish', path: 'rehab/gym', token })).status).toBe(401);
    expect((await hook({ action: 'read', path: 'rehab/gym' })).status).toBe(401);
    // another organization's caller cannot get a token for this camera at all
    expect((await post(other.token, `/getCameraToken/${hallId}`)).body.code).not.toBe(0);
  });

  it('refuses an expired token; a new one plays again', async () => {
    s.clock.advance(s.config.camera.tokenTtlMs);
    const expired = await hook({ action: 'read', path: 'rehab/gym', token });
    expect(expired.status).toBe(401);
    const fresh = (await post(admin, `/getCameraToken/${hallId}`)).body.token;
    expect((await hook({ action: 'read', path: 'rehab/gym', token: fresh })).status).toBe(200);
    // a player renews before expiry: the same view goes on with a new token
    const renewed = await post(admin, `/getCameraToken/${hallId}`, { viewId });
    expect(renewed.body.viewId).toBe(viewId);
    expect((await hook({ action: 'read', path: 'rehab/gym', token: renewed.body.token })).status).toBe(200);
    expect((await post(other.token, `/getCameraToken/${hallId}`, { viewId })).body.code).not.toBe(0);
  });

  it('a view ends when the player closes; its token no longer opens the stream; the record shows from and to', async () => {
    const res = await post(admin, `/getCameraToken/${gymId}`);
    s.clock.advance(45_000);
    expect((await post(admin, `/viewEnd/${res.body.viewId}`)).body.code).toBe(0);
    expect((await hook({ action: 'read', path: 'rehab/gym2', token: res.body.token })).status).toBe(401);
    expect((await post(admin, `/viewEnd/${res.body.viewId}`)).body.code).not.toBe(0);
    const views = await post(admin, '/viewList', { cameraId: gymId });
    const row = views.body.data.list.find((v: { id: number }) => v.id === res.body.viewId);
    expect(row).toMatchObject({ cameraName: '训练区WebRTC', userName: expect.any(String) });
    expect(Date.parse(row.to) - Date.parse(row.from)).toBe(45_000);
  });

  it('a private camera plays only for holders of the privacy permission', async () => {
    const [speech] = await s.app.db.select().from(cameras).where(eq(cameras.name, '言语治疗室'));
    expect(speech!.privacy).toBe(true);
    const userId = (await s.app.db.select().from(cameraViews).where(eq(cameraViews.id, viewId)))[0]!.userId;
    const scope = { organizationId: speech!.organizationId, userId };
    await expect(
      mintToken(s.app, { ...scope, permissions: new Set(['sys:camera:view']) }, speech!.id),
    ).rejects.toMatchObject({
      code: 403,
      key: 'camera.privacy',
    });
    expect((await post(admin, `/getCameraToken/${speech!.id}`)).body.code).toBe(0);
  });

  it('a removed camera plays no more and leaves the wall', async () => {
    const t = (await post(admin, `/getCameraToken/${gymId}`)).body.token;
    expect((await post(admin, `/cameraDelete/${gymId}`)).body.code).toBe(0);
    expect((await hook({ action: 'read', path: 'rehab/gym2', token: t })).status).toBe(401);
    expect((await post(admin, `/getCameraToken/${gymId}`)).body.code).not.toBe(0);
    expect((await post(admin, '/cameraList', { groupId })).body.data.list.map((c: { id: number }) => c.id)).toEqual([
      hallId,
    ]);
  });
});

describe('another organization', () => {
  it('sees none of these cameras, groups or views', async () => {
    const list = await post(other.token, '/cameraList', { limit: 100 });
    expect(list.body.code).toBe(0);
    expect(list.body.data.list.map((c: { id: number }) => c.id)).not.toContain(hallId);
    expect((await post(other.token, '/cameraGroupList')).body.data.map((g: { id: number }) => g.id)).not.toContain(
      groupId,
    );
    expect((await post(other.token, `/cameraGroupGet/${groupId}`)).body.code).not.toBe(0);
    expect((await post(other.token, '/viewList', {})).body.data.totalCount).toBe(0);
    expect((await post(other.token, `/cameraDelete/${hallId}`)).body.code).not.toBe(0);
    expect((await post(other.token, `/cameraGroupDelete/${groupId}`)).body.code).not.toBe(0);
  });

  it('a group removed leaves its cameras ungrouped', async () => {
    expect((await post(admin, `/cameraGroupDelete/${groupId}`)).body.code).toBe(0);
    const [hall] = await s.app.db.select().from(cameras).where(eq(cameras.id, hallId));
    expect(hall!.groupId).toBeNull();
  });
});
