import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTITIES,
  entityField,
  entityCalls,
  entityPermissions,
  isUpsert,
  type EntityCallName,
  referencesTo,
  refNameKey,
  type EntityDescriptor,
  type FieldDescriptor,
} from '@rehab/shared';
import * as schema from '../src/db/schema';
import { tableOf } from '../src/modules/master-data/master-data.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

// The master-data engine driven over every registered entity: the same calls, rules and refusals for each.

let s: TestServer;
/** organization administrator in the first demo organization */
let admin: { token: string; organizationId: number };
/** super administrator in the other organization */
let other: { token: string; organizationId: number };
/** a doctor of the first organization: no master-data permission */
let doctor: { token: string; organizationId: number };

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.loginInto(DEMO.orgAdmin);
  other = await s.loginInto(DEMO.superAdmin, 1);
  if (other.organizationId === admin.organizationId) other = await s.loginInto(DEMO.superAdmin, 0);
  doctor = await s.loginInto(DEMO.doctor);
});
afterAll(async () => {
  await s.close();
});

let counter = 0;
const api = (method: string, url: string, token: string, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token, body, lang });

/**
 * One of an entity's calls in the shape the descriptor gives it (`entityCalls`): a GET sends the input as query
 * parameters, the other methods as the body; `id` fills `:id`.
 */
function call(
  entity: EntityDescriptor,
  name: EntityCallName,
  token: string | undefined,
  input?: unknown,
  lang?: string,
  id?: number | string,
) {
  const c = entityCalls(entity)[name];
  const url = `/api${c.url.replace(':id', String(id))}`;
  if (c.method !== 'GET') return s.api(c.method, url, { token, body: input, lang });
  const query = new URLSearchParams(
    Object.entries((input ?? {}) as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return s.api('GET', query ? `${url}?${query}` : url, { token, lang });
}
const infoOf = (entity: EntityDescriptor, token: string, id: number | string) =>
  call(entity, 'info', token, undefined, undefined, id);

/** A value each field accepts; `n` keeps unique fields apart. */
function sampleValue(field: FieldDescriptor, n: number, refs: Record<string, number>): unknown {
  switch (field.type) {
    case 'string':
    case 'text':
      switch (field.pattern?.message) {
        case 'validation.landlineFormat':
          return `010-${String(60000000 + n)}`;
        case 'validation.alphanumeric':
          return `T-${n}`;
        case 'validation.countryCode':
          return `Q${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}`;
        case 'validation.noChinese':
          return `Sample ${n}`;
        case 'validation.icdCode':
          return `Q${10 + (n % 90)}.${n % 10000}`;
        case 'validation.icfCode':
          return `b${1 + (n % 99999)}`;
        case 'validation.frequency':
          return '1/2';
        case 'validation.imageUrl':
          return `https://img.example.com/p${n}.png`;
        default:
          return field.required ? `测试${n}` : `备${n}`;
      }
    case 'int':
      return Math.min(field.max, Math.max(field.min, 500 + n));
    case 'decimal':
      return Math.min(field.max, Math.max(field.min, 12.5));
    case 'bool':
      return true;
    case 'enum':
      return field.options[field.options.length - 1]!.value;
    case 'ref':
      return refs[field.entity];
    case 'date':
      return '2024-05-06';
  }
}

/** Ids of a row of every referenced entity in the admin's organization (from the select call). */
async function refIdsFor(entity: EntityDescriptor, token: string): Promise<Record<string, number>> {
  const refs: Record<string, number> = {};
  for (const field of entity.fields) {
    if (field.type !== 'ref') continue;
    const target = ENTITIES.find((e) => e.name === field.entity)!;
    const res = await api('GET', `${target.api}/select`, token);
    expect(res.body.code).toBe(0);
    refs[field.entity] = res.body.data[0].id;
  }
  return refs;
}

function samplePayload(entity: EntityDescriptor, refs: Record<string, number>) {
  const n = ++counter;
  return Object.fromEntries(entity.fields.map((f) => [f.name, sampleValue(f, n, refs)]));
}

describe('tables', () => {
  it('exports a table of every entity for drizzle-kit', () => {
    const exported = Object.values(schema);
    for (const e of ENTITIES) expect(exported, e.name).toContain(tableOf(e.name));
  });
});

describe('menus', () => {
  it('give the organization administrator every maintenance screen and its buttons', async () => {
    const nav = await api('GET', '/sys/menu/nav', admin.token);
    const urls: string[] = [];
    const walk = (nodes: { url: string | null; list: never[] }[]) =>
      nodes.forEach((n) => {
        if (n.url) urls.push(n.url);
        walk(n.list);
      });
    walk(nav.body.menuList);
    for (const e of ENTITIES.filter((x) => !x.platform)) {
      expect(urls, e.route).toContain(e.route);
      for (const code of Object.values(entityPermissions(e))) expect(nav.body.permissions).toContain(code);
    }
    const dirs = nav.body.menuList.map((m: { name: string }) => m.name);
    expect(dirs).toEqual(expect.arrayContaining(['科室维护', '治疗维护', '系统维护']));
  });
  it('give the doctor none of them', async () => {
    const nav = await api('GET', '/sys/menu/nav', doctor.token);
    expect(JSON.stringify(nav.body.menuList)).not.toContain('/maintain');
    expect(nav.body.permissions.filter((p: string) => p.startsWith('sys:duty'))).toEqual([]);
  });
});

describe.each(ENTITIES.map((e) => [e.name, e] as const))('%s', (_name, entity) => {
  const perms = entityPermissions(entity);
  const display = entity.display;
  const displayLabel = entity.fields.find((f) => f.name === display)!.label;
  let refs: Record<string, number>;
  let created: Record<string, any>;

  /** who maintains the rows: the organization administrator, or for a platform entity the super administrator */
  let owner: { token: string; organizationId: number };

  beforeAll(async () => {
    owner = entity.platform ? other : admin;
    refs = await refIdsFor(entity, owner.token);
  });

  it('lists the demo rows, ten a page by default', async () => {
    const res = await call(entity, 'list', owner.token, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ currPage: 1, pageSize: 10 });
    expect(res.body.data.totalCount).toBeGreaterThan(0);
    expect(res.body.data.list.length).toBe(Math.min(10, res.body.data.totalCount));
    // issue 21: every demo row of a named entity has its English name, so the English screens read English
    if (entityField(entity, 'nameEn'))
      for (const row of res.body.data.list)
        expect(row.nameEn, `${entity.name} ${row[display]}`).toMatch(/^[^\u4e00-\u9fff]+$/);
  });

  it('creates, reads, updates, searches and deletes a row', async () => {
    const payload = samplePayload(entity, refs);
    const save = await call(entity, 'save', owner.token, {
      ...payload,
      organizationId: other.organizationId,
    });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    created = save.body.data;
    expect(created.id).toBeGreaterThan(0);
    expect(created).toMatchObject(payload);
    for (const f of entity.fields.filter((x) => x.type === 'ref')) expect(created[refNameKey(f.name)]).toBeTruthy();

    const info = await infoOf(entity, owner.token, created.id);
    expect(info.body.data).toMatchObject(payload);

    const renamed = `${payload[display]}改`;
    const update = await call(entity, 'update', owner.token, {
      ...payload,
      id: created.id,
      [display]: renamed,
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect(update.body.data[display]).toBe(renamed);
    expect((await infoOf(entity, owner.token, created.id)).body.data[display]).toBe(renamed);

    // the search matches a part of the name, and every other search field exactly
    const search: Record<string, unknown> = { [display]: renamed.slice(1) };
    for (const name of entity.search) if (name !== display) search[name] = payload[name];
    const list = await call(entity, 'list', owner.token, { ...search, page: 1, limit: 5 });
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((r: { id: number }) => r.id)).toEqual([created.id]);
    const none = await call(entity, 'list', owner.token, { [display]: `${renamed}不存在` });
    expect(none.body.data).toMatchObject({ list: [], totalCount: 0 });

    const del = await call(entity, 'delete', owner.token, [created.id]);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await infoOf(entity, owner.token, created.id)).status).toBe(404);
    expect((await call(entity, 'delete', owner.token, { ids: [created.id] })).status).toBe(404);
  });

  it('refuses a bad payload with 400 naming the field in its own words', async () => {
    const payload = samplePayload(entity, refs);
    const missing = await call(entity, 'save', owner.token, { ...payload, [display]: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 400, field: display, msgKey: 'validation.required' });
    expect(missing.body.msg).toBe(`${displayLabel['zh-CN']}不能为空`);

    const tooLong = await call(entity, 'save', owner.token, { ...payload, [display]: 'x'.repeat(80) }, 'en');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field).toBe(display);
    expect(tooLong.body.msg).toContain(displayLabel.en);

    // every field refuses a value of the wrong kind, and the message names that field
    for (const field of entity.fields) {
      const wrong = field.type === 'string' || field.type === 'text' ? { bad: 1 } : 'not valid';
      const res = await call(entity, 'save', owner.token, { ...payload, [field.name]: wrong });
      expect(res.status, `${field.name}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.field).toBe(field.name);
      expect(res.body.msg).toContain(field.label['zh-CN']);
    }

    // an update needs a valid id; where one call saves and updates, a body without an id creates instead
    const noId = await call(entity, 'update', owner.token, isUpsert(entity) ? { ...payload, id: 'x' } : payload);
    expect(noId.status).toBe(400);
    expect(noId.body.field).toBe('id');
    for (const body of ['not json', [], { ids: [] }, { ids: ['x'] }, [2147483648]]) {
      const res = await call(entity, 'delete', owner.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const id of ['abc', '0', '99999999999']) {
      expect((await infoOf(entity, owner.token, id)).status).toBe(400);
    }
    const badPage = await call(entity, 'list', owner.token, { limit: 100000 });
    expect(badPage.status).toBe(400);
    expect(badPage.body.field).toBe('limit');
  });

  it('refuses a duplicate of a unique field with 409 naming it', async () => {
    const payload = samplePayload(entity, refs);
    const first = await call(entity, 'save', owner.token, payload);
    expect(first.status).toBe(200);
    const id = first.body.data.id;
    for (const name of entity.unique) {
      const field = entity.fields.find((f) => f.name === name)!;
      const again = samplePayload(entity, refs);
      const value = typeof payload[name] === 'string' ? (payload[name] as string).toLowerCase() : payload[name];
      const dup = await call(entity, 'save', owner.token, { ...again, [name]: value });
      if (
        field.type === 'string' &&
        ['validation.countryCode', 'validation.icdCode'].includes(field.pattern?.message ?? '')
      ) {
        // lower case is not a country or ICD-10 code: the format check answers first
        expect(dup.status).toBe(400);
        continue;
      }
      expect(dup.status, `${name}: ${JSON.stringify(dup.body)}`).toBe(409);
      expect(dup.body).toMatchObject({ code: 409, msgKey: 'masterData.duplicate', field: name });
      expect(dup.body.msg).toContain(field.label['zh-CN']);
      // the same value on another row's update, but not on the row itself
      const second = await call(entity, 'save', owner.token, again);
      expect(second.status).toBe(200);
      const clash = await call(entity, 'update', owner.token, {
        ...again,
        id: second.body.data.id,
        [name]: payload[name],
      });
      expect(clash.status).toBe(409);
      expect((await call(entity, 'update', owner.token, { ...payload, id })).status).toBe(200);
      await call(entity, 'delete', owner.token, [second.body.data.id]);
    }
    // another organization may use the same name (a platform entity is one list for all)
    if (entity.platform) {
      await call(entity, 'delete', owner.token, [id]);
      return;
    }
    const otherRefs = await refIdsFor(entity, other.token);
    const elsewhere = await call(entity, 'save', other.token, {
      ...samplePayload(entity, otherRefs),
      [display]: payload[display],
    });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    await call(entity, 'delete', other.token, [elsewhere.body.data.id]);
    await call(entity, 'delete', owner.token, [id]);
  });

  it.skipIf(entity.platform)("answers another organization's id as not found, and never shows its rows", async () => {
    const mine = await call(entity, 'save', owner.token, samplePayload(entity, refs));
    const id = mine.body.data.id;
    const otherRefs = await refIdsFor(entity, other.token);
    expect((await infoOf(entity, other.token, id)).status).toBe(404);
    const update = await call(entity, 'update', other.token, { ...samplePayload(entity, otherRefs), id });
    expect(update.status).toBe(404);
    expect((await call(entity, 'delete', other.token, [id])).status).toBe(404);
    const list = await call(entity, 'list', other.token, { limit: 1000 });
    expect(list.body.data.list.map((r: { id: number }) => r.id)).not.toContain(id);
    const select = await api('GET', `${entity.api}/select`, other.token);
    expect(select.body.data.map((r: { id: number }) => r.id)).not.toContain(id);
    // a mixed delete removes nothing
    const theirs = await call(entity, 'save', other.token, samplePayload(entity, otherRefs));
    expect((await call(entity, 'delete', other.token, [theirs.body.data.id, id])).status).toBe(404);
    expect((await infoOf(entity, other.token, theirs.body.data.id)).status).toBe(200);
    expect((await infoOf(entity, owner.token, id)).body.data[display]).toBe(mine.body.data[display]);
    await call(entity, 'delete', other.token, [theirs.body.data.id]);
    await call(entity, 'delete', owner.token, [id]);
  });

  it('refuses a session without the permission (403) and one without a token (401)', async () => {
    const payload = samplePayload(entity, refs);
    const calls: [EntityCallName, unknown?][] = [
      ['list', {}],
      ['export', {}],
      ['info'],
      ['save', payload],
      ['update', { ...payload, id: 1 }],
      ['delete', [1]],
    ];
    for (const [name, body] of calls) {
      const res = await call(entity, name, doctor.token, body, undefined, 1);
      expect(res.status, name).toBe(403);
      expect(res.body.code).toBe(403);
      expect((await call(entity, name, undefined, body, undefined, 1)).status).toBe(401);
    }
    expect(Object.values(perms).every((p) => p.startsWith(`${entity.perm}:`))).toBe(true);
    // the dropdown list is for every member of the organization
    const select = await api('GET', `${entity.api}/select`, doctor.token);
    expect(select.status).toBe(200);
    expect(select.body.data[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });

  const usedBy = referencesTo(entity.name);
  // only entities something refers to have this case
  if (usedBy.length > 0)
    it('refuses to delete a row another entity uses (409 naming it)', async () => {
      const parent = await call(entity, 'save', owner.token, samplePayload(entity, refs));
      expect(parent.status).toBe(200);
      const { entity: user } = usedBy[0]!;
      const userRefs = { ...(await refIdsFor(user, owner.token)), [entity.name]: parent.body.data.id };
      const child = await call(user, 'save', owner.token, samplePayload(user, userRefs));
      expect(child.status, JSON.stringify(child.body)).toBe(200);

      const refused = await call(entity, 'delete', owner.token, [parent.body.data.id]);
      expect(refused.status).toBe(409);
      expect(refused.body.msgKey).toBe('masterData.inUse');
      expect(refused.body.msg).toContain(user.label['zh-CN']);
      expect(refused.body.msg).toContain(parent.body.data[display]);
      const en = await call(entity, 'delete', owner.token, [parent.body.data.id], 'en');
      expect(en.body.msg).toContain(`1 ${user.label.en}`);
      expect((await infoOf(entity, owner.token, parent.body.data.id)).status).toBe(200);

      // a reference to another organization's row is refused as a bad field
      const theirs = await call(
        entity,
        'save',
        other.token,
        samplePayload(entity, await refIdsFor(entity, other.token)),
      );
      const crossField = usedBy[0]!.field.name;
      const cross = await call(user, 'save', owner.token, {
        ...samplePayload(user, userRefs),
        [crossField]: theirs.body.data.id,
      });
      expect(cross.status).toBe(400);
      expect(cross.body).toMatchObject({ field: crossField, msgKey: 'validation.refNotFound' });
      await call(entity, 'delete', other.token, [theirs.body.data.id]);

      expect((await call(user, 'delete', owner.token, [child.body.data.id])).status).toBe(200);
      expect((await call(entity, 'delete', owner.token, [parent.body.data.id])).status).toBe(200);
    });
});

describe('select lists', () => {
  it('offer only enabled equipment, and English names to English readers', async () => {
    const equipment = ENTITIES.find((e) => e.name === 'equipment')!;
    const select = await api('GET', `${equipment.api}/select`, admin.token);
    const list = await call(equipment, 'list', admin.token, { limit: 100 });
    const enabled = list.body.data.list
      .filter((r: { status: number }) => r.status === 1)
      .map((r: { id: number }) => r.id);
    expect(select.body.data.map((r: { id: number }) => r.id).sort()).toEqual(enabled.sort());
    expect(enabled.length).toBeLessThan(list.body.data.totalCount);

    const part = ENTITIES.find((e) => e.name === 'part')!;
    const en = await api('GET', `${part.api}/select`, admin.token, undefined, 'en');
    expect(en.body.data.map((r: { name: string }) => r.name)).toContain('Knee');
    const zh = await api('GET', `${part.api}/select`, admin.token);
    expect(zh.body.data.map((r: { name: string }) => r.name)).toContain('膝');
  });
  it('list rows in sort order with the referenced names', async () => {
    const small = ENTITIES.find((e) => e.name === 'postSmallType')!;
    const list = await call(small, 'list', admin.token, {});
    const sorts = list.body.data.list.map((r: { sort: number }) => r.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(list.body.data.list[0]).toMatchObject({ name: '康复医师', postTypeName: '医生' });
  });
});

describe('treatment-order templates', () => {
  const precept = ENTITIES.find((e) => e.name === 'preceptTemplate')!;
  it('start from the demo orders with their project, searched by category and kind', async () => {
    const list = await call(precept, 'list', admin.token, { limit: 100 });
    const traction = list.body.data.list.find((r: { name: string }) => r.name === '颈椎牵引医嘱');
    expect(traction).toMatchObject({ category: 1, orderKind: 1, frequency: '1', projectTemplateName: '颈椎牵引' });
    expect(traction.contentEn).toMatch(/^Seated cervical traction/);
    const precautions = await call(precept, 'list', admin.token, { category: 5, orderKind: 2 });
    expect(precautions.body.data.list.map((r: { name: string }) => r.name)).toEqual(['电疗禁忌提示']);
  });
  it('refuses Chinese in the English text and a frequency outside the projects rule', async () => {
    const base = { name: '术后冰敷', content: '术后48小时内冰敷，每次15分钟', category: 2, orderKind: 2, status: 1 };
    const chinese = await call(precept, 'save', admin.token, { ...base, contentEn: 'Ice 冰敷' }, 'en');
    expect(chinese.status).toBe(400);
    expect(chinese.body).toMatchObject({ field: 'contentEn', msgKey: 'validation.noChinese' });
    const frequency = await call(precept, 'save', admin.token, { ...base, frequency: '2/3' });
    expect(frequency.status).toBe(400);
    expect(frequency.body).toMatchObject({ field: 'frequency', msgKey: 'validation.frequency' });
    const none = await call(precept, 'list', admin.token, { name: '术后冰敷' });
    expect(none.body.data.totalCount).toBe(0);
  });
});

describe('user config', () => {
  const url = '/sys/userConfig/info/master-data/duty';
  it('keeps a setting per user', async () => {
    expect((await api('GET', url, admin.token)).body).toMatchObject({ code: 0, data: null });
    const value = [
      { prop: 'name', checked: true },
      { prop: 'remark', checked: false },
    ];
    const save = await api('POST', '/sys/userConfig/save', admin.token, { a: 'master-data', b: 'duty', value });
    expect(save.status).toBe(200);
    expect((await api('GET', url, admin.token)).body.data).toEqual(value);
    const replaced = [{ prop: 'sort', checked: true }];
    await api('POST', '/sys/userConfig/save', admin.token, { a: 'master-data', b: 'duty', value: replaced });
    expect((await api('GET', url, admin.token)).body.data).toEqual(replaced);
    expect((await api('GET', url, doctor.token)).body.data).toBeNull();
  });
  it('refuses bad keys, oversized values and anonymous callers', async () => {
    expect((await api('GET', '/sys/userConfig/info/a b/c', admin.token)).status).toBe(400);
    const big = await api('POST', '/sys/userConfig/save', admin.token, { a: 'x', b: 'y', value: 'z'.repeat(20000) });
    expect(big.status).toBe(400);
    expect(big.body.field).toBe('value');
    expect((await api('POST', '/sys/userConfig/save', admin.token, { a: 'x', value: 1 })).body.field).toBe('b');
    expect((await s.api('GET', `/api${url}`)).status).toBe(401);
  });
});
