import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { APP_DICTIONARIES, DICT_TYPES, EXPORT_MAX_ROWS, entityByName } from '@rehab/shared';
import { tableOf } from '../src/modules/master-data/master-data.tables';
import { ORG_DICT_TYPES } from '../src/modules/dictionaries/org-dictionaries';
import { DEMO, startTestServer, type TestServer } from './harness';

// Application dictionaries (POST /sys/dict/list and the /dict maintenance calls), the organization dictionary lists
// (GET /sys/dict/org/:type), the further select calls of spec section 7 and the master-data export.

let s: TestServer;
let admin: { token: string; organizationId: number };
let other: { token: string; organizationId: number };
let doctor: { token: string; organizationId: number };
let therapist2: { token: string; organizationId: number };

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.loginInto(DEMO.orgAdmin);
  other = await s.loginInto(DEMO.superAdmin, 1);
  if (other.organizationId === admin.organizationId) other = await s.loginInto(DEMO.superAdmin, 0);
  doctor = await s.loginInto(DEMO.doctor);
  therapist2 = await s.loginInto(DEMO.therapist2);
});
afterAll(async () => {
  await s.close();
});

const api = (method: string, url: string, token: string | undefined, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token, body, lang });
const dictList = (token: string, body: unknown, lang?: string) => api('POST', '/sys/dict/list', token, body, lang);

describe('application dictionaries', () => {
  it('serve every dictionary of spec section 3 in both languages, as k and val', async () => {
    for (const type of DICT_TYPES) {
      const zh = await dictList(doctor.token, { type, page: 1, num: 10000 });
      expect(zh.status, type).toBe(200);
      const entries = APP_DICTIONARIES[type].entries;
      expect(zh.body.data.totalCount, type).toBeGreaterThanOrEqual(entries.length);
      expect(zh.body.data.list.slice(0, entries.length)).toEqual(
        entries.map((e) => ({ k: e.k, val: e.label['zh-CN'] })),
      );
      const en = await dictList(doctor.token, { type }, 'en');
      expect(en.body.data.list.slice(0, entries.length)).toEqual(entries.map((e) => ({ k: e.k, val: e.label.en })));
    }
    const sex = await dictList(doctor.token, { type: 'sex' }, 'en');
    expect(sex.body.data.list).toEqual([
      { k: '0', val: 'Male' },
      { k: '1', val: 'Female' },
    ]);
    expect((await dictList(doctor.token, { type: 'payStatus' })).body.data.list[1]).toEqual({ k: '1', val: '已缴费' });
  });

  it('cover the query keys of the spec, projcetStatus spelt so (and spelt right)', async () => {
    const keys =
      'projectType shortLong costType nursingLevel marriage source sex userStatus noticeStatus isRead projcetStatus assessType unit relation profession eqMode payStatus office payType'.split(
        ' ',
      );
    for (const type of [...keys, 'nation', 'menu', 'projectStatus']) {
      expect((await dictList(doctor.token, { type })).status, type).toBe(200);
    }
    const nation = await dictList(doctor.token, { type: 'nation', page: 2, num: 10 });
    expect(nation.body.data).toMatchObject({ totalCount: 56, currPage: 2, pageSize: 10 });
    expect(nation.body.data.list).toHaveLength(10);
    expect(nation.body.data.list[0]).toEqual({ k: '11', val: '满族' });
  });

  it('refuse an unknown or missing type and bad paging with 400 naming the field', async () => {
    const unknown = await dictList(doctor.token, { type: 'bogus' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 400, field: 'type', msgKey: 'validation.invalidOption' });
    const en = await dictList(doctor.token, { type: 'bogus' }, 'en');
    expect(en.body.msg).toContain('invalid');
    expect((await dictList(doctor.token, {})).body.field).toBe('type');
    expect((await dictList(doctor.token, { type: 'sex', num: 10001 })).body.field).toBe('num');
    expect((await dictList(doctor.token, { type: 'sex', page: 0 })).body.field).toBe('page');
    expect((await dictList(doctor.token, { type: '__proto__' })).status).toBe(400);
    expect((await api('POST', '/sys/dict/list', undefined, { type: 'sex' })).status).toBe(401);
  });
});

describe('organization entries of the extensible dictionaries', () => {
  it('are added, listed for that organization only, changed and deleted', async () => {
    const save = await api('POST', '/sys/dict/save', admin.token, {
      type: 'source',
      k: 'S-web',
      valZh: '官网预约',
      valEn: 'Website booking',
      sort: 1,
    });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    const id = save.body.data.id;
    const zh = await dictList(doctor.token, { type: 'source' });
    expect(zh.body.data.list.at(-1)).toEqual({ k: 'S-web', val: '官网预约' });
    const en = await dictList(doctor.token, { type: 'source' }, 'en');
    expect(en.body.data.list.at(-1)).toEqual({ k: 'S-web', val: 'Website booking' });
    const elsewhere = await dictList(other.token, { type: 'source' });
    expect(elsewhere.body.data.list.map((e: { k: string }) => e.k)).not.toContain('S-web');

    const entries = await api('GET', '/sys/dict/entries/source', admin.token);
    expect(entries.body.data[0]).toMatchObject({ id: null, k: '1', valZh: '门诊', builtin: true });
    expect(entries.body.data.at(-1)).toMatchObject({ id, k: 'S-web', valEn: 'Website booking', builtin: false });

    const update = await api('POST', '/sys/dict/update', admin.token, { id, k: 'S-web', valZh: '网上预约', valEn: '' });
    expect(update.status).toBe(200);
    // no English text: English readers see the Chinese one
    expect((await dictList(doctor.token, { type: 'source' }, 'en')).body.data.list.at(-1).val).toBe('网上预约');

    expect((await api('POST', '/sys/dict/update', other.token, { id, k: 'X', valZh: '别的' })).status).toBe(404);
    expect((await api('POST', '/sys/dict/delete', other.token, { ids: [id] })).status).toBe(404);
    expect((await api('POST', '/sys/dict/delete', admin.token, { ids: [id] })).status).toBe(200);
    expect(
      (await dictList(doctor.token, { type: 'source' })).body.data.list.map((e: { k: string }) => e.k),
    ).not.toContain('S-web');
  });

  it('refuse a code already used (built-in or own) with 409, a fixed dictionary and bad fields with 400', async () => {
    const builtin = await api('POST', '/sys/dict/save', admin.token, { type: 'payType', k: '1', valZh: '现金2' });
    expect(builtin.status).toBe(409);
    expect(builtin.body).toMatchObject({ field: 'k', msgKey: 'dict.codeTaken' });
    const first = await api('POST', '/sys/dict/save', admin.token, { type: 'payType', k: 'ecny', valZh: '数字人民币' });
    expect(first.status).toBe(200);
    const dup = await api(
      'POST',
      '/sys/dict/save',
      admin.token,
      { type: 'payType', k: 'ECNY', valZh: '数字货币' },
      'en',
    );
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('Code ECNY is already used in this dictionary');
    // another organization may use the same code
    const theirs = await api('POST', '/sys/dict/save', other.token, {
      type: 'payType',
      k: 'ecny',
      valZh: '数字人民币',
    });
    expect(theirs.status).toBe(200);

    const fixed = await api('POST', '/sys/dict/save', admin.token, { type: 'sex', k: '9', valZh: '未知' });
    expect(fixed.status).toBe(400);
    expect(fixed.body).toMatchObject({ field: 'type', msgKey: 'dict.notExtensible' });
    const chinese = await api('POST', '/sys/dict/save', admin.token, {
      type: 'payType',
      k: 'x1',
      valZh: '甲',
      valEn: '甲',
    });
    expect(chinese.body).toMatchObject({ code: 400, field: 'valEn' });
    const badCode = await api('POST', '/sys/dict/save', admin.token, { type: 'payType', k: 'a b', valZh: '甲' });
    expect(badCode.body).toMatchObject({ code: 400, field: 'k' });
    const empty = await api('POST', '/sys/dict/save', admin.token, { type: 'payType', k: 'x2', valZh: ' ' });
    expect(empty.body).toMatchObject({ code: 400, field: 'valZh' });
    const extra = await api('POST', '/sys/dict/save', admin.token, {
      type: 'payType',
      k: 'x3',
      valZh: '甲',
      organizationId: 1,
    });
    expect(extra.body).toMatchObject({ code: 400, field: 'organizationId' });
    const entries = await api('GET', '/sys/dict/entries/payType', admin.token);
    expect(entries.body.data.filter((e: { builtin: boolean }) => !e.builtin).map((e: { k: string }) => e.k)).toEqual([
      'ecny',
    ]);
    await api('POST', '/sys/dict/delete', admin.token, { ids: [first.body.data.id] });
    await api('POST', '/sys/dict/delete', other.token, { ids: [theirs.body.data.id] });
  });

  it('are maintained only with the dictionary permissions', async () => {
    expect((await api('GET', '/sys/dict/entries/source', doctor.token)).status).toBe(403);
    expect((await api('POST', '/sys/dict/save', doctor.token, { type: 'source', k: 'z', valZh: '甲' })).status).toBe(
      403,
    );
    expect((await api('POST', '/sys/dict/update', doctor.token, { id: 1, k: 'z', valZh: '甲' })).status).toBe(403);
    expect((await api('POST', '/sys/dict/delete', doctor.token, { ids: [1] })).status).toBe(403);
    expect((await api('GET', '/sys/dict/entries/bogus', admin.token)).body).toMatchObject({ code: 400, field: 'type' });
    const nav = await api('GET', '/sys/menu/nav', admin.token);
    expect(JSON.stringify(nav.body.menuList)).toContain('"/dict"');
    expect(nav.body.permissions).toEqual(expect.arrayContaining(['sys:dict:list', 'sys:dict:save']));
  });
});

describe('organization dictionary lists', () => {
  const org = (type: string, token: string, lang?: string) =>
    api('GET', `/sys/dict/org/${type}`, token, undefined, lang);

  it('answer every type as id and name entries of the current organization', async () => {
    for (const type of ORG_DICT_TYPES) {
      const res = await org(type, doctor.token);
      expect(res.status, type).toBe(200);
      // the demo has no nurse; every other list has demo rows
      if (type !== 'nurse') expect(res.body.data.length, type).toBeGreaterThan(0);
      for (const e of res.body.data) expect(e).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    }
  });

  it('list the staff by role, each organization its own', async () => {
    const doctors = await org('doctor', admin.token);
    expect(doctors.body.data).toEqual([expect.objectContaining({ name: '王医生', roleId: 11 })]);
    const mine = (await org('therapist', admin.token)).body.data.map((e: { name: string }) => e.name);
    // the first organization's demo therapists (the work-order demo adds 陈 and 刘 for its therapist groups)
    expect([...mine].sort()).toEqual(['刘治疗师', '李治疗师', '陈治疗师'].sort());
    const theirs = (await org('therapist', therapist2.token)).body.data.map((e: { name: string }) => e.name);
    expect(theirs.sort()).toEqual(['李治疗师', '赵治疗师'].sort());
    expect(theirs).not.toContain('陈治疗师');
    const roles = (await org('role', admin.token, 'en')).body.data.map((e: { name: string }) => e.name);
    expect(roles).toEqual(expect.arrayContaining(['Super administrator', 'Therapist']));
    const offices = (await org('office', admin.token, 'en')).body.data.map((e: { name: string }) => e.name);
    expect(offices).toContain('Physical Therapy');
  });

  it('offer only enabled equipment, names in the reader language, and refuse an unknown type', async () => {
    const equipment = (await org('equipment', admin.token)).body.data.map((e: { name: string }) => e.name);
    expect(equipment).toContain('中频电疗仪');
    expect(equipment).not.toContain('上肢康复机器人');
    expect((await org('part', admin.token, 'en')).body.data.map((e: { name: string }) => e.name)).toContain('Knee');
    const bad = await org('projectTemplateX', admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'type', msgKey: 'dict.unknownType' });
    expect((await org('__proto__', admin.token)).status).toBe(400);
    expect((await api('GET', '/sys/dict/org/doctor', undefined)).status).toBe(401);
  });
});

describe('further select calls of spec section 7', () => {
  it('post subtypes of one post type (selectSmallTypeComboBox)', async () => {
    const types = (await api('GET', '/sys/posttype/select', doctor.token)).body.data as { id: number; name: string }[];
    const therapistType = types.find((t) => t.name === '治疗师')!;
    const all = await api('GET', '/sys/postsmalltype/selectSmallTypeComboBox', doctor.token);
    expect(all.body.data).toHaveLength(5);
    const some = await api(
      'GET',
      `/sys/postsmalltype/selectSmallTypeComboBox?postTypeId=${therapistType.id}`,
      doctor.token,
    );
    expect(some.body.data.map((e: { name: string }) => e.name)).toEqual([
      '物理治疗师（PT）',
      '作业治疗师（OT）',
      '言语治疗师（ST）',
    ]);
    const bad = await api('GET', '/sys/postsmalltype/selectSmallTypeComboBox?postTypeId=abc', doctor.token);
    expect(bad.body).toMatchObject({ code: 400, field: 'postTypeId' });
  });

  it('professions, relations and nationalities in the reader language', async () => {
    const professions = await api('GET', '/sys/profession/selectProfessionList', doctor.token, undefined, 'en');
    expect(professions.body.data.map((e: { name: string }) => e.name)).toContain('Teacher');
    const relations = await api('GET', '/sys/relation/selectRelationList', doctor.token);
    expect(relations.body.data.map((e: { name: string }) => e.name)).toContain('配偶');
    const nations = await api('POST', '/sys/patient/selectNationalityList', doctor.token, {}, 'en');
    expect(nations.status).toBe(200);
    expect(nations.body.data[0]).toEqual({ id: expect.any(Number), name: 'China' });
    expect((await api('POST', '/sys/patient/selectNationalityList', undefined, {})).status).toBe(401);
  });

  it('enabled equipment of a category (getEquipmentList) and the locations in use (locationSelectList)', async () => {
    const cats = (await api('GET', '/sys/equipmenttype/select', doctor.token)).body.data as {
      id: number;
      name: string;
    }[];
    const electro = cats.find((c) => c.name === '电疗设备')!;
    const robots = cats.find((c) => c.name === '康复机器人')!;
    const list = await api('GET', `/sys/equipment/getEquipmentList?equipmentTypeId=${electro.id}`, doctor.token);
    expect(list.body.data.map((e: { name: string }) => e.name)).toEqual(['中频电疗仪', '低频脉冲治疗仪']);
    // the only robot is being repaired: not offered
    expect(
      (await api('GET', `/sys/equipment/getEquipmentList?equipmentTypeId=${robots.id}`, doctor.token)).body.data,
    ).toEqual([]);
    const locations = await api('GET', '/sys/equipment/locationSelectList', doctor.token);
    expect(locations.body.data).toEqual([...new Set(locations.body.data)]);
    expect(locations.body.data).toEqual(expect.arrayContaining(['物理治疗室 1 号床', '牵引室', '作业治疗室']));
    const elsewhere = await api('GET', '/sys/equipment/locationSelectList', other.token);
    expect(elsewhere.status).toBe(200);
  });
});

describe('export of a master-data table', () => {
  it('answers every row matching the search, and refuses more than the bound with a clear message', async () => {
    const unit = entityByName('unit')!;
    const all = await api('POST', '/sys/unit/export', admin.token, {});
    expect(all.status).toBe(200);
    const listed = await api('POST', '/sys/unit/list', admin.token, { limit: 1000 });
    expect(all.body.data.list).toEqual(listed.body.data.list);
    const one = await api('POST', '/sys/unit/export', admin.token, { name: '分钟' });
    expect(one.body.data).toMatchObject({ totalCount: 1, list: [{ name: '分钟' }] });
    expect((await api('POST', '/sys/unit/export', admin.token, { name: 'x'.repeat(101) })).body.field).toBe('name');
    // GET list entities export with GET
    const places = await api('GET', '/sys/place/export?status=0', admin.token);
    expect(places.body.data.list.map((r: { name: string }) => r.name)).toEqual(['水疗室']);

    const t = tableOf(unit.name);
    const rows = Array.from({ length: EXPORT_MAX_ROWS + 1 }, (_, i) => ({
      organizationId: other.organizationId,
      name: `批量单位${i}`,
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 2000) {
      const inserted = await s.app.db
        .insert(t)
        .values(rows.slice(i, i + 2000))
        .returning({ id: t.id });
      ids.push(...inserted.map((r: { id: number }) => r.id));
    }
    try {
      const refused = await api('POST', '/sys/unit/export', other.token, {}, 'en');
      expect(refused.status).toBe(400);
      expect(refused.body.msgKey).toBe('masterData.exportTooMany');
      expect(refused.body.msg).toMatch(/^10\d{3} rows match the search; an export holds at most 10000/);
      const narrowed = await api('POST', '/sys/unit/export', other.token, { name: '批量单位999' });
      expect(narrowed.body.data.totalCount).toBe(11);
    } finally {
      for (let i = 0; i < ids.length; i += 2000) await s.app.db.delete(t).where(inArray(t.id, ids.slice(i, i + 2000)));
    }
  });
});
