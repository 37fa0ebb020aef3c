import { OrganizationTemplatePerm } from '@rehab/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformTemplateImports, sysPlatformTemplate, sysProjectTemplate, sysUnit } from '../src/db/schema';
import { DEMO, startTestServer, type TestServer } from './harness';

// Platform templates (spec section 7: platformTemplate page, list, save, delete with id; getTemplateListByTypeList;
// GET /template/info/{id}): the super administrator maintains them once for the platform, organizations import them
// into their own treatment projects.

let s: TestServer;
let sup: { token: string; organizationId: number }; // super administrator, signed in to the second organization
let admin: { token: string; organizationId: number }; // organization administrator of the first
let doctor: string;

const post = (url: string, token: string | undefined, body?: unknown, lang?: string) =>
  s.api('POST', `/api${url}`, { token, body: body ?? {}, lang });
const counts = async () => ({
  projects: (await s.app.db.select({ n: count() }).from(sysProjectTemplate))[0]!.n,
  units: (await s.app.db.select({ n: count() }).from(sysUnit))[0]!.n,
  links: (await s.app.db.select({ n: count() }).from(platformTemplateImports))[0]!.n,
  platform: (await s.app.db.select({ n: count() }).from(sysPlatformTemplate))[0]!.n,
});

const sample = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  nameEn: 'Sample',
  code: 'SMP01',
  projectType: 2,
  unitPrice: 33.5,
  unitName: '疗程',
  duration: 30,
  frequency: '1/2',
  times: 12,
  shortLong: 1,
  bedside: true,
  linkName: '材料费',
  linkPrice: 5,
  linkMethod: 1,
  status: 1,
  remark: '平台',
  sort: 9,
  ...extra,
});

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.loginInto(DEMO.orgAdmin);
  sup = await s.loginInto(DEMO.superAdmin, 1);
  if (sup.organizationId === admin.organizationId) sup = await s.loginInto(DEMO.superAdmin, 0);
  ({ token: doctor } = await s.loginInto(DEMO.doctor));
});
afterAll(async () => {
  await s?.close();
});

describe('platform template maintenance', () => {
  it('is the super administrator’s: page, save (insert and update by id), delete with id', async () => {
    const page = await post('/sys/platformTemplate/page', sup.token, { limit: 5 });
    expect(page.body.data.totalCount).toBeGreaterThanOrEqual(10);
    expect(page.body.data.list).toHaveLength(5);
    const saved = await post('/sys/platformTemplate/save', sup.token, sample('平台维护测试'));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id;
    const updated = await post('/sys/platformTemplate/save', sup.token, { ...sample('平台维护测试改'), id });
    expect(updated.body.data.name).toBe('平台维护测试改');
    // unique across the platform, whichever organization the maintainer is in
    const dup = await post('/sys/platformTemplate/save', sup.token, sample('平台维护测试改'));
    expect(dup.status).toBe(409);
    const del = await post(`/sys/platformTemplate/delete/${id}`, sup.token);
    expect(del.status).toBe(200);
    expect((await post(`/sys/platformTemplate/delete/${id}`, sup.token)).status).toBe(404);
  });

  it('refuses organization administrators and doctors (403), bad payloads (400); nothing written', async () => {
    const before = await counts();
    expect((await post('/sys/platformTemplate/page', admin.token)).status).toBe(403);
    expect((await post('/sys/platformTemplate/save', admin.token, sample('越权'))).status).toBe(403);
    expect((await post('/sys/platformTemplate/delete/1', admin.token)).status).toBe(403);
    expect((await post('/sys/platformTemplate/save', doctor, sample('越权'))).status).toBe(403);
    const bad = await post('/sys/platformTemplate/save', sup.token, sample('坏价格', { unitPrice: 0 }), 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('unitPrice');
    const noUnit = await post('/sys/platformTemplate/save', sup.token, sample('无单位', { unitName: ' ' }));
    expect(noUnit.body.field).toBe('unitName');
    expect((await post('/sys/platformTemplate/delete/abc', sup.token)).status).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe('organization templates', () => {
  it('lists enabled platform templates by type list, with info by id', async () => {
    const all = await post('/sys/organizationConfig/getTemplateListByTypeList', admin.token, { typeList: [] });
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThanOrEqual(10);
    expect(all.body.data.every((r: { importedId: number | null }) => r.importedId === null)).toBe(true);
    const tcm = await post('/sys/organizationConfig/getTemplateListByTypeList', admin.token, { typeList: [4] });
    expect(tcm.body.data.map((r: { name: string }) => r.name)).toEqual(['艾灸', '拔罐']);
    const two = await post('/sys/platformTemplate/list', admin.token, { typeList: [3, 5] });
    expect(new Set(two.body.data.map((r: { projectType: number }) => r.projectType))).toEqual(new Set([3, 5]));
    const byName = await post('/sys/organizationConfig/getTemplateListByTypeList', admin.token, { name: 'gait' });
    expect(byName.body.data.map((r: { name: string }) => r.name)).toEqual(['步态训练']);

    const info = await s.api('GET', `/api/template/info/${tcm.body.data[0].id}`, { token: admin.token });
    expect(info.body.data).toMatchObject({ name: '艾灸', unitName: '次', unitPrice: 30, importedId: null });
    expect((await s.api('GET', '/api/template/info/999999', { token: admin.token })).status).toBe(404);
    expect((await s.api('GET', '/api/template/info/x', { token: admin.token })).status).toBe(400);

    const bad = await post('/sys/organizationConfig/getTemplateListByTypeList', admin.token, { typeList: [9] });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('typeList.0');
    expect((await post('/sys/organizationConfig/getTemplateListByTypeList', doctor, {})).status).toBe(403);
  });

  it('imports into the organization’s treatment projects, once, with its unit found or added', async () => {
    const mine = await post('/sys/platformTemplate/save', sup.token, sample('导入测试项目'));
    const id = mine.body.data.id;
    const gait = (await post('/sys/platformTemplate/list', admin.token, { name: '步态训练' })).body.data[0];
    const before = await counts();

    const res = await post('/sys/platformTemplate/import', admin.token, { ids: [id, gait.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ imported: 2, skipped: 0 });
    const after = await counts();
    expect(after.projects).toBe(before.projects + 2);
    expect(after.links).toBe(before.links + 2);
    // 疗程 is new to the organization, 次 it already has
    expect(after.units).toBe(before.units + 1);

    const copyId = res.body.data.projectIds[0];
    const copy = await s.api('GET', `/api/sys/projecttemplate/info/${copyId}`, { token: admin.token });
    expect(copy.body.data).toMatchObject({
      name: '导入测试项目',
      projectType: 2,
      unitPrice: 33.5,
      unitName: '疗程',
      frequency: '1/2',
      times: 12,
      bedside: true,
      status: 1,
    });

    // shown as imported to this organization only
    const listed = await post('/sys/platformTemplate/list', admin.token, { name: '导入测试项目' });
    expect(listed.body.data[0].importedId).toBe(copyId);
    const elsewhere = await post('/sys/platformTemplate/list', sup.token, { name: '导入测试项目' });
    expect(elsewhere.body.data[0].importedId).toBeNull();

    // importing again skips it
    const again = await post('/sys/platformTemplate/import', admin.token, { ids: [id] });
    expect(again.body.data).toMatchObject({ imported: 0, skipped: 1 });
    expect((await counts()).projects).toBe(after.projects);

    // the organization deletes its copy: the template can be imported again
    const del = await s.api('POST', '/api/sys/projecttemplate/delete', { token: admin.token, body: [copyId] });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const relisted = await post('/sys/platformTemplate/list', admin.token, { name: '导入测试项目' });
    expect(relisted.body.data[0].importedId).toBeNull();

    // deleting the platform template keeps the organizations' copies
    const gaitCopy = res.body.data.projectIds[1];
    expect((await post(`/sys/platformTemplate/delete/${gait.id}`, sup.token)).status).toBe(200);
    expect((await s.api('GET', `/api/sys/projecttemplate/info/${gaitCopy}`, { token: admin.token })).status).toBe(200);
    await post(`/sys/platformTemplate/delete/${id}`, sup.token);
  });

  it('refuses the whole import on a name the organization has, an unknown or disabled template; nothing written', async () => {
    const fresh = await post('/sys/platformTemplate/save', sup.token, sample('全有或全无'));
    // the demo organization already has 运动疗法 of its own
    const clash = await post('/sys/platformTemplate/save', sup.token, sample('运动疗法'));
    const off = await post('/sys/platformTemplate/save', sup.token, sample('停用模板', { status: 0 }));
    const before = await counts();

    const conflict = await post(
      '/sys/platformTemplate/import',
      admin.token,
      { ids: [fresh.body.data.id, clash.body.data.id] },
      'en',
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.msg).toBe('The organization already has a treatment project named "运动疗法"');
    const unknown = await post('/sys/platformTemplate/import', admin.token, { ids: [fresh.body.data.id, 999999] });
    expect(unknown.status).toBe(404);
    const disabled = await post('/sys/platformTemplate/import', admin.token, { ids: [off.body.data.id] });
    expect(disabled.status).toBe(404);
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: [2147483648] }]) {
      expect((await post('/sys/platformTemplate/import', admin.token, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await post('/sys/platformTemplate/import', doctor, { ids: [fresh.body.data.id] })).status).toBe(403);
    expect(await counts()).toEqual(before);

    // a disabled template is not offered
    const listed = await post('/sys/platformTemplate/list', admin.token, { name: '停用模板' });
    expect(listed.body.data).toEqual([]);
    for (const r of [fresh, clash, off]) await post(`/sys/platformTemplate/delete/${r.body.data.id}`, sup.token);
  });

  it('gives organization administrators the screen and the import button', async () => {
    const nav = (await s.api('GET', '/api/sys/menu/nav', { token: admin.token })).body;
    expect(JSON.stringify(nav.menuList)).toContain('/SubFirsScale/organizationTemplate');
    expect(JSON.stringify(nav.menuList)).not.toContain('/SubFirsScale/platFormProjectTemplate');
    expect(nav.permissions).toEqual(
      expect.arrayContaining([OrganizationTemplatePerm.list, OrganizationTemplatePerm.import]),
    );
    const supNav = (await s.api('GET', '/api/sys/menu/nav', { token: sup.token })).body;
    expect(JSON.stringify(supNav.menuList)).toContain('/SubFirsScale/platFormProjectTemplate');
  });
});
