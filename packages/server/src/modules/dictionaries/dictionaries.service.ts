import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  DICT_TYPE_ALIASES,
  ResultCode,
  dictionaryOf,
  type DictItemRow,
  type DictType,
  type Locale,
} from '@rehab/shared';
import type { Db, TxOrDb } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { dictItems } from './dictionaries.tables';
import { clockNow } from '../../kernel/clock';

export type DictScope = { organizationId: number; userId: number };

/** The canonical key of a type the schema accepted (an alias such as `projectStatus` resolved). */
export const canonicalType = (type: string): DictType => (DICT_TYPE_ALIASES[type] ?? type) as DictType;

/** A dictionary's entries for the organization: the built-in ones in their order, then its own by sort. */
export async function dictionaryEntries(db: TxOrDb, organizationId: number, type: string): Promise<DictItemRow[]> {
  const key = canonicalType(type);
  const dict = dictionaryOf(key)!;
  const builtin: DictItemRow[] = dict.entries.map((e) => ({
    id: null,
    k: e.k,
    valZh: e.label['zh-CN'],
    valEn: e.label.en,
    sort: null,
    builtin: true,
  }));
  if (!dict.extensible) return builtin;
  const own = await db
    .select()
    .from(dictItems)
    .where(and(eq(dictItems.organizationId, organizationId), eq(dictItems.type, key)))
    .orderBy(sql`${dictItems.sort} ASC NULLS LAST`, asc(dictItems.id));
  return [
    ...builtin,
    ...own.map((r) => ({ id: r.id, k: r.k, valZh: r.valZh, valEn: r.valEn, sort: r.sort, builtin: false })),
  ];
}

/** `{ k, val }` in the caller's language (the Chinese text where an entry has no English one). */
export const localized = (rows: DictItemRow[], locale: Locale) =>
  rows.map((r) => ({ k: r.k, val: (locale === 'en' && r.valEn) || r.valZh }));

const codeTaken = (k: string) => new AppError(ResultCode.conflict, 'dict.codeTaken', { k }, { field: 'k' });

/** A code may appear once in a dictionary: neither a built-in code nor another of the organization's entries. */
async function checkCode(db: Db, scope: DictScope, type: DictType, k: string, selfId?: number) {
  const taken = dictionaryOf(type)!.entries.some((e) => e.k.toLowerCase() === k.toLowerCase());
  const [hit] = taken
    ? [true]
    : await db
        .select({ id: dictItems.id })
        .from(dictItems)
        .where(
          and(
            eq(dictItems.organizationId, scope.organizationId),
            eq(dictItems.type, type),
            sql`lower(${dictItems.k}) = lower(${k})`,
            selfId ? ne(dictItems.id, selfId) : undefined,
          ),
        )
        .limit(1);
  if (hit) throw codeTaken(k);
}

/** The unique index caught two saves of one code at once: the same 409. */
function mapUnique(err: unknown, k: string): never {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (e.code === '23505') throw codeTaken(k);
  }
  throw err;
}

type ItemInput = { k: string; valZh: string; valEn: string; sort?: number };

export async function createItem(db: Db, scope: DictScope, type: string, input: ItemInput) {
  const key = canonicalType(type);
  const id = await db
    .transaction(async (tx) => {
      await checkCode(tx, scope, key, input.k);
      const [row] = await tx
        .insert(dictItems)
        .values({
          ...input,
          sort: input.sort ?? null,
          type: key,
          organizationId: scope.organizationId,
          createdBy: scope.userId,
        })
        .returning({ id: dictItems.id });
      return row!.id;
    })
    .catch((err) => mapUnique(err, input.k));
  return { id };
}

export async function updateItem(db: Db, scope: DictScope, input: ItemInput & { id: number }) {
  await db
    .transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(dictItems)
        .where(and(eq(dictItems.id, input.id), eq(dictItems.organizationId, scope.organizationId)))
        .for('update');
      if (!row) throw notFound();
      await checkCode(tx, scope, row.type as DictType, input.k, row.id);
      await tx
        .update(dictItems)
        .set({ k: input.k, valZh: input.valZh, valEn: input.valEn, sort: input.sort ?? null, updatedAt: clockNow() })
        .where(eq(dictItems.id, row.id));
    })
    .catch((err) => mapUnique(err, input.k));
}

/** Deletes the organization's entries, all or none (another organization's id answers 404). */
export async function deleteItems(db: Db, scope: DictScope, ids: number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const where = and(eq(dictItems.organizationId, scope.organizationId), inArray(dictItems.id, unique));
    const found = await tx.select({ id: dictItems.id }).from(dictItems).where(where).for('update');
    if (found.length !== unique.length) throw notFound();
    await tx.delete(dictItems).where(where);
  });
}
