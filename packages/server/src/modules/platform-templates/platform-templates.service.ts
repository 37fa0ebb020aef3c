import { and, eq, inArray } from 'drizzle-orm';
import { ResultCode, type Locale, type OrganizationTemplateRow } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import {
  insertMasterRow,
  platformTemplates,
  platformTemplatesByIds,
  rowIdByName,
  type PlatformTemplateRow as PlatformRow,
} from '../master-data';
import { platformTemplateImports } from './platform-templates.tables';

export type OrgScope = { organizationId: number; userId: number; locale: Locale };

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
  const rows = await platformTemplates(app.db, query);
  const imported = await importsOf(
    app,
    scope.organizationId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, imported.get(r.id) ?? null));
}

/** GET /template/info/{id}: one platform template (a disabled one too, for an organization that imported it). */
export async function templateInfo(app: AppContext, scope: OrgScope, id: number): Promise<OrganizationTemplateRow> {
  const [row] = await platformTemplatesByIds(app.db, [id]);
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
    const rows = await platformTemplatesByIds(tx, wanted, { enabled: true });
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
      const taken = await rowIdByName(tx, 'projectTemplate', scope.organizationId, row.name, { ignoreCase: true });
      if (taken !== null) {
        throw new AppError(ResultCode.conflict, 'platformTemplate.nameTaken', { name: row.name }, { field: 'ids' });
      }
      const unitId = await unitIdFor(tx, scope, row.unitName);
      const projectId = await insertMasterRow(tx, 'projectTemplate', scope, {
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
      });
      await tx.insert(platformTemplateImports).values({
        organizationId: scope.organizationId,
        platformTemplateId: row.id,
        projectTemplateId: projectId,
        importedBy: scope.userId,
      });
      projectIds.push(projectId);
    }
    return { imported: projectIds.length, skipped: wanted.length - projectIds.length, projectIds };
  });
}

async function unitIdFor(tx: Tx, scope: OrgScope, name: string): Promise<number> {
  const found = await rowIdByName(tx, 'unit', scope.organizationId, name, { ignoreCase: true });
  if (found !== null) return found;
  return insertMasterRow(tx, 'unit', scope, { name, nameEn: null, remark: null, sort: null });
}
