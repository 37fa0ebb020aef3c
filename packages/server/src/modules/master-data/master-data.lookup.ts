import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { tableOf } from './master-data.tables';

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
  const name = locale === 'en' && t.nameEn ? sql<string>`coalesce(nullif(${t.nameEn}, ''), ${t.name})` : t.name;
  return db.select({ id: t.id, name }).from(t).where(inArray(t.id, ids));
}
