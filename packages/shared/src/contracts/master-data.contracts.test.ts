import { describe, expect, it } from 'vitest';
import { ENTITIES, entityCalls, entityPermissions, isUpsert } from '../entities/registry';
import { endpoints } from './index';
import { entityEndpoints, masterDataEndpointGroup } from './master-data.contracts';

describe('the master-data contracts', () => {
  it('are the calls entityCalls resolves, behind the entity permission codes', () => {
    for (const entity of ENTITIES) {
      const e = entityEndpoints(entity);
      const calls = entityCalls(entity);
      const perms = entityPermissions(entity);
      for (const name of ['list', 'export', 'info', 'save', 'update', 'delete', 'select'] as const) {
        expect([e[name].method, e[name].path], `${entity.name} ${name}`).toEqual([calls[name].method, calls[name].url]);
      }
      expect(e.list.access).toEqual({ permission: perms.list });
      expect(e.export.access).toEqual({ permission: perms.list });
      expect(e.delete.access).toEqual({ permission: perms.delete });
      expect(e.select.access).toBe('organization');
      if (isUpsert(entity)) {
        expect(e.update).toBe(e.save);
        expect(e.save.access).toBe('organization');
      } else {
        expect(e.save.access).toEqual({ permission: perms.save });
      }
      // a GET list takes its search as query parameters, the others as the body
      expect(e.list.method === 'GET' ? e.list.query : e.list.body, entity.name).toBeDefined();
    }
  });

  it('are built once per entity and listed once each in the masterData group', () => {
    const duty = ENTITIES.find((x) => x.name === 'duty')!;
    expect(entityEndpoints(duty)).toBe(entityEndpoints(duty));
    const group = Object.values(masterDataEndpointGroup());
    expect(new Set(group).size).toBe(group.length);
    const keys = group.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(endpoints.masterData.dutyList).toBe(entityEndpoints(duty).list);
  });

  it('describe a row strictly, as the list answers it', () => {
    const duty = ENTITIES.find((x) => x.name === 'duty')!;
    const row = { id: 1, ...Object.fromEntries(duty.fields.map((f) => [f.name, null])), createdAt: '', updatedAt: '' };
    const schema = entityEndpoints(duty).info.response;
    const required = Object.fromEntries(
      duty.fields.map((f) => [f.name, f.type === 'bool' ? false : f.required ? (f.type === 'string' ? 'x' : 1) : null]),
    );
    expect(schema.safeParse({ data: { ...row, ...required } }).success).toBe(true);
    expect(schema.safeParse({ data: { ...row, ...required, secret: 'x' } }).success).toBe(false);
  });
});
