import { and, asc, eq, ilike, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { sysEquipment } from './master-data.tables';
import { escapeLike } from '../../db/like';

/**
 * The English name of the piece of equipment whose id is `id` (a column of the caller's query), null when it has none
 * or `id` names none, as a correlated scalar subquery: with `rowNameSql('equipment', id)`, how a list of work orders
 * names their equipment in the reader's language (`localName`) in its own single query.
 */
export function equipmentNameEnSql(id: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`(select nullif(${sysEquipment.nameEn}, '') from ${sysEquipment} where ${sysEquipment.id} = ${id})`;
}

/**
 * The organization's enabled equipment, `{ id, name }` as stored, by name then id (at most `limit`): `id` keeps that
 * piece only, `keyword` those whose name contains it. What a work order may record as used, and its filter offers.
 */
export function enabledEquipment(
  db: TxOrDb,
  organizationId: number,
  only: { id?: number; keyword?: string; limit?: number } = {},
): Promise<{ id: number; name: string }[]> {
  const query = db
    .select({ id: sysEquipment.id, name: sysEquipment.name })
    .from(sysEquipment)
    .where(
      and(
        only.id === undefined ? undefined : eq(sysEquipment.id, only.id),
        eq(sysEquipment.organizationId, organizationId),
        eq(sysEquipment.status, 1),
        only.keyword ? ilike(sysEquipment.name, `%${escapeLike(only.keyword)}%`) : undefined,
      ),
    )
    .orderBy(asc(sysEquipment.name), asc(sysEquipment.id));
  return (only.limit === undefined ? query : query.limit(only.limit)) as Promise<{ id: number; name: string }[]>;
}
