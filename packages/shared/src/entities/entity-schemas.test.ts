import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import { checkField, entityProblems, entitySchemas, todayIso } from './entity-schemas';
import type { EntityDescriptor, FieldDescriptor } from './types';

/** A made-up entity with one field of every type. */
const sample: EntityDescriptor = {
  name: 'sample',
  label: { 'zh-CN': '样例', en: 'Sample' },
  api: '/sys/sample',
  route: '/maintainSystem/sample',
  group: 'maintainSystem',
  perm: 'sys:sample',
  fields: [
    {
      name: 'name',
      type: 'string',
      label: { 'zh-CN': '样例名称', en: 'Sample name' },
      required: true,
      max: 10,
      maxWidth: 12,
    },
    { name: 'address', type: 'text', label: { 'zh-CN': '地址', en: 'Address' }, max: 60, maxWidth: 60, maxChinese: 30 },
    {
      name: 'code',
      type: 'string',
      label: { 'zh-CN': '代码', en: 'Code' },
      max: 3,
      pattern: { regex: '^[A-Z]+$', message: 'validation.countryCode' },
    },
    { name: 'sort', type: 'int', label: { 'zh-CN': '排序', en: 'Sort' }, min: 1, max: 9999 },
    { name: 'count', type: 'int', label: { 'zh-CN': '次数', en: 'Count' }, min: 0, max: 10, required: true },
    { name: 'price', type: 'decimal', label: { 'zh-CN': '价格', en: 'Price' }, min: 0.01, max: 99999.99, scale: 2 },
    { name: 'active', type: 'bool', label: { 'zh-CN': '启用', en: 'Active' } },
    {
      name: 'status',
      type: 'enum',
      label: { 'zh-CN': '状态', en: 'Status' },
      required: true,
      default: 1,
      options: [
        { value: 1, label: { 'zh-CN': '启用', en: 'Enabled' } },
        { value: 0, label: { 'zh-CN': '停用', en: 'Disabled' } },
      ],
    },
    { name: 'partId', type: 'ref', entity: 'part', label: { 'zh-CN': '部位', en: 'Body part' } },
    { name: 'boughtOn', type: 'date', label: { 'zh-CN': '购置日期', en: 'Purchase date' }, mode: 'beforeToday' },
    { name: 'dueOn', type: 'date', label: { 'zh-CN': '到期日期', en: 'Due date' }, mode: 'afterToday' },
  ],
  columns: [{ field: 'name' }],
  search: ['name', 'status', 'partId'],
  unique: ['name'],
  display: 'name',
};

const field = (name: string) => sample.fields.find((f) => f.name === name) as FieldDescriptor;
const keyOf = (name: string, value: unknown) => {
  const r = checkField(field(name), value, new Date(2026, 0, 15));
  return r.ok ? null : r.key;
};
const valueOf = (name: string, value: unknown) => {
  const r = checkField(field(name), value, new Date(2026, 0, 15));
  if (!r.ok) throw new Error(r.key);
  return r.value;
};

describe('checkField', () => {
  it('trims text and applies length, width, Chinese-count and pattern limits', () => {
    expect(valueOf('name', '  肩关节  ')).toBe('肩关节');
    expect(keyOf('name', '')).toBe('validation.required');
    expect(keyOf('name', '   ')).toBe('validation.required');
    expect(keyOf('name', 'abcdefghijk')).toBe('validation.tooLong');
    expect(valueOf('name', '六个汉字六个')).toBe('六个汉字六个'); // width 12
    expect(keyOf('name', '七个汉字七个字')).toBe('validation.widthTooLong'); // width 14
    expect(keyOf('address', '字'.repeat(31))).toBe('validation.widthTooLong');
    expect(valueOf('address', '字'.repeat(30))).toBe('字'.repeat(30));
    expect(keyOf('code', 'cn')).toBe('validation.countryCode');
    expect(valueOf('code', 'CHN')).toBe('CHN');
    expect(keyOf('name', 12)).toBe('validation.invalid');
    expect(valueOf('code', '')).toBeNull();
  });
  it('counts the Chinese characters separately when asked', () => {
    const f: FieldDescriptor = { name: 'x', type: 'string', label: { 'zh-CN': 'x', en: 'x' }, max: 100, maxChinese: 2 };
    expect(checkField(f, '汉字ab').ok).toBe(true);
    expect(checkField(f, '三汉字')).toEqual({ ok: false, key: 'validation.chineseTooMany' });
  });
  it('takes whole numbers from numbers or numeric text, within the range', () => {
    expect(valueOf('sort', 3)).toBe(3);
    expect(valueOf('sort', '12')).toBe(12);
    expect(valueOf('sort', null)).toBeNull();
    expect(keyOf('sort', 0)).toBe('validation.positiveInteger');
    expect(keyOf('sort', -5)).toBe('validation.positiveInteger');
    expect(keyOf('sort', 1.5)).toBe('validation.positiveInteger');
    expect(keyOf('sort', 10000)).toBe('validation.range');
    expect(keyOf('sort', 'abc')).toBe('validation.invalid');
    expect(keyOf('sort', '1e3')).toBe('validation.invalid');
    expect(keyOf('count', 11)).toBe('validation.range');
    expect(keyOf('count', 2.5)).toBe('validation.notInteger');
    expect(valueOf('count', 0)).toBe(0);
    expect(keyOf('count', undefined)).toBe('validation.required');
  });
  it('checks prices: range and two decimals', () => {
    expect(valueOf('price', 0.01)).toBe(0.01);
    expect(valueOf('price', '99999.99')).toBe(99999.99);
    expect(valueOf('price', 19.9)).toBe(19.9);
    expect(keyOf('price', 0)).toBe('validation.range');
    expect(keyOf('price', 100000)).toBe('validation.range');
    expect(keyOf('price', 1.234)).toBe('validation.decimalPlaces');
    expect(keyOf('price', Number.NaN)).toBe('validation.invalid');
    expect(keyOf('price', Infinity)).toBe('validation.invalid');
  });
  it('reads flags, enums and references', () => {
    expect(valueOf('active', 1)).toBe(true);
    expect(valueOf('active', 'false')).toBe(false);
    expect(valueOf('active', undefined)).toBe(false);
    expect(keyOf('active', 'yes')).toBe('validation.invalid');
    expect(valueOf('status', 0)).toBe(0);
    expect(valueOf('status', '1')).toBe(1);
    expect(valueOf('status', undefined)).toBe(1); // the default
    expect(keyOf('status', null)).toBe('validation.required');
    expect(keyOf('status', 7)).toBe('validation.invalidOption');
    expect(valueOf('partId', 5)).toBe(5);
    expect(keyOf('partId', 0)).toBe('validation.invalid');
    expect(keyOf('partId', 2147483648)).toBe('validation.invalid');
  });
  it('reads dates as YYYY-MM-DD and applies the before / after today modes', () => {
    expect(valueOf('boughtOn', '2025-03-01')).toBe('2025-03-01');
    expect(valueOf('boughtOn', '2025-03-01 00:00:00')).toBe('2025-03-01');
    expect(valueOf('boughtOn', '2026-01-15')).toBe('2026-01-15'); // today is allowed
    expect(keyOf('boughtOn', '2026-01-16')).toBe('validation.dateAfterToday');
    expect(keyOf('dueOn', '2026-01-14')).toBe('validation.dateBeforeToday');
    expect(keyOf('boughtOn', '2025-02-30')).toBe('validation.dateFormat');
    expect(keyOf('boughtOn', '01/03/2025')).toBe('validation.dateFormat');
    expect(keyOf('boughtOn', 20250301)).toBe('validation.dateFormat');
    expect(todayIso(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('entitySchemas', () => {
  const schemas = entitySchemas(sample);
  it('derives the save schema: normalized values, blanks as null, unknown keys dropped', () => {
    const r = schemas.create.safeParse({ name: ' 样例 ', count: '2', organizationId: 99, price: '', active: 1 });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ name: '样例', count: 2, price: null, active: true, status: 1, partId: null });
    expect(r.data).not.toHaveProperty('organizationId');
  });
  it('derives the update schema with a required id', () => {
    expect(schemas.update.safeParse({ name: 'a', count: 1 }).success).toBe(false);
    expect(schemas.update.safeParse({ id: 3, name: 'a', count: 1 }).data).toMatchObject({ id: 3 });
    expect(schemas.update.safeParse({ id: 0, name: 'a', count: 1 }).success).toBe(false);
  });
  it('derives the list schema: paging defaults and optional search fields', () => {
    expect(schemas.list.parse({})).toEqual({
      page: 1,
      limit: 10,
      name: undefined,
      status: undefined,
      partId: undefined,
    });
    expect(schemas.list.parse({ page: '2', limit: 20, name: ' 肩 ', status: 0, partId: '' })).toMatchObject({
      page: 2,
      limit: 20,
      name: '肩',
      status: 0,
    });
    expect(schemas.list.safeParse({ limit: 5000 }).success).toBe(false);
    expect(schemas.list.safeParse({ status: 9 }).success).toBe(false);
    expect(schemas.list.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
  });
  it('words problems with the entity field labels and limits, in both languages', () => {
    const r = schemas.create.safeParse({ name: '七个汉字七个字', count: 1, sort: 0, price: 1.234 });
    const zh = entityProblems(sample, r.error!.issues, 'zh-CN');
    expect(zh.map((p) => p.field)).toEqual(['name', 'sort', 'price']);
    expect(zh.map((p) => translate('zh-CN', p.key, p.params))).toEqual([
      '样例名称过长（最多 12 个字符，一个汉字计 2 个）',
      '排序须为正整数',
      '价格最多保留 2 位小数',
    ]);
    const en = entityProblems(sample, schemas.create.safeParse({ count: 20 }).error!.issues, 'en');
    expect(en.map((p) => translate('en', p.key, p.params))).toEqual([
      'Sample name cannot be empty',
      'Count must be between 0 and 10',
    ]);
  });
});

describe('delete schema', () => {
  const entityDeleteSchema = entitySchemas(sample).delete;
  it('takes a bare array or { ids }, without duplicates', () => {
    expect(entityDeleteSchema.parse([3, 1, 3])).toEqual([3, 1]);
    expect(entityDeleteSchema.parse({ ids: ['4'] })).toEqual([4]);
  });
  it('refuses an empty or malformed list', () => {
    for (const bad of [[], { ids: [] }, { ids: [0] }, 'x', { id: 1 }, [1.5]]) {
      const r = entityDeleteSchema.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
    }
    const r = entityDeleteSchema.safeParse([]);
    const problems = entityProblems(sample, r.error!.issues, 'en', { root: 'ids' });
    expect(translate('en', problems[0]!.key, problems[0]!.params)).toBe('Selected records cannot be empty');
  });
});
