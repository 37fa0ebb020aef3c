import { RoleId } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './harness';

// Posts of a user per organization membership (post type, post small type) and the dictionaries built on them:
// realDoctor (post type code 10) and therapist (with its post small type, filterable).

let s: TestServer;
let sup: string;
let admin: string;
let org1: number;
let org2: number;
type Entry = { id: number; name: string } & Record<string, unknown>;
let postTypes1: Entry[];
let smallTypes1: Entry[];
let postTypes2: Entry[];

const dict = async (token: string, type: string, query = '') =>
  s.api('GET', `/api/sys/dict/org/${type}${query}`, { token });
const byName = (list: Entry[], name: string) => list.find((e) => e.name === name)!;

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  ({ token: sup, organizationId: org1 } = await s.loginInto(DEMO.superAdmin));
  ({ token: admin } = await s.loginInto(DEMO.orgAdmin));
  const orgs = await s.api('GET', '/api/sys/organization/chooseOrganizationList', { token: sup });
  org2 = orgs.body.data.list[1].id;
  postTypes1 = (await dict(admin, 'postType')).body.data;
  smallTypes1 = (await dict(admin, 'postSmallType')).body.data;
  await s.api('GET', `/api/sys/organization/chooseOrganization?id=${org2}`, { token: sup });
  postTypes2 = (await dict(sup, 'postType')).body.data;
});
afterAll(async () => {
  await s?.close();
});

let phoneSeq = 0;
const newPhone = () => `1391111${String(1000 + ++phoneSeq).slice(-4)}`;

const save = (body: Record<string, unknown>, lang?: string) =>
  s.api('POST', '/api/sys/user/save', { token: admin, body: { name: '岗位测试', phone: newPhone(), ...body }, lang });
const membership = (extra: Record<string, unknown>) => ({
  organizationId: org1,
  roleIds: [RoleId.therapist],
  ...extra,
});

describe('posts of a user', () => {
  it('saves, returns and updates the post type and post small type of a membership', async () => {
    const therapist = byName(postTypes1, '治疗师');
    const st = byName(smallTypes1, '言语治疗师（ST）');
    const res = await save({ memberships: [membership({ postTypeId: therapist.id, postSmallTypeId: st.id })] });
    expect(res.body.code).toBe(0);
    const id = res.body.data.id as number;
    const info = await s.api('GET', `/api/sys/user/info/${id}/${org1}`, { token: admin });
    expect(info.body.data.memberships[0]).toMatchObject({ postTypeId: therapist.id, postSmallTypeId: st.id });

    const doctorType = byName(postTypes1, '医生');
    const upd = await s.api('POST', '/api/sys/user/update', {
      token: admin,
      body: {
        id,
        name: '岗位测试',
        phone: info.body.data.phone,
        memberships: [membership({ postTypeId: doctorType.id, postSmallTypeId: '' })],
      },
    });
    expect(upd.body.code).toBe(0);
    const after = await s.api('GET', `/api/sys/user/info/${id}/${org1}`, { token: admin });
    expect(after.body.data.memberships[0]).toMatchObject({ postTypeId: doctorType.id, postSmallTypeId: null });
    // the new doctor by post is a realDoctor now, without holding the doctor role
    expect((await dict(admin, 'realDoctor')).body.data.map((e: Entry) => e.id)).toContain(id);
  });

  it("refuses another organization's post type and a small type of another post type, writing nothing", async () => {
    const before = (await s.api('GET', '/api/sys/user/list?limit=100', { token: admin })).body.data.totalCount;
    const foreign = byName(postTypes2, '医生');
    const res = await save({ memberships: [membership({ postTypeId: foreign.id })] }, 'en');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('memberships.0.postTypeId');
    expect(res.body.msg).toBe('The selected post type does not belong to that organization');
    const zh = await save({ memberships: [membership({ postTypeId: foreign.id })] });
    expect(zh.body.msg).toBe('所选岗位类型不属于该机构');

    const mismatch = await save({
      memberships: [
        membership({
          postTypeId: byName(postTypes1, '医生').id,
          postSmallTypeId: byName(smallTypes1, '物理治疗师（PT）').id,
        }),
      ],
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.field).toBe('memberships.0.postSmallTypeId');
    const alone = await save({ memberships: [membership({ postSmallTypeId: byName(smallTypes1, '康复医师').id })] });
    expect(alone.status).toBe(400);
    const bad = await save({ memberships: [membership({ postTypeId: 'x' })] });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('memberships.0.postTypeId');
    const after = (await s.api('GET', '/api/sys/user/list?limit=100', { token: admin })).body.data.totalCount;
    expect(after).toBe(before);
  });

  it('refuses to delete a post type or post small type a user holds', async () => {
    // 行政 has no small types: only the user holding it keeps it from being deleted
    const adminType = byName(postTypes1, '行政');
    const held = await save({ memberships: [membership({ postTypeId: adminType.id })] });
    expect(held.body.code).toBe(0);
    const del = await s.api('POST', '/api/sys/posttype/delete', { token: admin, body: [adminType.id], lang: 'en' });
    expect(del.status).toBe(409);
    expect(del.body.msg).toBe('This Post type is used by other data and cannot be deleted');
    const small = await s.api('POST', '/api/sys/postsmalltype/delete', {
      token: admin,
      body: [byName(smallTypes1, '康复医师').id],
    });
    expect(small.status).toBe(409);
    expect((await dict(admin, 'postType')).body.data.map((e: Entry) => e.id)).toContain(adminType.id);
    expect((await dict(admin, 'postSmallType')).body.data).toHaveLength(smallTypes1.length);
  });
});

describe('GET /api/sys/user/postOptions', () => {
  it("answers an organization's post types with codes and its small types with their post type", async () => {
    const res = await s.api('GET', '/api/sys/user/postOptions', { token: admin, lang: 'en' });
    expect(res.body.code).toBe(0);
    expect(res.body.data.postTypes).toContainEqual({ id: byName(postTypes1, '医生').id, name: 'Doctor', code: 10 });
    expect(res.body.data.postSmallTypes).toContainEqual({
      id: byName(smallTypes1, '康复医师').id,
      name: 'Rehabilitation physician',
      postTypeId: byName(postTypes1, '医生').id,
    });
    const zh = await s.api('GET', '/api/sys/user/postOptions', { token: admin });
    expect(zh.body.data.postSmallTypes.map((p: Entry) => p.name)).toContain('康复医师');
    expect(zh.body.data.postTypes.map((p: Entry) => p.name)).toContain('医生');
    // another organization: the super administrator only
    expect((await s.api('GET', `/api/sys/user/postOptions?organizationId=${org2}`, { token: admin })).status).toBe(403);
    const other = await s.api('GET', `/api/sys/user/postOptions?organizationId=${org2}`, { token: sup });
    expect(other.body.data.postTypes.map((p: Entry) => p.id)).toEqual(postTypes2.map((p) => p.id));
    const { token: doctor } = await s.loginInto(DEMO.doctor);
    expect((await s.api('GET', '/api/sys/user/postOptions', { token: doctor })).status).toBe(403);
  });
});

describe('realDoctor and therapist dictionaries', () => {
  it('realDoctor lists the users whose post type has code 10', async () => {
    const list: Entry[] = (await dict(admin, 'realDoctor')).body.data;
    const names = list.map((e) => e.name);
    expect(names).toContain('王医生');
    expect(names).not.toContain('李治疗师');
    expect(list.find((e) => e.name === '王医生')).toMatchObject({ userId: expect.any(Number) });
  });

  it('therapist entries carry the post small type and filter by it', async () => {
    const all: Entry[] = (await dict(admin, 'therapist')).body.data;
    const pt = byName(smallTypes1, '物理治疗师（PT）');
    expect(all.find((e) => e.name === '李治疗师')).toMatchObject({
      postSmallType: pt.id,
      postSmallTypeName: '物理治疗师（PT）',
      roleId: RoleId.therapist,
    });
    const onlyPt: Entry[] = (await dict(admin, 'therapist', `?postSmallType=${pt.id}`)).body.data;
    expect(onlyPt.map((e) => e.name)).toContain('李治疗师');
    expect(onlyPt.every((e) => e.postSmallType === pt.id)).toBe(true);
    const ot = byName(smallTypes1, '作业治疗师（OT）');
    const onlyOt: Entry[] = (await dict(admin, 'therapist', `?postSmallType=${ot.id}`)).body.data;
    expect(onlyOt.map((e) => e.name)).not.toContain('李治疗师');
    const en: Entry[] = (await s.api('GET', '/api/sys/dict/org/therapist', { token: admin, lang: 'en' })).body.data;
    expect(en.find((e) => e.name === '李治疗师')?.postSmallTypeName).toBe('Physical therapist (PT)');
    // blank filter: all
    expect((await dict(admin, 'therapist', '?postSmallType=')).body.data).toHaveLength(all.length);
    const bad = await dict(admin, 'therapist', '?postSmallType=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('postSmallType');
  });
});

describe('the post in the users list', () => {
  const row = async (name: string, lang?: string) =>
    (
      await s.api('GET', `/api/sys/user/list?limit=100&name=${encodeURIComponent(name)}`, { token: admin, lang })
    ).body.data.list.find((u: Entry) => u.name === name) as Entry;

  it("shows each user's post in the listed organization, in the caller's language", async () => {
    const pt = byName(smallTypes1, '物理治疗师（PT）');
    expect(await row('李治疗师')).toMatchObject({
      postTypeId: byName(postTypes1, '治疗师').id,
      postTypeName: '治疗师',
      postSmallTypeId: pt.id,
      postSmallTypeName: '物理治疗师（PT）',
    });
    expect(await row('李治疗师', 'en')).toMatchObject({
      postTypeName: 'Therapist',
      postSmallTypeName: 'Physical therapist (PT)',
    });
    // the user form's info carries the same post
    const info = await s.api('GET', `/api/sys/user/info/${(await row('李治疗师')).id}/${org1}`, {
      token: admin,
      lang: 'en',
    });
    expect(info.body.data).toMatchObject({ postTypeName: 'Therapist', postSmallTypeName: 'Physical therapist (PT)' });
    // no post: nulls
    const none = await save({ name: '无岗位', memberships: [membership({})] });
    expect(none.body.code).toBe(0);
    expect(await row('无岗位', 'en')).toMatchObject({
      postTypeId: null,
      postTypeName: null,
      postSmallTypeId: null,
      postSmallTypeName: null,
    });
  });

  it('falls back to the Chinese name where a post small type has no English name', async () => {
    const therapist = byName(postTypes1, '治疗师');
    const made = await s.api('POST', '/api/sys/postsmalltype/save', {
      token: admin,
      body: { name: '心理治疗师', postTypeId: therapist.id, sort: 9 },
    });
    expect(made.body.code).toBe(0);
    const small: Entry = (await dict(admin, 'postSmallType')).body.data.find((e: Entry) => e.name === '心理治疗师');
    const res = await save({
      name: '心理岗位',
      memberships: [membership({ postTypeId: therapist.id, postSmallTypeId: small.id })],
    });
    expect(res.body.code).toBe(0);
    expect(await row('心理岗位', 'en')).toMatchObject({ postTypeName: 'Therapist', postSmallTypeName: '心理治疗师' });
    const options = await s.api('GET', '/api/sys/user/postOptions', { token: admin, lang: 'en' });
    expect(options.body.data.postSmallTypes).toContainEqual({
      id: small.id,
      name: '心理治疗师',
      postTypeId: therapist.id,
    });
    // an English name given on the post small type screen shows from then on
    const upd = await s.api('POST', '/api/sys/postsmalltype/update', {
      token: admin,
      body: { id: small.id, name: '心理治疗师', nameEn: 'Psychotherapist', postTypeId: therapist.id, sort: 9 },
    });
    expect(upd.body.code).toBe(0);
    expect(await row('心理岗位', 'en')).toMatchObject({ postSmallTypeName: 'Psychotherapist' });
    expect(await row('心理岗位')).toMatchObject({ postSmallTypeName: '心理治疗师' });
    const bad = await s.api('POST', '/api/sys/postsmalltype/update', {
      token: admin,
      body: { id: small.id, name: '心理治疗师', nameEn: '心理', postTypeId: therapist.id, sort: 9 },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('nameEn');
  });
});
