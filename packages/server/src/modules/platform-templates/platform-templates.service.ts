import { and, asc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { ResultCode, entityByName, type Locale, type OrganizationTemplateRow } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { sysPlatformTemplate, sysProjectTemplate, sysUnit } from '../master-data/master-data.tables';
import { AppError, notFound } from '../../http/errors';
import { toColumns } from '../master-data';
import { platformTemplateImports } from './platform-templates.tables';

type PlatformRow = typeof sysPlatformTemplate.$inferSelect;
export type OrgScope = { organizationId: number; userId: number; locale: Locale };

const projectTemplate = entityByName('projectTemplate')!;
const unit = entityByName('unit')!;

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function present(row: PlatformRow, importedId: number | null): OrganizationTemplateRow {
  return {
    id: row.id,
    name: row.name,
    nameEn: row.nameEn,
    code: row.code,
    projectType: row.projectType,
    unitPrice: Number(row.unitPrice),
    unitName: row.unitName,
    duration: row.duration,
    frequency: row.frequency,
    times: row.times,
    shortLong: row.shortLong,
    bedside: row.bedside,
    linkName: row.linkName,
    linkPrice: num(row.linkPrice),
    linkMethod: row.linkMethod,
    remark: row.remark,
    importedId,
  };
}

/** The organization's copies of some platform templates, by platform template id (copies still present). */
async function importsOf(app: AppContext, organizationId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await app.db
    .select({
      platformTemplateId: platformTemplateImports.platformTemplateId,
      projectTemplateId: platformTemplateImports.projectTemplateId,
    })
    .from(platformTemplateImports)
    .where(
      and(
        eq(platformTemplateImports.organizationId, organizationId),
        inArray(platformTemplateImports.platformTemplateId, ids),
      ),
    );
  return new Map(rows.map((r) => [r.platformTemplateId, r.projectTemplateId]));
}

/**
 * getTemplateListByTypeList: the enabled platform templates of some project types (all for an empty list), in
 * type and sort order, each with the id of the organization's copy when it was imported.
 */
export async function templatesByType(
  app: AppContext,
  scope: OrgScope,
  query: { typeList: number[]; name?: string },
): Promise<OrganizationTemplateRow[]> {
  const t = sysPlatformTemplate;
  const rows = await app.db
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
  const imported = await importsOf(
    app,
    scope.organizationId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, imported.get(r.id) ?? null));
}

/** GET /template/info/{id}: one platform template (a disabled one too, for an organization that imported it). */
export async function templateInfo(app: AppContext, scope: OrgScope, id: number): Promise<OrganizationTemplateRow> {
  const [row] = await app.db
    .select()
    .from(sysPlatformTemplate)
    .where(and(eq(sysPlatformTemplate.id, id), isNull(sysPlatformTemplate.organizationId)))
    .limit(1);
  if (!row) throw notFound();
  const imported = await importsOf(app, scope.organizationId, [id]);
  return present(row, imported.get(id) ?? null);
}

/**
 * Copies platform templates into the organization's treatment projects, in one transaction (all or none):
 * - an unknown or disabled platform template answers 404;
 * - one the organization already imported (its copy still exists) is skipped;
 * - the dosage unit is the organization's unit of that name (case ignored), added when it has none;
 * - a treatment project of the same name already in the organization answers 409 naming it, and nothing is written.
 */
export async function importTemplates(
  app: AppContext,
  scope: OrgScope,
  ids: number[],
): Promise<{ imported: number; skipped: number; projectIds: number[] }> {
  const wanted = [...new Set(ids)];
  return app.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(sysPlatformTemplate)
      .where(
        and(
          inArray(sysPlatformTemplate.id, wanted),
          isNull(sysPlatformTemplate.organizationId),
          eq(sysPlatformTemplate.status, 1),
        ),
      );
    if (rows.length !== wanted.length) throw notFound();
    const links = await tx
      .select({ platformTemplateId: platformTemplateImports.platformTemplateId })
      .from(platformTemplateImports)
      .where(
        and(
          eq(platformTemplateImports.organizationId, scope.organizationId),
          inArray(platformTemplateImports.platformTemplateId, wanted),
        ),
      );
    const done = new Set(links.map((l) => l.platformTemplateId));
    const projectIds: number[] = [];
    // in the order asked for, so projectIds answer the ids one to one
    const todo = wanted.map((id) => rows.find((r) => r.id === id)!).filter((r) => !done.has(r.id));
    for (const row of todo) {
      const [taken] = await tx
        .select({ id: sysProjectTemplate.id })
        .from(sysProjectTemplate)
        .where(
          and(
            eq(sysProjectTemplate.organizationId, scope.organizationId),
            sql`lower(${sysProjectTemplate.name}) = lower(${row.name})`,
          ),
        )
        .limit(1);
      if (taken) {
        throw new AppError(ResultCode.conflict, 'platformTemplate.nameTaken', { name: row.name }, { field: 'ids' });
      }
      const unitId = await unitIdFor(tx, scope, row.unitName);
      const [project] = await tx
        .insert(sysProjectTemplate)
        .values({
          ...toColumns(projectTemplate, {
            name: row.name,
            nameEn: row.nameEn,
            code: row.code,
            projectType: row.projectType,
            unitPrice: Number(row.unitPrice),
            unitId,
            duration: row.duration,
            frequency: row.frequency,
            times: row.times,
            shortLong: row.shortLong,
            bedside: row.bedside,
            equipmentId: null,
            linkName: row.linkName,
            linkPrice: num(row.linkPrice),
            linkMethod: row.linkMethod,
            status: 1,
            remark: row.remark,
            sort: row.sort,
          }),
          organizationId: scope.organizationId,
          createdBy: scope.userId,
        })
        .returning({ id: sysProjectTemplate.id });
      await tx.insert(platformTemplateImports).values({
        organizationId: scope.organizationId,
        platformTemplateId: row.id,
        projectTemplateId: project!.id as number,
        importedBy: scope.userId,
      });
      projectIds.push(project!.id as number);
    }
    return { imported: projectIds.length, skipped: wanted.length - projectIds.length, projectIds };
  });
}

async function unitIdFor(tx: Tx, scope: OrgScope, name: string): Promise<number> {
  const [found] = await tx
    .select({ id: sysUnit.id })
    .from(sysUnit)
    .where(and(eq(sysUnit.organizationId, scope.organizationId), sql`lower(${sysUnit.name}) = lower(${name})`))
    .limit(1);
  if (found) return found.id as number;
  const [added] = await tx
    .insert(sysUnit)
    .values({
      ...toColumns(unit, { name, nameEn: null, remark: null, sort: null }),
      organizationId: scope.organizationId,
      createdBy: scope.userId,
    })
    .returning({ id: sysUnit.id });
  return added!.id as number;
}
