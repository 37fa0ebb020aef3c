import { and, asc, count, eq, ilike, inArray, isNotNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import { ResultCode, type comboPageSchema, type comboSaveSchema } from '@rehab/shared';
import type { Db } from '../../db/client';
import { sysEquipment, sysProjectTemplate, sysUnit } from '../master-data/master-data.tables';
import { containing, orgPage, orgRow, saveWithItems } from '../../db/org-records';
import { AppError, notFound } from '../../http/errors';
import { comboTemplateItems, comboTemplates } from './patients.tables';
import type { Scope } from './patients.service';

type ComboSave = z.output<typeof comboSaveSchema>;

/** The items of combos with their templates' prescription defaults (what prescribing from a combo starts from). */
async function itemsOf(db: Db, comboIds: number[]) {
  if (comboIds.length === 0) return [];
  const t = sysProjectTemplate;
  return db
    .select({
      comboId: comboTemplateItems.comboId,
      templateId: comboTemplateItems.templateId,
      quantity: comboTemplateItems.quantity,
      name: t.name,
      unitPrice: t.unitPrice,
      unitName: sysUnit.name,
      duration: t.duration,
      frequency: t.frequency,
      times: t.times,
      shortLong: t.shortLong,
      bedside: t.bedside,
      equipmentId: t.equipmentId,
      linkName: t.linkName,
      linkPrice: t.linkPrice,
      linkMethod: t.linkMethod,
    })
    .from(comboTemplateItems)
    .innerJoin(t, eq(t.id, comboTemplateItems.templateId))
    .leftJoin(sysUnit, eq(sysUnit.id, t.unitId))
    .where(inArray(comboTemplateItems.comboId, comboIds))
    .orderBy(asc(comboTemplateItems.sort), asc(comboTemplateItems.id));
}

function present(items: Awaited<ReturnType<typeof itemsOf>>) {
  return items.map((i) => ({
    ...i,
    unitPrice: Number(i.unitPrice),
    linkPrice: i.linkPrice === null ? null : Number(i.linkPrice),
  }));
}

export async function listCombos(db: Db, scope: Scope, q: z.output<typeof comboPageSchema>) {
  const { rows, total } = await orgPage(
    db,
    comboTemplates,
    scope.organizationId,
    q,
    containing(comboTemplates.name, q.name),
  );
  const items = present(
    await itemsOf(
      db,
      rows.map((r) => r.id),
    ),
  );
  return {
    list: rows.map((r) => ({ ...r, items: items.filter((i) => i.comboId === r.id) })),
    total,
  };
}

export async function getCombo(db: Db, scope: Scope, id: number) {
  const row = await orgRow(db, comboTemplates, scope.organizationId, id);
  return { ...row, items: present(await itemsOf(db, [id])) };
}

/** Creates or replaces a combo and its items in one transaction; names are unique in the organization. */
export async function saveCombo(db: Db, scope: Scope, v: ComboSave) {
  const id = await db.transaction(async (tx) => {
    const ids = [...new Set(v.items.map((i) => i.templateId))];
    const found = await tx
      .select({ id: sysProjectTemplate.id })
      .from(sysProjectTemplate)
      .where(and(eq(sysProjectTemplate.organizationId, scope.organizationId), inArray(sysProjectTemplate.id, ids)));
    if (found.length !== ids.length) {
      const missing = v.items.findIndex((i) => !found.some((f) => f.id === i.templateId));
      throw new AppError(
        ResultCode.badRequest,
        'validation.refNotFound',
        { field: 'templateId' },
        { field: `items.${missing}.templateId` },
      );
    }
    const [same] = await tx
      .select({ id: comboTemplates.id })
      .from(comboTemplates)
      .where(and(eq(comboTemplates.organizationId, scope.organizationId), ilike(comboTemplates.name, v.name)))
      .limit(1);
    if (same && same.id !== v.id)
      throw new AppError(ResultCode.conflict, 'patient.comboDuplicate', { name: v.name }, { field: 'name' });
    return saveWithItems(
      tx,
      scope,
      { table: comboTemplates, id: v.id, values: { name: v.name, remark: v.remark ?? null } },
      {
        table: comboTemplateItems,
        parent: comboTemplateItems.comboId,
        rows: (comboId) =>
          v.items.map((i, sort) => ({ comboId, templateId: i.templateId, quantity: i.quantity, sort })),
      },
    );
  });
  return getCombo(db, scope, id);
}

export async function deleteCombos(db: Db, scope: Scope, ids: number[]) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(comboTemplates)
      .where(and(eq(comboTemplates.organizationId, scope.organizationId), inArray(comboTemplates.id, ids)))
      .returning({ id: comboTemplates.id });
    if (rows.length !== new Set(ids).size) throw notFound();
  });
}

/** comboprojectequipment/listBox: the equipment of the combo's projects that name one (a combo of another organization: 404). */
export async function comboEquipment(db: Db, scope: Scope, comboId: number, locale: string) {
  await orgRow(db, comboTemplates, scope.organizationId, comboId);
  const t = sysProjectTemplate;
  const rows = await db
    .select({
      templateId: t.id,
      name: t.name,
      nameEn: t.nameEn,
      equipmentId: sysEquipment.id,
      equipmentName: sysEquipment.name,
    })
    .from(comboTemplateItems)
    .innerJoin(t, eq(t.id, comboTemplateItems.templateId))
    .innerJoin(sysEquipment, eq(sysEquipment.id, t.equipmentId))
    .where(and(eq(comboTemplateItems.comboId, comboId), eq(sysEquipment.organizationId, scope.organizationId)))
    .orderBy(asc(comboTemplateItems.sort), asc(comboTemplateItems.id));
  return rows.map((r) => ({
    templateId: r.templateId as number,
    projectName: ((locale === 'en' && r.nameEn) || r.name) as string,
    equipmentId: r.equipmentId as number,
    equipmentName: r.equipmentName as string,
  }));
}

/** hisProjectTemplate/pageInfo: the enabled templates with a hospital-system code, by name or code, 99 a page. */
export async function hisTemplatePage(db: Db, scope: Scope, q: { page: number; limit: number; keyword?: string }) {
  const t = sysProjectTemplate;
  const where = and(
    eq(t.organizationId, scope.organizationId),
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
