import { and, asc, count, eq, inArray, isNotNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { containing } from '../../db/org-records';
import type { Locale } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { sysProjectTemplate, sysUnit, tableOf } from './master-data.tables';

/**
 * The ids among `ids` of rows of a master-data entity the organization owns: how a save naming several references
 * (a combo's or a plan's project templates) checks them in one statement and names the first one that is not.
 */
export async function ownedRowIds(
  db: TxOrDb,
  entity: string,
  organizationId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const t = tableOf(entity);
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), inArray(t.id, [...new Set(ids)])));
  return new Set(rows.map((r) => r.id as number));
}

/** The organization's rows of a master-data entity by their (Chinese) name: the demo data's picks. */
export async function rowIdsByName(db: TxOrDb, entity: string, organizationId: number): Promise<Map<string, number>> {
  const t = tableOf(entity);
  const rows = await db.select({ id: t.id, name: t.name }).from(t).where(eq(t.organizationId, organizationId));
  return new Map(rows.map((r) => [r.name as string, r.id as number]));
}

/** A project template as stored, with the Chinese and English name of its unit (null when it names none). */
export type TemplateWithUnit = {
  template: Record<string, unknown>;
  unitName: string | null;
  unitNameEn: string | null;
};

/** The prescription defaults a project template gives a project prescribed from it (prices as numbers). */
export function prescriptionDefaults(t: Record<string, unknown>) {
  return {
    duration: t.duration as number,
    frequency: t.frequency as string,
    times: t.times as number,
    shortLong: t.shortLong as number,
    bedside: t.bedside as boolean,
    equipmentId: t.equipmentId as number | null,
    linkName: t.linkName as string | null,
    linkPrice: t.linkPrice === null ? null : Number(t.linkPrice),
    linkMethod: t.linkMethod as number | null,
  };
}

/**
 * Project templates with their unit's names: `ids` those (any organization's unless `organizationId` is given),
 * else the organization's (with `enabled` only those enabled) in their sort order, then by id, at most 5,000. What
 * prescribing starts from (the prescribing form's options, a plan's or a combo's defaults, the demo's projects).
 */
export async function templatesWithUnit(
  db: TxOrDb,
  only: { organizationId?: number; ids?: readonly number[]; enabled?: boolean },
): Promise<TemplateWithUnit[]> {
  if (only.ids && !only.ids.length) return [];
  const t = sysProjectTemplate;
  const rows = await db
    .select({ template: t, unitName: sysUnit.name, unitNameEn: sysUnit.nameEn })
    .from(t)
    .leftJoin(sysUnit, eq(sysUnit.id, t.unitId))
    .where(
      and(
        only.organizationId === undefined ? undefined : eq(t.organizationId, only.organizationId),
        only.ids ? inArray(t.id, [...only.ids]) : undefined,
        only.enabled ? eq(t.status, 1) : undefined,
      ),
    )
    .orderBy(asc(t.sort), asc(t.id))
    .limit(5000);
  return rows as TemplateWithUnit[];
}

/**
 * The unit a prescribed project keeps as text (the prescriber's words, in either language), in the reader's
 * language, as a scalar subquery: the organization's unit of that name (Chinese or English) gives its name; a unit
 * no longer in the list stays as written. `organizationId` and `text` are columns of the caller's query.
 */
export function unitNameOfTextSql(organizationId: SQLWrapper, text: SQLWrapper, locale: Locale): SQL<string | null> {
  const shown = locale === 'en' ? sql`coalesce(nullif(u.name_en, ''), u.name)` : sql`u.name`;
  return sql<string | null>`coalesce((select ${shown} from ${sysUnit} u
    where u.organization_id = ${organizationId} and ${text} in (u.name, u.name_en)
    order by u.id limit 1), ${text})`;
}

/**
 * One page of the organization's enabled project templates that carry a hospital-system code, by code then id,
 * `keyword` matching the name or the code: the hospital-system template picker (hisProjectTemplate/pageInfo).
 */
export async function templatesWithHisCode(
  db: TxOrDb,
  organizationId: number,
  q: { page: number; limit: number; keyword?: string },
) {
  const t = sysProjectTemplate;
  const where = and(
    eq(t.organizationId, organizationId),
    eq(t.status, 1),
    isNotNull(t.code),
    q.keyword ? or(containing(t.name, q.keyword), containing(t.code, q.keyword)) : undefined,
  );
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select({ id: t.id, code: t.code, name: t.name, projectType: t.projectType, unitPrice: t.unitPrice })
      .from(t)
      .where(where)
      .orderBy(asc(t.code), asc(t.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id as number,
      code: r.code as string,
      name: r.name as string,
      projectType: r.projectType as number,
      unitPrice: Number(r.unitPrice),
    })),
    total: Number(n),
  };
}
