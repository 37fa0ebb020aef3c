import { and, asc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Locale } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { tableOf } from './master-data.tables';
import { localNameSql } from '../../kernel/local-name';

/**
 * Whether an organization owns the row `id` of a master-data entity (by its descriptor name: 'officeType',
 * 'postType' ...), with `where` naming further exact field values (a post small type of one post type): how other
 * modules check a reference before they store it.
 */
export async function ownsRow(
  db: TxOrDb,
  entity: string,
  id: number,
  organizationId: number,
  where: Record<string, number> = {},
): Promise<boolean> {
  const t = tableOf(entity);
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.id, id),
        eq(t.organizationId, organizationId),
        ...Object.entries(where).map(([field, value]) => eq(t[field], value)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * `{ id, name }` of the rows `ids` of a master-data entity (any organization's): the names other lists show. With
 * `locale` 'en' an entity that keeps an English name answers it where one is filled in.
 */
export async function rowNames(
  db: TxOrDb,
  entity: string,
  ids: number[],
  locale?: Locale,
): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  const t = tableOf(entity);
  const name = t.nameEn ? localNameSql(locale, t.name, t.nameEn) : t.name;
  return db.select({ id: t.id, name }).from(t).where(inArray(t.id, ids));
}

/**
 * The name of the row of a master-data entity whose id is `id` (a column of the caller's query), as a correlated
 * scalar subquery: null when `id` is null or names no row. With `locale` 'en' the English name where one is filled
 * in. How a list shows the name of a referenced row in its own single query (the owner builds the SQL).
 */
export function rowNameSql(entity: string, id: SQLWrapper, locale?: Locale): SQL<string | null> {
  const t = tableOf(entity);
  const name = t.nameEn ? localNameSql(locale, t.name, t.nameEn) : sql`${t.name}`;
  return sql<string | null>`(select ${name} from ${t} where ${t.id} = ${id})`;
}

/**
 * The id of an organization's row of a master-data entity by its (Chinese) name, or null: the demo data's pick;
 * with `ignoreCase` the name compares case-insensitively (an import matching what the organization has).
 */
export async function rowIdByName(
  db: TxOrDb,
  entity: string,
  organizationId: number,
  name: string,
  options: { ignoreCase?: boolean } = {},
): Promise<number | null> {
  const t = tableOf(entity);
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.organizationId, organizationId),
        options.ignoreCase ? sql`lower(${t.name}) = lower(${name})` : eq(t.name, name),
      ),
    )
    .limit(1);
  return (row?.id as number | undefined) ?? null;
}

/**
 * The ids of the rows of a master-data entity whose fields equal `where` (any organization's), as a subquery for
 * `inArray(column, ...)`: how a query filters by a referenced row's field in its own single query.
 */
export function rowIdsSql(entity: string, where: Record<string, unknown>): SQL<number> {
  const t = tableOf(entity);
  return sql<number>`(select ${t.id} from ${t} where ${and(...Object.entries(where).map(([field, value]) => eq(t[field], value)))})`;
}

/**
 * The organization's rows of a master-data entity with a code and pinyin (diseases, functional diagnoses) matching
 * `keyword`: Chinese or English text anywhere, code, pinyin or initials as a prefix; by sort (unsorted last) then id,
 * at most `limit`, named in the reader's language.
 */
export async function searchRows(
  db: TxOrDb,
  entity: string,
  organizationId: number,
  locale: Locale,
  keyword: string | undefined,
  limit: number,
) {
  const table = tableOf(entity);
  const where: (SQL | undefined)[] = [eq(table.organizationId, organizationId)];
  if (keyword) {
    const k = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
    const lower = k.toLowerCase().replace(/\s+/g, '');
    where.push(
      or(
        sql`${table.name} ILIKE ${`%${k}%`}`,
        sql`${table.nameEn} ILIKE ${`%${k}%`}`,
        sql`${table.code} ILIKE ${`${k}%`}`,
        sql`${table.namePinyin} LIKE ${`${lower}%`}`,
        sql`${table.nameInitials} LIKE ${`${lower}%`}`,
      ),
    );
  }
  const rows = await db
    .select({ id: table.id, name: table.name, nameEn: table.nameEn, code: table.code })
    .from(table)
    .where(and(...where))
    .orderBy(sql`${table.sort} ASC NULLS LAST`, asc(table.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id as number,
    name: (locale === 'en' && (r.nameEn as string | null)) || (r.name as string),
    code: r.code as string | null,
  }));
}
