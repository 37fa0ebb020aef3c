import { and, count, desc, eq, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  EXPORT_MAX_ROWS,
  ResultCode,
  entityByName,
  entityField,
  referencesTo,
  refNameKey,
  translate,
  type EntityDescriptor,
  type EntityRow,
  type FieldDescriptor,
  type Locale,
} from '@rehab/shared';
import type { Db } from '../../db/client';
import { tableOf, type EntityTable } from './master-data.tables';
import { uniqueIndexName } from '../../db/entities';
import { pinyinKeys } from '../../db/pinyin';
import { AppError, notFound } from '../../http/errors';
import { clockNow } from '../../kernel/clock';
import { escapeLike } from '../../db/like';

/**
 * Who works on the rows: always the session's organization, never one the client names; null for a platform
 * entity (its rows belong to no organization).
 */
export type Scope = { organizationId: number | null; userId: number; locale: Locale };

/** The rows a scope owns: its organization's, or the platform's (organization_id null). */
const ownedBy = (t: EntityTable, scope: Scope): SQL =>
  scope.organizationId === null ? isNull(t.organizationId) : eq(t.organizationId, scope.organizationId);

type Values = Record<string, unknown>;

const isText = (f: FieldDescriptor) => f.type === 'string' || f.type === 'text';
const col = (t: EntityTable, name: string) => t[name] as AnyPgColumn;

/** The PostgreSQL error under drizzle's wrapper (same shape from pg and PGlite). */
function pgError(err: unknown): { code?: string; constraint?: string } | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as { code: string; constraint?: string };
  }
  return null;
}

function orderOf(entity: EntityDescriptor, t: EntityTable): SQL[] {
  const sort = entityField(entity, 'sort');
  return sort ? [sql`${col(t, 'sort')} ASC NULLS LAST`, desc(t.id)] : [desc(t.id)];
}

/** The name a row shows in the caller's language: the English name when there is one and the caller reads English. */
function displayOf(entity: EntityDescriptor, row: Values, locale: Locale): string {
  const en = locale === 'en' && entityField(entity, 'nameEn') ? row.nameEn : null;
  return String((en as string | null) || row[entity.display] || '');
}

/** Rows as the API answers them: fields, times, and for each reference the referenced row's name. */
async function present(db: Db, entity: EntityDescriptor, rows: Values[], scope: Scope): Promise<EntityRow[]> {
  const refNames = new Map<string, Map<number, string>>();
  for (const field of entity.fields) {
    if (field.type !== 'ref') continue;
    const ids = [...new Set(rows.map((r) => r[field.name]).filter((v): v is number => typeof v === 'number'))];
    const target = entityByName(field.entity)!;
    const t = tableOf(target.name);
    const found = ids.length
      ? await db
          .select()
          .from(t)
          .where(and(ownedBy(t, scope), inArray(t.id, ids)))
      : [];
    refNames.set(field.name, new Map(found.map((r: Values) => [r.id as number, displayOf(target, r, scope.locale)])));
  }
  return rows.map((row) => {
    const out: EntityRow = { id: row.id as number };
    for (const field of entity.fields) {
      const v = row[field.name];
      out[field.name] = field.type === 'decimal' && v !== null && v !== undefined ? Number(v) : (v ?? null);
      if (field.type === 'ref') out[refNameKey(field)] = refNames.get(field.name)!.get(v as number) ?? null;
    }
    out.createdAt = row.createdAt;
    out.updatedAt = row.updatedAt;
    return out;
  });
}

/** Values as the table takes them (numeric columns as text, so no binary rounding reaches the database). */
export function toColumns(entity: EntityDescriptor, data: Values): Values {
  const out: Values = {};
  for (const field of entity.fields) {
    const v = data[field.name];
    out[field.name] = field.type === 'decimal' && typeof v === 'number' ? v.toFixed(field.scale) : v;
  }
  if (entity.pinyin && typeof data[entity.display] === 'string') {
    const keys = pinyinKeys(data[entity.display] as string);
    out.namePinyin = keys.pinyin;
    out.nameInitials = keys.initials;
  }
  return out;
}

const label = (field: FieldDescriptor, locale: Locale) => field.label[locale];

function duplicate(entity: EntityDescriptor, field: FieldDescriptor, value: unknown, locale: Locale) {
  return new AppError(
    ResultCode.conflict,
    'masterData.duplicate',
    { entity: entity.label[locale], field: label(field, locale), value: String(value ?? '') },
    { field: field.name },
  );
}

/** Refuses a value of a unique field that another row of the organization already has. */
async function checkUnique(db: Db, entity: EntityDescriptor, data: Values, scope: Scope, selfId?: number) {
  const t = tableOf(entity.name);
  for (const name of entity.unique) {
    const field = entityField(entity, name)!;
    const value = data[name];
    if (value === null || value === undefined) continue;
    const same = isText(field) ? sql`lower(${col(t, name)}) = lower(${value})` : eq(col(t, name), value);
    const [hit] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(ownedBy(t, scope), same, selfId ? ne(t.id, selfId) : undefined))
      .limit(1);
    if (hit) throw duplicate(entity, field, value, scope.locale);
  }
}

/** Refuses a reference to a row that is not in the organization (or does not exist): 400 naming the field. */
async function checkRefs(db: Db, entity: EntityDescriptor, data: Values, scope: Scope) {
  for (const field of entity.fields) {
    if (field.type !== 'ref' || data[field.name] === null || data[field.name] === undefined) continue;
    const t = tableOf(field.entity);
    const [hit] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.id, data[field.name] as number), ownedBy(t, scope)))
      .limit(1);
    if (!hit) {
      throw new AppError(
        ResultCode.badRequest,
        'validation.refNotFound',
        { field: label(field, scope.locale) },
        { field: field.name },
      );
    }
  }
}

/** A unique violation that slipped past the check (two saves at once): the same 409, naming the field. */
function mapWriteError(entity: EntityDescriptor, err: unknown, data: Values, locale: Locale): never {
  const pg = pgError(err);
  if (pg?.code === '23505') {
    const field = entity.unique
      .map((n) => entityField(entity, n)!)
      .find((f) => uniqueIndexName(entity, f.name) === pg.constraint);
    if (field) throw duplicate(entity, field, data[field.name], locale);
    throw new AppError(ResultCode.conflict, 'error.conflict');
  }
  throw err;
}

/** The organization's rows matching a search: text fields match a part, the others exactly. */
function searchCondition(entity: EntityDescriptor, scope: Scope, query: Values): SQL | undefined {
  const t = tableOf(entity.name);
  const where: (SQL | undefined)[] = [ownedBy(t, scope)];
  for (const name of entity.search) {
    const value = query[name];
    if (value === undefined || value === null) continue;
    const field = entityField(entity, name)!;
    where.push(isText(field) ? ilike(col(t, name), `%${escapeLike(String(value))}%`) : eq(col(t, name), value));
  }
  return and(...where);
}

async function countRows(db: Db, entity: EntityDescriptor, condition: SQL | undefined): Promise<number> {
  const [total] = await db.select({ n: count() }).from(tableOf(entity.name)).where(condition);
  return Number(total?.n ?? 0);
}

async function pageOf(
  db: Db,
  entity: EntityDescriptor,
  scope: Scope,
  condition: SQL | undefined,
  limit: number,
  offset: number,
) {
  const t = tableOf(entity.name);
  const rows = await db
    .select()
    .from(t)
    .where(condition)
    .orderBy(...orderOf(entity, t))
    .limit(limit)
    .offset(offset);
  return present(db, entity, rows, scope);
}

export async function listRows(
  db: Db,
  entity: EntityDescriptor,
  scope: Scope,
  query: Values & { page: number; limit: number },
) {
  const condition = searchCondition(entity, scope, query);
  const total = await countRows(db, entity, condition);
  const list = await pageOf(db, entity, scope, condition, query.limit, (query.page - 1) * query.limit);
  return { list, total };
}

/**
 * Every row matching a search, for the Excel export, in list order. More than `EXPORT_MAX_ROWS` is refused (400
 * with the count) before any row is read: the user narrows the search instead of waiting for a sheet nobody reads.
 */
export async function exportRows(db: Db, entity: EntityDescriptor, scope: Scope, query: Values) {
  const condition = searchCondition(entity, scope, query);
  const total = await countRows(db, entity, condition);
  if (total > EXPORT_MAX_ROWS) {
    throw new AppError(ResultCode.badRequest, 'masterData.exportTooMany', { count: total, max: EXPORT_MAX_ROWS });
  }
  return { list: await pageOf(db, entity, scope, condition, EXPORT_MAX_ROWS, 0), total };
}

export async function getRow(db: Db, entity: EntityDescriptor, scope: Scope, id: number): Promise<EntityRow> {
  const t = tableOf(entity.name);
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), ownedBy(t, scope)))
    .limit(1);
  // another organization's row answers exactly like a missing one
  if (!row) throw notFound();
  return (await present(db, entity, [row], scope))[0]!;
}

export async function createRow(db: Db, entity: EntityDescriptor, scope: Scope, data: Values): Promise<EntityRow> {
  const t = tableOf(entity.name);
  const id = await db
    .transaction(async (tx) => {
      await checkRefs(tx, entity, data, scope);
      await checkUnique(tx, entity, data, scope);
      const [row] = await tx
        .insert(t)
        .values({ ...toColumns(entity, data), organizationId: scope.organizationId, createdBy: scope.userId })
        .returning({ id: t.id });
      return row!.id as number;
    })
    .catch((err) => mapWriteError(entity, err, data, scope.locale));
  return getRow(db, entity, scope, id);
}

export async function updateRow(db: Db, entity: EntityDescriptor, scope: Scope, data: Values & { id: number }) {
  const t = tableOf(entity.name);
  await db
    .transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.id, data.id), ownedBy(t, scope)))
        .limit(1)
        .for('update');
      if (!existing) throw notFound();
      await checkRefs(tx, entity, data, scope);
      await checkUnique(tx, entity, data, scope, data.id);
      await tx
        .update(t)
        .set({ ...toColumns(entity, data), updatedAt: clockNow() })
        .where(and(eq(t.id, data.id), ownedBy(t, scope)));
    })
    .catch((err) => mapWriteError(entity, err, data, scope.locale));
  return getRow(db, entity, scope, data.id);
}

/**
 * Deletes rows of the organization, all or none: an id that is not the organization's answers 404, and a row that
 * another entity still uses is refused with 409 naming the row and what uses it.
 */
export async function deleteRows(db: Db, entity: EntityDescriptor, scope: Scope, ids: number[]) {
  const t = tableOf(entity.name);
  const { locale } = scope;
  await db
    .transaction(async (tx) => {
      const rows: Values[] = await tx
        .select()
        .from(t)
        .where(and(ownedBy(t, scope), inArray(t.id, ids)))
        .for('update');
      if (rows.length !== ids.length) throw notFound();
      for (const { entity: user, field } of referencesTo(entity.name)) {
        const u = tableOf(user.name);
        const uses = await tx
          .select({ ref: col(u, field.name), n: count() })
          .from(u)
          .where(inArray(col(u, field.name), ids))
          .groupBy(col(u, field.name));
        if (uses.length === 0) continue;
        const used = rows.find((r) => r.id === uses[0]!.ref)!;
        const n = uses.reduce((sum, x) => sum + Number(x.n), 0);
        throw new AppError(ResultCode.conflict, 'masterData.inUse', {
          entity: entity.label[locale],
          name: displayOf(entity, used, locale),
          usedBy: translate(locale, 'masterData.usedByCount', { count: n, entity: user.label[locale] }),
        });
      }
      await tx.delete(t).where(and(ownedBy(t, scope), inArray(t.id, ids)));
    })
    .catch((err) => {
      // a table outside the engine that references these rows
      if (pgError(err)?.code === '23503') {
        throw new AppError(ResultCode.conflict, 'masterData.inUseExternal', { entity: entity.label[locale] });
      }
      throw err;
    });
}

/**
 * `{ id, name }` of the organization's rows for dropdowns, in list order, names in the caller's language; only those
 * matching the entity's `selectWhere` and the given exact filters (a missing filter value means any).
 */
export async function selectRows(db: Db, entity: EntityDescriptor, scope: Scope, where: Values = {}) {
  const t = tableOf(entity.name);
  const filters = Object.entries({ ...entity.selectWhere, ...where })
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => eq(col(t, name), value));
  const rows: Values[] = await db
    .select()
    .from(t)
    .where(and(ownedBy(t, scope), ...filters))
    .orderBy(...orderOf(entity, t))
    .limit(5000);
  return rows.map((r) => ({ id: r.id as number, name: displayOf(entity, r, scope.locale) }));
}

/** The distinct non-empty values of a text field in the organization, sorted: suggestions for a free-text input. */
export async function distinctValues(db: Db, entity: EntityDescriptor, scope: Scope, field: string): Promise<string[]> {
  const t = tableOf(entity.name);
  const c = col(t, field);
  const rows = await db
    .selectDistinct({ v: c })
    .from(t)
    .where(and(ownedBy(t, scope), sql`coalesce(${c}, '') <> ''`))
    .orderBy(c)
    .limit(5000);
  return rows.map((r: { v: unknown }) => String(r.v));
}
