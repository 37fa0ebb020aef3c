import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './harness';

let s: TestServer;
let superAdmin: string;
let orgAdmin: string;
let doctor: string;

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  superAdmin = (await s.loginInto(DEMO.superAdmin)).token;
  orgAdmin = (await s.loginInto(DEMO.orgAdmin)).token;
  doctor = (await s.loginInto(DEMO.doctor)).token;
});
afterAll(async () => {
  await s?.close();
});

const post = (url: string, body: unknown, token = superAdmin, lang?: string) =>
  s.api('POST', `/api/sys/version/${url}`, { token, body, lang });

describe('version administration', () => {
  let id: number;

  it('saves a version and reads it back', async () => {
    const res = await post('save', { version: '1.2.0', releaseNote: '排程改进', releaseNoteEn: 'Scheduling improved' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ version: '1.2.0', releaseNote: '排程改进', isCurrent: false });
    id = res.body.data.id;
    const info = await s.api('GET', `/api/sys/version/info/${id}`, { token: superAdmin });
    expect(info.body.data).toMatchObject({ id, releaseNoteEn: 'Scheduling improved', isCurrent: false });
    const missing = await s.api('GET', '/api/sys/version/info/999999', { token: superAdmin });
    expect(missing.status).toBe(404);
  });

  it('lists versions a page at a time, newest first, with a search', async () => {
    await post('save', { version: '1.3.0', releaseNote: '第二个' });
    const page = await post('pageInfo', { page: 1, limit: 2 });
    expect(page.body.data).toMatchObject({ currPage: 1, pageSize: 2, totalCount: 3 });
    expect(page.body.data.list.map((v: { version: string }) => v.version)).toEqual(['1.3.0', '1.2.0']);
    const found = await post('pageInfo', { version: '1.2' });
    expect(found.body.data.list.map((v: { version: string }) => v.version)).toEqual(['1.2.0']);
  });

  it('makes one version current and un-marks the others', async () => {
    const res = await post('update', {
      id,
      version: '1.2.0',
      releaseNote: '排程改进',
      releaseNoteEn: 'Scheduling improved',
      isCurrent: 1,
    });
    expect(res.body.data.isCurrent).toBe(true);
    const list = await post('pageInfo', { limit: 100 });
    const current = list.body.data.list.filter((v: { isCurrent: boolean }) => v.isCurrent);
    expect(current.map((v: { id: number }) => v.id)).toEqual([id]);
    const shown = await s.api('GET', '/api/sys/version/getCurrentVersion', { lang: 'en' });
    expect(shown.body.data).toMatchObject({ version: '1.2.0', releaseNote: 'Scheduling improved' });

    const next = await post('save', { version: '1.4.0', releaseNote: '第三个', isCurrent: true });
    expect(next.body.data.isCurrent).toBe(true);
    const after = await post('pageInfo', { limit: 100 });
    expect(after.body.data.list.filter((v: { isCurrent: boolean }) => v.isCurrent)).toHaveLength(1);
    const zh = await s.api('GET', '/api/sys/version/getCurrentVersion');
    expect(zh.body.data).toMatchObject({ version: '1.4.0', releaseNote: '第三个' });
  });

  it('refuses bad input with the field, and a duplicate version', async () => {
    const cases: [unknown, string][] = [
      [{ version: 'one', releaseNote: 'x' }, 'version'],
      [{ version: '1.0.0.0.1', releaseNote: 'x' }, 'version'],
      [{ version: `1.${'0'.repeat(40)}`, releaseNote: 'x' }, 'version'],
      [{ version: '2.0.0', releaseNote: '' }, 'releaseNote'],
      [{ version: '2.0.0', releaseNote: 'x'.repeat(2001) }, 'releaseNote'],
      [{ version: '2.0.0', releaseNote: 'x', releaseNoteEn: 'y'.repeat(2001) }, 'releaseNoteEn'],
      [{ version: '2.0.0', releaseNote: 'x', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await post('save', body, superAdmin, 'en');
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    // the message names the field in the reader's language
    const empty = await post('save', { version: '3.0.0' }, superAdmin);
    expect(empty.body.msg).toBe('更新说明（中文）不能为空');
    const format = await post('save', { version: 'one', releaseNote: 'x' }, superAdmin, 'en');
    expect(format.body.msg).toBe('The version is numbers separated by dots, such as 1.2.0');
    const noId = await post('update', { version: '2.0.0', releaseNote: 'x' });
    expect(noId.body.field).toBe('id');
    const dup = await post('save', { version: '1.2.0', releaseNote: 'x' }, superAdmin, 'en');
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('Version 1.2.0 already exists');
    const missing = await post('update', { id: 999999, version: '2.0.0', releaseNote: 'x' });
    expect(missing.status).toBe(404);
  });

  it('is for the super administrator only', async () => {
    for (const token of [orgAdmin, doctor]) {
      for (const [method, url, body] of [
        ['POST', 'pageInfo', {}],
        ['GET', `info/${id}`, undefined],
        ['POST', 'save', { version: '5.0.0', releaseNote: 'x' }],
        ['POST', 'update', { id, version: '5.0.0', releaseNote: 'x' }],
      ] as const) {
        const res = await s.api(method, `/api/sys/version/${url}`, { token, body });
        expect(res.status, url).toBe(403);
      }
    }
  });
});
