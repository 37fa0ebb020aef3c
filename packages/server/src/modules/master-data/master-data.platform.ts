import { and, asc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, TxOrDb } from '../../db/client';
import { sysPlatformTemplate } from './master-data.tables';
import { escapeLike } from '../../db/like';

/** A platform treatment project template as stored (decimals as strings). */
export type PlatformTemplateRow = typeof sysPlatformTemplate.$inferSelect;

/**
 * The enabled platform templates (they belong to no organization) of some project types (all for an empty list),
 * their Chinese or English name containing `name` (case ignored), in type and sort order (unsorted last), then id.
 */
export function platformTemplates(
  db: TxOrDb,
  query: { typeList: number[]; name?: string },
): Promise<PlatformTemplateRow[]> {
  const t = sysPlatformTemplate;
  return db
    .select()
    .from(t)
    .where(
      and(
        isNull(t.organizationId),
        eq(t.status, 1),
        query.typeList.length > 0 ? inArray(t.projectType, query.typeList) : undefined,
        query.name
          ? sql`(${ilike(t.name, `%${escapeLike(query.name)}%`)} or ${ilike(t.nameEn, `%${escapeLike(query.name)}%`)})`
          : undefined,
      ),
    )
    .orderBy(asc(t.projectType), sql`${t.sort} ASC NULLS LAST`, asc(t.id));
}

/** Platform templates by id (`enabled`: only enabled ones), in no set order. */
export function platformTemplatesByIds(
  db: TxOrDb,
  ids: number[],
  options: { enabled?: boolean } = {},
): Promise<PlatformTemplateRow[]> {
  const t = sysPlatformTemplate;
  return db
    .select()
    .from(t)
    .where(and(inArray(t.id, ids), isNull(t.organizationId), options.enabled ? eq(t.status, 1) : undefined));
}

/** Adds platform templates (rows already in columns, `toColumns`): the demo data. */
export async function insertPlatformTemplates(db: Db, values: Record<string, unknown>[]): Promise<void> {
  await db.insert(sysPlatformTemplate).values(values);
}
