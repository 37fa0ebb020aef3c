import { and, eq, inArray } from 'drizzle-orm';
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

/** `{ id, name }` of the rows `ids` of a master-data entity (any organization's): the names other lists show. */
export async function rowNames(db: TxOrDb, entity: string, ids: number[]): Promise<{ id: number; name: string }[]> {
  const t = tableOf(entity);
  return db.select({ id: t.id, name: t.name }).from(t).where(inArray(t.id, ids));
}
