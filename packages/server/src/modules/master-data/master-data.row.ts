import { and, asc, eq, sql } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { entityByName } from '@rehab/shared';
import { tableOf } from './master-data.tables';
import { toColumns } from './master-data.service';

/**
 * One row of a master-data entity the organization owns, as stored (decimals as strings), or null: how another
 * module reads what it prices or checks (a registration type's fee, a package's sessions and price).
 */
export async function masterRow(
  db: TxOrDb,
  entity: string,
  organizationId: number,
  id: number,
): Promise<Record<string, unknown> | null> {
  const t = tableOf(entity);
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)))
    .limit(1);
  return (row as Record<string, unknown> | undefined) ?? null;
}

/**
 * The rows of a master-data entity the organization owns, as stored: by id, at most 500 (the demo data picks from
 * them), or with `order` 'sort' all of them in their sort order (unsorted last), then by id (an options list).
 */
export async function masterRows(
  db: TxOrDb,
  entity: string,
  organizationId: number,
  order: 'id' | 'sort' = 'id',
): Promise<Record<string, unknown>[]> {
  const t = tableOf(entity);
  const query = db.select().from(t).where(eq(t.organizationId, organizationId));
  return (await (order === 'sort'
    ? query.orderBy(sql`${t.sort} ASC NULLS LAST`, asc(t.id))
    : query.orderBy(asc(t.id)).limit(500))) as Record<string, unknown>[];
}

/** How many rows of a master-data entity the organization owns that are enabled (status 1, where it has one). */
export async function enabledCount(db: TxOrDb, entity: string, organizationId: number): Promise<number> {
  const t = tableOf(entity);
  const status = (t as unknown as Record<string, unknown>).status;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), status ? sql`${status} = 1` : undefined));
  return Number(row?.n ?? 0);
}

/**
 * Adds a row of a master-data entity to an organization, as `toColumns` stores `data` (no reference or uniqueness
 * checks: the caller has made them), and answers its id: how another module copies rows in (an import).
 */
export async function insertMasterRow(
  db: TxOrDb,
  entity: string,
  owner: { organizationId: number; userId: number },
  data: Record<string, unknown>,
): Promise<number> {
  const t = tableOf(entity);
  const [row] = await db
    .insert(t)
    .values({
      ...toColumns(entityByName(entity)!, data),
      organizationId: owner.organizationId,
      createdBy: owner.userId,
    })
    .returning({ id: t.id });
  return row!.id as number;
}
