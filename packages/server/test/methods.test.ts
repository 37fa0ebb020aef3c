// Assessment methods of an organization (spec section 7 `method`): every call with success, bad input (400 naming
// the field, nothing written), no permission (403 for a doctor), another organization's id (404) and repeats (409).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentMethods } from '../src/db/schema';
import { DEMO, startTestServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let adminOrg: number;
let other: { token: string; organizationId: number };
let doctor: string;

beforeAll(async () => {
  s = await startTestServer();
  const a = await s.loginInto(DEMO.orgAdmin);
  admin = a.token;
  adminOrg = a.organizationId;
  other = await s.loginInto(DEMO.superAdmin, 1);
  doctor = (await s.loginInto(DEMO.doctor)).token;
});
afterAll(async () => {
  await s?.close();
});

const post = (token: string, url: string, body?: unknown, lang?: string) =>
  s.api('POST', `/api/sys/method/${url}`, { token, body, lang });
const get = (token: string, url: string, lang?: string) => s.api('GET', `/api/sys/method/${url}`, { token, lang });
const rowsOf = async (organizationId: number) =>
  s.app.db.select().from(assessmentMethods).where(eq(assessmentMethods.organizationId, organizationId));

describe('assessment methods', () => {
  it('lists the demo methods in order, with search, phase and status filters', async () => {
    const res = await post(admin, 'list', { page: 1, limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body.data.totalCount).toBe(10);
    expect(res.body.data.list).toHaveLength(5);
    expect(res.body.data.list[0]).toMatchObject({ scaleCode: 'barthel', sort: 1, status: 1, phases: [1, 2, 3, 4] });
    const bbs = await post(admin, 'list', { keyword: 'BBS' });
    expect(bbs.body.data.list.map((r: { scaleCode: string }) => r.scaleCode)).toEqual(['bbs']);
    const zh = await post(admin, 'list', { keyword: '简易精神' });
    expect(zh.body.data.list.map((r: { scaleCode: string }) => r.scaleCode)).toContain('mmse');
    const outpatientNihss = await post(admin, 'list', { phase: 1, limit: 100 });
    expect(outpatientNihss.body.data.list.map((r: { scaleCode: string }) => r.scaleCode)).toContain('nihss');
    const midTerm = await post(admin, 'list', { phase: 3, limit: 100 });
    expect(midTerm.body.data.list.map((r: { scaleCode: string }) => r.scaleCode)).not.toContain('nihss');
    const disabled = await post(admin, 'list', { status: 0 });
    expect(disabled.body.data.list.map((r: { scaleCode: string }) => r.scaleCode)).toEqual(['moca']);
    expect((await post(admin, 'list', { limit: 0 })).body).toMatchObject({ code: 400, field: 'limit' });
    expect((await post(admin, 'list', { phase: 9 })).body).toMatchObject({ code: 400, field: 'phase' });
    expect((await post(doctor, 'list', {})).status).toBe(403);
  });

  it('adds a method from the catalogue with the definition’s names, refuses unknown scales and repeats', async () => {
    const before = (await rowsOf(adminOrg)).length;
    const res = await post(admin, 'save', { scaleCode: 'tinetti', phases: [4, 2, 2] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ scaleCode: 'tinetti', phases: [2, 4], status: 1, sort: 11, abbr: 'POMA' });
    expect(res.body.data.name).toMatch(/Tinetti/);
    expect(res.body.data.nameEn).toMatch(/Tinetti/);

    const unknown = await post(admin, 'save', { scaleCode: 'no-such-scale', phases: [1] }, 'en');
    expect(unknown.body).toMatchObject({ code: 400, field: 'scaleCode' });
    expect(unknown.body.msg).toMatch(/scale library/);
    expect((await post(admin, 'save', { scaleCode: 'tug', phases: [] })).body).toMatchObject({
      code: 400,
      field: 'phases',
    });
    expect((await post(admin, 'save', { scaleCode: 'tug', phases: [5] })).body.field).toMatch(/^phases/);
    expect((await post(admin, 'save', { scaleCode: 'tug', phases: [1], nameEn: '起立' })).body.field).toBe('nameEn');
    expect((await post(admin, 'save', { scaleCode: 'tug', phases: [1], remark: 'x'.repeat(21) })).body.field).toBe(
      'remark',
    );
    const repeat = await post(admin, 'save', { scaleCode: 'bbs', phases: [1] }, 'zh-CN');
    expect(repeat.body).toMatchObject({ code: 409, field: 'scaleCode' });
    expect(repeat.body.msg).toContain('Berg');
    expect((await post(doctor, 'save', { scaleCode: 'tug', phases: [1] })).status).toBe(403);
    expect((await rowsOf(adminOrg)).length).toBe(before + 1);
    // the same scale in another organization is its own row
    expect((await post(other.token, 'save', { scaleCode: 'tinetti', phases: [1] })).status).toBe(200);
  });

  it('reads, updates and deletes only the organization’s own rows', async () => {
    const [mine] = await s.app.db
      .select()
      .from(assessmentMethods)
      .where(and(eq(assessmentMethods.organizationId, adminOrg), eq(assessmentMethods.scaleCode, 'tinetti')));
    const [theirs] = await s.app.db
      .select()
      .from(assessmentMethods)
      .where(and(eq(assessmentMethods.organizationId, other.organizationId), eq(assessmentMethods.scaleCode, 'bbs')));
    expect((await get(admin, `info/${mine!.id}`)).body.data).toMatchObject({ id: mine!.id, scaleCode: 'tinetti' });
    expect((await get(admin, `info/${theirs!.id}`)).status).toBe(404);
    expect((await get(admin, 'info/abc')).body).toMatchObject({ code: 400, field: 'id' });
    expect((await get(doctor, `info/${mine!.id}`)).status).toBe(403);

    const upd = await post(admin, 'update', {
      id: mine!.id,
      scaleCode: 'tinetti',
      name: '平衡与步态评估',
      nameEn: 'Balance and gait',
      phases: [1],
      sort: 3,
      status: 0,
      remark: '跌倒门诊',
    });
    expect(upd.body.data).toMatchObject({ name: '平衡与步态评估', nameEn: 'Balance and gait', sort: 3, status: 0 });
    expect((await post(admin, 'update', { id: mine!.id, scaleCode: 'bbs', phases: [1] })).status).toBe(409);
    expect((await post(admin, 'update', { id: mine!.id, scaleCode: 'tinetti', phases: 'all' })).body.field).toBe(
      'phases',
    );
    expect((await post(admin, 'update', { id: theirs!.id, scaleCode: 'bbs', phases: [1] })).status).toBe(404);
    expect((await post(doctor, 'update', { id: mine!.id, scaleCode: 'tinetti', phases: [1] })).status).toBe(403);
    const [after] = await s.app.db.select().from(assessmentMethods).where(eq(assessmentMethods.id, mine!.id));
    expect(after).toMatchObject({ name: '平衡与步态评估', scaleCode: 'tinetti', phases: [1] });

    expect((await post(admin, `delete/${theirs!.id}`)).status).toBe(404);
    expect((await post(doctor, `delete/${mine!.id}`)).status).toBe(403);
    expect((await post(admin, 'delete/0')).body).toMatchObject({ code: 400, field: 'id' });
    expect((await post(admin, `delete/${mine!.id}`)).body.code).toBe(0);
    expect((await get(admin, `info/${mine!.id}`)).status).toBe(404);
  });

  it('answers the enabled methods for the assessment screens, in the caller’s language', async () => {
    const zh = await get(doctor, 'getScaleByOrganizationId');
    expect(zh.status).toBe(200);
    const codes = zh.body.data.map((m: { scaleCode: string }) => m.scaleCode);
    expect(codes.slice(0, 3)).toEqual(['barthel', 'fugl-meyer', 'bbs']);
    expect(codes).not.toContain('moca');
    expect(zh.body.data[0].name).toMatch(/Barthel/);
    const en = await get(doctor, 'getScaleByOrganizationId', 'en');
    expect(en.body.data[0].name).toBe(en.body.data[0].nameEn);
    const discharge = await get(doctor, 'getScaleByOrganizationId?phase=4');
    expect(discharge.body.data.map((m: { scaleCode: string }) => m.scaleCode)).not.toContain('nihss');
    expect((await get(doctor, 'getScaleByOrganizationId?phase=7')).body).toMatchObject({ code: 400, field: 'phase' });
    // the organization dictionary list
    const dict = await s.api('GET', '/api/sys/dict/org/method', { token: doctor });
    expect(dict.status).toBe(200);
    expect(JSON.stringify(dict.body)).toContain('barthel');
  });

  it('sets the enabled set and order in one call', async () => {
    const rows = await rowsOf(adminOrg);
    const id = (code: string) => rows.find((r) => r.scaleCode === code)!.id;
    const res = await post(admin, 'updateProjects', { ids: [id('moca'), id('bbs'), id('barthel')] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { scaleCode: string }) => m.scaleCode)).toEqual(['moca', 'bbs', 'barthel']);
    const all = await rowsOf(adminOrg);
    expect(all.find((r) => r.scaleCode === 'nihss')).toMatchObject({ status: 0 });
    expect(all.find((r) => r.scaleCode === 'moca')).toMatchObject({ status: 1, sort: 1 });

    const [theirs] = await rowsOf(other.organizationId);
    const refused = await post(admin, 'updateProjects', { ids: [id('nihss'), theirs!.id] });
    expect(refused.status).toBe(404);
    expect((await rowsOf(adminOrg)).find((r) => r.scaleCode === 'nihss')).toMatchObject({ status: 0 });
    expect((await post(admin, 'updateProjects', { ids: [id('bbs'), id('bbs')] })).body).toMatchObject({
      code: 400,
      field: 'ids',
    });
    expect((await post(admin, 'updateProjects', {})).body).toMatchObject({ code: 400, field: 'ids' });
    expect((await post(doctor, 'updateProjects', { ids: [] })).status).toBe(403);
    const off = await post(admin, 'updateProjects', { ids: [] });
    expect(off.body.data).toEqual([]);
  });
});
