import { and, asc, eq, inArray } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Locale } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { sysEquipment } from './master-data.tables';
import { localNameSql } from '../../kernel/local-name';

const qb = new QueryBuilder();

/**
 * Equipment's `id`, `name` and `nameEn` (any organization's) as a subquery named `alias`, to join where a board or a
 * list names the equipment of its bookings in its own single query: a join on it plans as a join on the equipment
 * table itself. `localName` turns the two names into the reader's.
 */
export function equipmentNameRows<A extends string>(alias: A) {
  // the columns themselves (not `sql` aliases, which a join would name unqualified); typed as the entity's table:
  // id an integer, name and nameEn text (nameEn null where none was filled in)
  return qb
    .select({ id: sysEquipment.id, name: sysEquipment.name, nameEn: sysEquipment.nameEn })
    .from(sysEquipment)
    .as(alias);
}

/** `{ id, name }` of the organization's equipment among `ids` (in no set order; ids of others are left out). */
export async function equipmentOfOrganization(
  db: TxOrDb,
  organizationId: number,
  ids: readonly number[],
): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: sysEquipment.id, name: sysEquipment.name })
    .from(sysEquipment)
    .where(and(inArray(sysEquipment.id, [...ids]), eq(sysEquipment.organizationId, organizationId)));
}

/** The organization's enabled equipment, `{ id, name }` named in the reader's language, by (Chinese) name. */
export function enabledEquipmentOptions(
  db: TxOrDb,
  organizationId: number,
  locale: Locale,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: sysEquipment.id, name: localNameSql<string>(locale, sysEquipment.name, sysEquipment.nameEn) })
    .from(sysEquipment)
    .where(and(eq(sysEquipment.organizationId, organizationId), eq(sysEquipment.status, 1)))
    .orderBy(asc(sysEquipment.name));
}
