import { and, asc, eq, sql } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { tableOf } from './master-data.tables';

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

/** The rows of a master-data entity the organization owns, by id (at most 500): the demo data picks from them. */
export async function masterRows(
  db: TxOrDb,
  entity: string,
  organizationId: number,
): Promise<Record<string, unknown>[]> {
  const t = tableOf(entity);
  return (await db
    .select()
    .from(t)
    .where(eq(t.organizationId, organizationId))
    .orderBy(asc(t.id))
    .limit(500)) as Record<string, unknown>[];
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
