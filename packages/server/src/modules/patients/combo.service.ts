import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ResultCode, type comboPageSchema, type comboSaveSchema } from '@rehab/shared';
import type { Db } from '../../db/client';
import {
  equipmentOfOrganization,
  ownedRowIds,
  prescriptionDefaults,
  templatesWithHisCode,
  templatesWithUnit,
} from '../master-data';
import { containing, orgPage, orgRow, saveWithItems } from '../../db/org-records';
import { AppError, notFound } from '../../http/errors';
import { comboTemplateItems, comboTemplates } from './patients.tables';
import type { Scope } from './patients.service';

type ComboSave = z.output<typeof comboSaveSchema>;

/** The items of combos with their templates' prescription defaults (what prescribing from a combo starts from). */
async function itemsOf(db: Db, comboIds: number[]) {
  if (comboIds.length === 0) return [];
  const items = await db
    .select({
      comboId: comboTemplateItems.comboId,
      templateId: comboTemplateItems.templateId,
      quantity: comboTemplateItems.quantity,
    })
    .from(comboTemplateItems)
    .where(inArray(comboTemplateItems.comboId, comboIds))
    .orderBy(asc(comboTemplateItems.sort), asc(comboTemplateItems.id));
  const templates = new Map(
    (await templatesWithUnit(db, { ids: [...new Set(items.map((i) => i.templateId))] })).map((r) => [
      r.template.id as number,
      r,
    ]),
  );
  // an item's template is kept by its foreign key: every item finds its own
  return items.flatMap((i) => {
    const found = templates.get(i.templateId);
    if (!found) return [];
    const t = found.template;
    return [
      {
        ...i,
        name: t.name as string,
        unitPrice: t.unitPrice as string,
        unitName: found.unitName,
        ...prescriptionDefaults(t),
      },
    ];
  });
}

function present(items: Awaited<ReturnType<typeof itemsOf>>) {
  return items.map((i) => ({
    ...i,
    unitPrice: Number(i.unitPrice),
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
    const found = await ownedRowIds(tx, 'projectTemplate', scope.organizationId, ids);
    if (found.size !== ids.length) {
      const missing = v.items.findIndex((i) => !found.has(i.templateId));
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
  const items = await db
    .select({ templateId: comboTemplateItems.templateId })
    .from(comboTemplateItems)
    .where(eq(comboTemplateItems.comboId, comboId))
    .orderBy(asc(comboTemplateItems.sort), asc(comboTemplateItems.id));
  const templates = new Map(
    (await templatesWithUnit(db, { ids: [...new Set(items.map((i) => i.templateId))] })).map((r) => [
      r.template.id as number,
      r.template,
    ]),
  );
  const equipmentIds = [...templates.values()].flatMap((t) => (t.equipmentId ? [t.equipmentId as number] : []));
  // only the organization's equipment
  const equipment = new Map(
    (await equipmentOfOrganization(db, scope.organizationId, [...new Set(equipmentIds)])).map((e) => [e.id, e.name]),
  );
  return items.flatMap(({ templateId }) => {
    const t = templates.get(templateId);
    const equipmentName = t?.equipmentId ? equipment.get(t.equipmentId as number) : undefined;
    if (!t || equipmentName === undefined) return [];
    return [
      {
        templateId,
        projectName: ((locale === 'en' && t.nameEn) || t.name) as string,
        equipmentId: t.equipmentId as number,
        equipmentName,
      },
    ];
  });
}

/** hisProjectTemplate/pageInfo: the enabled templates with a hospital-system code, by name or code, 99 a page. */
export function hisTemplatePage(db: Db, scope: Scope, q: { page: number; limit: number; keyword?: string }) {
  return templatesWithHisCode(db, scope.organizationId, q);
}
