import { describe, expect, it } from 'vitest';
import { catalogs } from '../i18n/catalog';
import {
  ENTITIES,
  callUrl,
  columnLabel,
  entityCalls,
  entityByName,
  entityByRoute,
  entityPermissions,
  isUpsert,
  referencesTo,
  refNameKey,
} from './registry';
import { SYSTEM_COLUMNS } from './types';

const hasKey = (key: string) => {
  const [ns, ...rest] = key.split('.');
  return catalogs['zh-CN'][ns!]?.[rest.join('.')] !== undefined && catalogs.en[ns!]?.[rest.join('.')] !== undefined;
};

describe('entity registry', () => {
  it('has unique names, API paths, routes and permission prefixes', () => {
    for (const key of ['name', 'api', 'route', 'perm'] as const) {
      const values = ENTITIES.map((e) => e[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
  });
  it('serves the API paths and screens of the spec', () => {
    expect(entityByName('officeType')!.api).toBe('/sys/officetpye'); // spelt so in spec section 7
    expect(entityByRoute('/maintainOffice/duty')!.name).toBe('duty');
    expect(entityByRoute('/maintainTreat/equipment-type')!.name).toBe('equipmentType');
    for (const e of ENTITIES) {
      expect(e.api).toMatch(/^\/sys\/[a-zA-Z]+$/);
      expect(e.route.startsWith(`/${e.group}/`), e.name).toBe(true);
      expect(e.perm).toMatch(/^sys:[a-zA-Z]+$/);
    }
  });
  it('gives every named entity an English name, listed beside the Chinese one', () => {
    // issue 21: the English screens fell back to Chinese for whole entities (places, packages, equipment ...)
    for (const e of ENTITIES) {
      if (e.display !== 'name') continue;
      const nameEn = e.fields.find((f) => f.name === 'nameEn');
      expect(nameEn, e.name).toBeDefined();
      expect(
        e.columns.map((c) => c.field),
        e.name,
      ).toContain('nameEn');
    }
  });
  it('describes every entity completely, in both languages', () => {
    for (const e of ENTITIES) {
      const names = e.fields.map((f) => f.name);
      expect(new Set(names).size, e.name).toBe(names.length);
      expect(names, e.name).not.toContain('id');
      expect(e.label['zh-CN'] && e.label.en, e.name).toBeTruthy();
      for (const f of e.fields) {
        expect(f.label['zh-CN'] && f.label.en, `${e.name}.${f.name}`).toBeTruthy();
        expect(f.name, `${e.name}.${f.name}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
        if (f.type === 'enum') for (const o of f.options) expect(o.label['zh-CN'] && o.label.en).toBeTruthy();
        if (f.type === 'ref') {
          expect(f.name, `${e.name}.${f.name}`).toMatch(/Id$/);
          const target = ENTITIES.findIndex((t) => t.name === f.entity);
          expect(target, `${e.name}.${f.name} -> ${f.entity}`).toBeGreaterThanOrEqual(0);
          expect(target, 'a referenced entity is declared first').toBeLessThan(ENTITIES.indexOf(e));
        }
        if ((f.type === 'string' || f.type === 'text') && f.pattern) expect(hasKey(f.pattern.message)).toBe(true);
      }
      for (const c of e.columns) {
        expect([...names, ...SYSTEM_COLUMNS], `${e.name} column ${c.field}`).toContain(c.field);
        expect(columnLabel(e, c.field).en).not.toBe(c.field);
      }
      for (const s of [...e.search, ...e.unique, e.display, ...Object.keys(e.selectWhere ?? {})]) {
        expect(names, `${e.name}: ${s}`).toContain(s);
      }
      const display = e.fields.find((f) => f.name === e.display)!;
      expect(display.type === 'string' && display.required, `${e.name} display`).toBe(true);
    }
  });
  it('resolves each call shape: the defaults and those of the spec (GET list, PUT save, saveOrUpdate)', () => {
    expect(entityCalls(entityByName('duty')!)).toMatchObject({
      list: { method: 'POST', url: '/sys/duty/list' },
      save: { method: 'POST', url: '/sys/duty/save' },
      update: { method: 'POST', url: '/sys/duty/update' },
      export: { method: 'POST', url: '/sys/duty/export' },
    });
    expect(isUpsert(entityByName('duty')!)).toBe(false);
    const place = entityCalls(entityByName('place')!);
    expect([place.list, place.export]).toEqual([
      { method: 'GET', url: '/sys/place/list' },
      { method: 'GET', url: '/sys/place/export' },
    ]);
    expect(entityCalls(entityByName('treatmentPlanTaboo')!).save).toEqual({
      method: 'PUT',
      url: '/sys/treatmentPlanTaboo/save',
    });
    expect(isUpsert(entityByName('treatmentPlanTaboo')!)).toBe(true);
    expect(isUpsert(entityByName('qualityControl')!)).toBe(true);
    expect(callUrl(entityByName('nationality')!, entityByName('nationality')!.selects![0]!)).toBe(
      '/sys/patient/selectNationalityList',
    );
  });
  it('filters further select calls only by search fields of their entity', () => {
    for (const e of ENTITIES) {
      for (const call of e.selects ?? []) {
        for (const f of call.filters ?? []) expect(e.search, `${e.name} ${call.path}`).toContain(f);
        if (call.values) expect(e.fields.find((f) => f.name === call.values)?.type).toBe('string');
      }
    }
  });
  it('derives permission codes renren style', () => {
    expect(entityPermissions(entityByName('duty')!)).toEqual({
      list: 'sys:duty:list',
      info: 'sys:duty:info',
      save: 'sys:duty:save',
      update: 'sys:duty:update',
      delete: 'sys:duty:delete',
    });
  });
  it('finds who references an entity', () => {
    expect(referencesTo('postType').map((r) => `${r.entity.name}.${r.field.name}`)).toEqual([
      'postSmallType.postTypeId',
    ]);
    expect(referencesTo('equipmentType').map((r) => `${r.entity.name}.${r.field.name}`)).toEqual([
      'equipment.equipmentTypeId',
      'treatmentPlanTaboo.equipmentTypeId',
    ]);
    expect(referencesTo('duty')).toEqual([]);
    expect(refNameKey('postTypeId')).toBe('postTypeName');
  });
});
