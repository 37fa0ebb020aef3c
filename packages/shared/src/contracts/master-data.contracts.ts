import { z } from 'zod';
import { entitySchemas, type EntityRow } from '../entities/entity-schemas';
import {
  ENTITIES,
  callUrl,
  entityCalls,
  entityPermissions,
  isUpsert,
  refNameKey,
  type EntityCallName,
} from '../entities/registry';
import type { EntityDescriptor, FieldDescriptor, SelectCall } from '../entities/types';
import type { Page } from '../envelope';
import { defineEndpoint, pageSchema, type Access, type Endpoint, type HttpMethod } from './endpoint';

/**
 * The API of the master-data engine, built from the entity descriptors: one descriptor declares an entity's whole
 * API (spec section 7, Master data), and `entityEndpoints(entity)` gives its contracts. The input schemas are the
 * entity's own (`entitySchemas`); the server parses them in the route to word refusals with the entity's field
 * labels. Schemas are built on first use (`z.lazy`), so importing the contracts builds none.
 */

/** An input schema of an entity call: a search, a row's values, ids (what a caller sends is not typed further). */
type EntityInput = z.ZodType<unknown, unknown>;

/** One call of an entity: method and access vary by entity (a GET list, an upsert save open to the organization). */
export type EntityEndpoint<R extends z.ZodType = z.ZodType> = Endpoint<
  HttpMethod,
  Access,
  EntityInput | undefined,
  EntityInput | undefined,
  EntityInput | undefined,
  R
>;

type Data<T> = z.ZodType<{ data: T }, { data: T }>;

/** An entity's calls (`update` is `save` itself when one call does both) and its further dropdown calls by name. */
export type EntityEndpoints = {
  list: EntityEndpoint<Data<Page<EntityRow>>>;
  export: EntityEndpoint<Data<{ list: EntityRow[]; totalCount: number }>>;
  info: EntityEndpoint<Data<EntityRow>>;
  save: EntityEndpoint<Data<EntityRow>>;
  update: EntityEndpoint<Data<EntityRow>>;
  delete: EntityEndpoint<z.ZodType<Record<string, never>, Record<string, never>>>;
  select: EntityEndpoint<Data<SelectOption[]>>;
  /** the descriptor's `selects`, named by the last segment of their path (`getEquipmentList`) */
  selects: Record<string, EntityEndpoint<Data<SelectOption[] | string[]>>>;
};

/** A row of a dropdown: id and name (in the caller's language). */
export const selectOptionSchema = z.strictObject({ id: z.number().int(), name: z.string() });
export type SelectOption = z.output<typeof selectOptionSchema>;

/** A field's value as the list answers it. */
function valueSchema(field: FieldDescriptor): z.ZodType {
  const nullable = (s: z.ZodType) => (field.required ? s : s.nullable());
  switch (field.type) {
    case 'string':
    case 'text':
    case 'date':
      return nullable(z.string());
    case 'int':
    case 'enum':
    case 'ref':
      return nullable(z.number().int());
    case 'decimal':
      return nullable(z.number());
    case 'bool':
      return z.boolean();
  }
}

/** A row as the API answers it: id, the fields, each reference's name (`postTypeName`), and the times. */
function rowSchemaOf(entity: EntityDescriptor): z.ZodType<EntityRow> {
  const shape: Record<string, z.ZodType> = { id: z.number().int() };
  for (const field of entity.fields) {
    shape[field.name] = valueSchema(field);
    if (field.type === 'ref') shape[refNameKey(field)] = z.string().nullable();
  }
  shape.createdAt = z.string();
  shape.updatedAt = z.string();
  return z.strictObject(shape) as unknown as z.ZodType<EntityRow>;
}

/** The name of a further dropdown call: the last segment of its path. */
export const selectCallName = (call: SelectCall) => call.path.split('/').pop()!;

const cache = new Map<EntityDescriptor, EntityEndpoints>();

/** The contracts of an entity's calls, with the shapes `entityCalls` resolves (built once per entity). */
export function entityEndpoints(entity: EntityDescriptor): EntityEndpoints {
  const hit = cache.get(entity);
  if (hit) return hit;
  const calls = entityCalls(entity);
  const perms = entityPermissions(entity);
  const schemas = () => entitySchemas(entity);
  let rows: z.ZodType<EntityRow> | undefined;
  const row = z.lazy(() => (rows ??= rowSchemaOf(entity)));
  const { 'zh-CN': zh, en } = entity.label;
  const search = z.lazy(() => schemas().list);
  /** the input of a call: the query of a GET, the body otherwise */
  const input = (method: HttpMethod, schema: EntityInput) => (method === 'GET' ? { query: schema } : { body: schema });

  const define = (
    name: EntityCallName,
    def: { access: Access; input?: { query?: EntityInput; body?: EntityInput; params?: EntityInput } },
    response: z.ZodType,
    summary: { 'zh-CN': string; en: string },
  ): EntityEndpoint =>
    defineEndpoint({
      method: calls[name].method as HttpMethod,
      path: calls[name].url,
      access: def.access,
      ...def.input,
      response,
      summary,
    }) as EntityEndpoint;

  const list = define(
    'list',
    { access: { permission: perms.list }, input: input(calls.list.method, search) },
    z.strictObject({ data: pageSchema(row) }),
    { 'zh-CN': `${zh}：分页列表，可按条件搜索`, en: `${en}: one page of the rows matching the search` },
  );
  const exported = define(
    'export',
    { access: { permission: perms.list }, input: input(calls.export.method, search) },
    z.strictObject({ data: z.strictObject({ list: z.array(row), totalCount: z.number().int() }) }),
    {
      'zh-CN': `${zh}：导出符合条件的全部记录（最多 1 万条）`,
      en: `${en}: every row matching the search, for the Excel export (at most 10,000)`,
    },
  );
  const info = define(
    'info',
    { access: { permission: perms.info }, input: { params: z.lazy(() => schemas().idParam) } },
    z.strictObject({ data: row }),
    { 'zh-CN': `${zh}：详情`, en: `${en}: one row` },
  );
  const save = isUpsert(entity)
    ? define(
        'save',
        // which permission applies (save or update) depends on whether the body has an id
        {
          access: 'organization',
          input: input(
            calls.save.method,
            z.lazy(() => z.union([schemas().update, schemas().create])),
          ),
        },
        z.strictObject({ data: row }),
        {
          'zh-CN': `${zh}：新增（无 id）或修改（有 id）`,
          en: `${en}: adds a row (no id) or changes one (with its id)`,
        },
      )
    : define(
        'save',
        {
          access: { permission: perms.save },
          input: input(
            calls.save.method,
            z.lazy(() => schemas().create),
          ),
        },
        z.strictObject({ data: row }),
        { 'zh-CN': `${zh}：新增`, en: `${en}: adds a row` },
      );
  const update = isUpsert(entity)
    ? save
    : define(
        'update',
        {
          access: { permission: perms.update },
          input: input(
            calls.update.method,
            z.lazy(() => schemas().update),
          ),
        },
        z.strictObject({ data: row }),
        { 'zh-CN': `${zh}：修改`, en: `${en}: changes a row` },
      );
  const remove = define(
    'delete',
    { access: { permission: perms.delete }, input: { body: z.lazy(() => schemas().delete) } },
    z.strictObject({}),
    {
      'zh-CN': `${zh}：删除（全部属于本机构且未被引用才删除）`,
      en: `${en}: deletes rows (all of them or none; a row in use is refused)`,
    },
  );
  const select = define('select', { access: 'organization' }, z.strictObject({ data: z.array(selectOptionSchema) }), {
    'zh-CN': `${zh}：下拉选项（id 和名称）`,
    en: `${en}: the options of a dropdown (id and name)`,
  });
  const selects = Object.fromEntries(
    (entity.selects ?? []).map((call) => [
      selectCallName(call),
      defineEndpoint({
        method: call.method as HttpMethod,
        path: callUrl(entity, call),
        access: 'organization',
        ...input(call.method, search),
        response: z.strictObject({ data: call.values ? z.array(z.string()) : z.array(selectOptionSchema) }),
        summary: call.values
          ? {
              'zh-CN': `${zh}：已填写的${entity.fields.find((f) => f.name === call.values)?.label['zh-CN'] ?? call.values}（输入建议）`,
              en: `${en}: the distinct values of ${call.values} (suggestions for the input)`,
            }
          : {
              'zh-CN': `${zh}：下拉选项${call.filters?.length ? `，可按${call.filters.join('、')}筛选` : ''}`,
              en: `${en}: the options of a dropdown${call.filters?.length ? `, narrowed by ${call.filters.join(', ')}` : ''}`,
            },
      }) as EntityEndpoint,
    ]),
  );
  const built = {
    list,
    export: exported,
    info,
    save,
    update,
    delete: remove,
    select,
    selects,
  } as unknown as EntityEndpoints;
  cache.set(entity, built);
  return built;
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Every entity's calls as one group of the contracts (`dutyList`, `dutyInfo`, … `equipmentGetEquipmentList`); a
 * call that both saves and updates is listed once, as `…Save`.
 */
export function masterDataEndpointGroup(): Record<string, EntityEndpoint> {
  const group: Record<string, EntityEndpoint> = {};
  for (const entity of ENTITIES) {
    const { selects, ...own } = entityEndpoints(entity);
    for (const [name, e] of Object.entries(own)) {
      if (name === 'update' && e === own.save) continue;
      group[`${entity.name}${capitalized(name)}`] = e;
    }
    for (const [name, e] of Object.entries(selects)) group[`${entity.name}${capitalized(name)}`] = e;
  }
  return group;
}

/** Every master-data call of every entity that answers rows or options: what a change of master data refreshes. */
export function masterDataReads(): EntityEndpoint[] {
  return ENTITIES.flatMap((entity) => {
    const e = entityEndpoints(entity);
    return [e.list, e.info, e.select, ...Object.values(e.selects)];
  });
}
