/**
 * The shapes an organization's own records (templates, combos, linkages ...) repeat: a page of them with the count,
 * one of them by id, and a save that writes the header row and replaces its item rows in the caller's
 * transaction. The header table has `id`, `organization_id` and the audit columns (db/columns.ts `audit()`).
 */
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../http/errors';
import type { TxOrDb } from './client';
import { clockNow } from '../kernel/clock';

/** A table of an organization's records with the audit columns. */
export type OrgTable = PgTable & {
  id: AnyPgColumn;
  organizationId: AnyPgColumn;
  createdBy: AnyPgColumn;
  updatedBy: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

/** Who saves: the session's organization and user. */
export type OrgActor = { organizationId: number; userId: number };

/** A filter on a text column containing `text` (case-insensitive, `%` and `_` taken literally); none without text. */
export const containing = (column: AnyPgColumn, text: string | undefined) =>
  text ? ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;

const own = (table: OrgTable, organizationId: number, id: number) =>
  and(eq(table.id, id), eq(table.organizationId, organizationId));

/** A page of the organization's rows matching `filter`, newest first, with the count of all that match. */
export async function orgPage<T extends OrgTable>(
  db: TxOrDb,
  table: T,
  organizationId: number,
  page: { page: number; limit: number },
  filter?: SQL,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const where = and(eq(table.organizationId, organizationId), filter);
  // the generic table loses drizzle's inferred row type: the rows are the table's
  const [total] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(where);
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(desc(table.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)) as T['$inferSelect'][];
  return { rows, total: Number(total?.n ?? 0) };
}

/** The organization's row by id, else 404 (another organization's id is not found either). */
export async function orgRow<T extends OrgTable>(
  db: TxOrDb,
  table: T,
  organizationId: number,
  id: number,
): Promise<T['$inferSelect']> {
  const [row] = (await db
    .select()
    .from(table as PgTable)
    .where(own(table, organizationId, id))
    .limit(1)) as T['$inferSelect'][];
  if (!row) throw notFound();
  return row;
}

/**
 * Writes a header row, in the caller's transaction: with an id updates the organization's row (404 if it is not
 * one) and deletes its items, without one inserts a row of the organization; then inserts the items in their
 * order. Answers the header's id.
 */
export async function saveWithItems<T extends OrgTable, I extends PgTable>(
  tx: TxOrDb,
  actor: OrgActor,
  header: { table: T; id: number | undefined; values: Record<string, unknown> },
  items?: { table: I; parent: AnyPgColumn; rows: (parentId: number) => I['$inferInsert'][] },
): Promise<number> {
  const { table, values } = header;
  let id = header.id;
  if (id) {
    const [row] = await tx
      .update(table as OrgTable)
      .set({ ...values, updatedAt: clockNow(), updatedBy: actor.userId })
      .where(own(table, actor.organizationId, id))
      .returning({ id: table.id });
    if (!row) throw notFound();
    if (items) await tx.delete(items.table).where(eq(items.parent, id));
  } else {
    const [row] = await tx
      .insert(table as OrgTable)
      .values({ ...values, organizationId: actor.organizationId, createdBy: actor.userId, updatedBy: actor.userId })
      .returning({ id: table.id });
    id = row!.id as number;
  }
  const rows = items?.rows(id) ?? [];
  if (items && rows.length > 0) await tx.insert(items.table).values(rows);
  return id;
}
