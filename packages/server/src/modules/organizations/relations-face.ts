import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Locale } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { organizationRelations, organizations } from './organizations.tables';

/**
 * What other modules read of organization relations (`/sys/relationOrganization`), without an administrator's
 * session: the cross-organization workflows (remote consultation, later referral and transfer) may only reach
 * organizations related to the caller's.
 */
export async function relatedOrganizationIds(db: TxOrDb, organizationId: number): Promise<number[]> {
  const pairs = await db
    .select()
    .from(organizationRelations)
    .where(
      or(
        eq(organizationRelations.organizationId, organizationId),
        eq(organizationRelations.relatedOrganizationId, organizationId),
      ),
    );
  return pairs
    .map((p) => (p.organizationId === organizationId ? p.relatedOrganizationId : p.organizationId))
    .sort((a, b) => a - b);
}

/** Whether two organizations are related (stored once per pair, smaller id first). */
export async function areRelated(db: TxOrDb, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const rows = await db
    .select({ id: organizationRelations.organizationId })
    .from(organizationRelations)
    .where(
      and(
        eq(organizationRelations.organizationId, Math.min(a, b)),
        eq(organizationRelations.relatedOrganizationId, Math.max(a, b)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Organizations' names by id in the reader's language. */
export async function organizationNames(db: TxOrDb, ids: readonly number[], locale: Locale) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map<number, string>();
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, nameLang: organizations.nameLang })
    .from(organizations)
    .where(inArray(organizations.id, wanted));
  return new Map(rows.map((r) => [r.id, r.nameLang[locale] || r.name]));
}

/** The enabled organization and the enabled organizations directly under it, by id, named in the reader's language. */
export async function organizationAndChildren(db: TxOrDb, organizationId: number, locale: Locale) {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, nameLang: organizations.nameLang })
    .from(organizations)
    .where(
      and(
        eq(organizations.status, 1),
        or(eq(organizations.id, organizationId), eq(organizations.parentId, organizationId)),
      ),
    )
    .orderBy(asc(organizations.id));
  return rows.map((o) => ({ id: o.id, name: o.nameLang[locale] || o.name }));
}

/** Organizations by id with their names as stored (`name`, `nameLang`), in no set order (unknown ids absent). */
export async function organizationsByIds(db: TxOrDb, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: organizations.id, name: organizations.name, nameLang: organizations.nameLang })
    .from(organizations)
    .where(inArray(organizations.id, [...ids]));
}

/** The ids of the enabled organizations, in order. */
export async function enabledOrganizationIds(db: TxOrDb): Promise<number[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.status, 1))
    .orderBy(asc(organizations.id));
  return rows.map((r) => r.id);
}

/** The ids of the first `limit` organizations by id (the demo organizations: the demo data of each module). */
export async function firstOrganizationIds(db: TxOrDb, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .orderBy(asc(organizations.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
