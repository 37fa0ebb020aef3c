import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CourseStatus,
  type courseCaseSaveSchema,
  ResultCode,
  type caseTemplateSaveSchema,
  type linkagePageSchema,
  type linkageSaveSchema,
  type prescriptionTemplateSaveSchema,
  type templatePageSchema,
} from '@rehab/shared';
import type { Db, TxOrDb } from '../../db/client';
import { ownedRowIds, prescriptionDefaults, rowNames, templatesWithUnit } from '../master-data';
import { containing, orgPage, orgRow, saveWithItems } from '../../db/org-records';
import { AppError, notFound } from '../../http/errors';
import { treatmentProjects, treatments } from './patients.tables';
import {
  caseTemplates,
  prescriptionTemplateItems,
  prescriptionTemplates,
  projectLinkageItems,
  projectLinkages,
} from './plans.tables';
import { inOrg, type Scope } from './patients.service';
import { clockNow } from '../../kernel/clock';

const bad = (key: string, field: string, params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.badRequest, key, params, { field });
const conflict = (key: string, params: Record<string, string | number>, field: string) =>
  new AppError(ResultCode.conflict, key, params, { field });
const nameIn = (locale: string, name: unknown, nameEn: unknown) =>
  ((locale === 'en' && (nameEn as string | null)) || (name as string | null)) ?? null;

/** A master-data reference the request names: the organization's; a null one is refused too (400 naming it). */
async function refInOrg(tx: TxOrDb, entity: string, id: number | null | undefined, scope: Scope, field: string) {
  if (id === null) throw bad('validation.refNotFound', field, { field });
  await inOrg(tx, entity, id, scope, field);
}

/** Every project template id must be the organization's (400 naming the first one that is not). */
async function checkTemplates(tx: TxOrDb, scope: Scope, ids: number[], field: (i: number) => string) {
  const known = await ownedRowIds(tx, 'projectTemplate', scope.organizationId, ids);
  const missing = ids.findIndex((id) => !known.has(id));
  if (missing >= 0) throw bad('validation.refNotFound', field(missing), { field: 'templateId' });
}

/** Project templates with their prescription defaults, in the caller's language. */
async function templateDefaults(db: TxOrDb, scope: Scope, ids: number[]) {
  if (ids.length === 0) return new Map<number, ReturnType<typeof shapeTemplate>>();
  const rows = await templatesWithUnit(db, { organizationId: scope.organizationId, ids });
  return new Map(rows.map((r) => [r.template.id as number, shapeTemplate(r, scope)]));
}

function shapeTemplate(r: { template: Record<string, unknown>; unitName: unknown; unitNameEn: unknown }, scope: Scope) {
  const t = r.template;
  return {
    id: t.id as number,
    name: nameIn(scope.locale, t.name, t.nameEn)!,
    status: t.status as number,
    unitPrice: Number(t.unitPrice),
    unitName: nameIn(scope.locale, r.unitName, r.unitNameEn),
    ...prescriptionDefaults(t),
  };
}

async function diagnosisNames(db: TxOrDb, scope: Scope, diseaseIds: number[], functioningIds: number[]) {
  const pick = async (entity: string, ids: number[]) =>
    new Map((await rowNames(db, entity, [...new Set(ids)], scope.locale)).map((r) => [r.id, r.name]));
  return { disease: await pick('disease', diseaseIds), functioning: await pick('functioning', functioningIds) };
}

/** A unique index refused a row another request saved at the same moment: the same 409 as the check before. */
async function uniqueAs<T>(run: () => Promise<T>, refusal: () => AppError): Promise<T> {
  try {
    return await run();
  } catch (err) {
    for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++)
      if (e.code === '23505') throw refusal();
    throw err;
  }
}

/** An edit names a row of the session's organization, else 404 before anything else is looked at. */
async function ownRow(
  tx: TxOrDb,
  table: typeof projectLinkages | typeof caseTemplates | typeof prescriptionTemplates,
  scope: Scope,
  id: number | undefined,
) {
  if (id === undefined) return;
  const [hit] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.organizationId, scope.organizationId)))
    .limit(1)
    .for('update');
  if (!hit) throw notFound();
}

// ---------------------------------------------------------------------------------------------------------------
// Project linkage

async function presentLinkages(db: TxOrDb, scope: Scope, rows: (typeof projectLinkages.$inferSelect)[]) {
  const items = rows.length
    ? await db
        .select()
        .from(projectLinkageItems)
        .where(
          inArray(
            projectLinkageItems.linkageId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(projectLinkageItems.sort), asc(projectLinkageItems.id))
    : [];
  const templates = await templateDefaults(db, scope, [...new Set(items.map((i) => i.templateId))]);
  const names = await diagnosisNames(
    db,
    scope,
    rows.flatMap((r) => (r.diseaseId ? [r.diseaseId] : [])),
    rows.flatMap((r) => (r.functioningId ? [r.functioningId] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    diseaseId: r.diseaseId,
    diseaseName: r.diseaseId ? (names.disease.get(r.diseaseId) ?? null) : null,
    functioningId: r.functioningId,
    functioningName: r.functioningId ? (names.functioning.get(r.functioningId) ?? null) : null,
    remark: r.remark,
    updatedAt: r.updatedAt,
    projects: items
      .filter((i) => i.linkageId === r.id)
      .map((i) => ({ templateId: i.templateId, name: templates.get(i.templateId)?.name ?? '' })),
  }));
}

export async function listLinkages(db: Db, scope: Scope, q: z.output<typeof linkagePageSchema>) {
  const { rows, total } = await orgPage(
    db,
    projectLinkages,
    scope.organizationId,
    q,
    and(
      q.diseaseId ? eq(projectLinkages.diseaseId, q.diseaseId) : undefined,
      q.functioningId ? eq(projectLinkages.functioningId, q.functioningId) : undefined,
    ),
  );
  return { list: await presentLinkages(db, scope, rows), total };
}

export async function getLinkage(db: TxOrDb, scope: Scope, id: number) {
  const row = await orgRow(db, projectLinkages, scope.organizationId, id);
  return (await presentLinkages(db, scope, [row]))[0]!;
}

/** Creates or replaces a linkage and its projects in one transaction; one linkage per diagnosis pair. */
export async function saveLinkage(db: Db, scope: Scope, v: z.output<typeof linkageSaveSchema>) {
  const id = await uniqueAs(
    () =>
      db.transaction(async (tx) => {
        await ownRow(tx, projectLinkages, scope, v.id);
        await refInOrg(tx, 'disease', v.diseaseId, scope, 'diseaseId');
        await refInOrg(tx, 'functioning', v.functioningId, scope, 'functioningId');
        await checkTemplates(tx, scope, v.templateIds, (i) => `templateIds.${i}`);
        const [same] = await tx
          .select({ id: projectLinkages.id })
          .from(projectLinkages)
          .where(
            and(
              eq(projectLinkages.organizationId, scope.organizationId),
              v.diseaseId ? eq(projectLinkages.diseaseId, v.diseaseId) : isNull(projectLinkages.diseaseId),
              v.functioningId
                ? eq(projectLinkages.functioningId, v.functioningId)
                : isNull(projectLinkages.functioningId),
            ),
          )
          .limit(1);
        if (same && same.id !== v.id) throw conflict('plan.linkageDuplicate', {}, 'diseaseId');
        return saveWithItems(
          tx,
          scope,
          {
            table: projectLinkages,
            id: v.id,
            values: {
              diseaseId: v.diseaseId ?? null,
              functioningId: v.functioningId ?? null,
              remark: v.remark ?? null,
            },
          },
          {
            table: projectLinkageItems,
            parent: projectLinkageItems.linkageId,
            rows: (linkageId) => v.templateIds.map((templateId, sort) => ({ linkageId, templateId, sort })),
          },
        );
      }),
    () => conflict('plan.linkageDuplicate', {}, 'diseaseId'),
  );
  return getLinkage(db, scope, id);
}

export async function deleteLinkages(db: Db, scope: Scope, ids: number[]) {
  await deleteOwn(db, scope, projectLinkages, ids);
}

async function deleteOwn(
  db: Db,
  scope: Scope,
  table: typeof projectLinkages | typeof caseTemplates | typeof prescriptionTemplates,
  ids: number[],
) {
  await db.transaction(async (tx) => {
    const own = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.organizationId, scope.organizationId), inArray(table.id, ids)));
    if (own.length !== new Set(ids).size) throw notFound();
    await tx.delete(table).where(inArray(table.id, ids));
  });
}

/**
 * The recommended plan of a course: the projects linked to its disease, to its functional diagnosis and to the
 * pair, in that order of precedence (pair first), each once, with the prescription defaults of its template and
 * whether the course already has it in progress. Disabled templates are left out.
 */
export async function recommendPlan(db: Db, scope: Scope, patientId: number, treatmentId: number) {
  const [course] = await db
    .select()
    .from(treatments)
    .where(and(eq(treatments.id, treatmentId), eq(treatments.organizationId, scope.organizationId)))
    .limit(1);
  if (!course || course.patientId !== patientId) throw notFound();
  const matches = await db
    .select()
    .from(projectLinkages)
    .where(
      and(
        eq(projectLinkages.organizationId, scope.organizationId),
        or(
          and(eq(projectLinkages.diseaseId, course.diseaseId), eq(projectLinkages.functioningId, course.functioningId)),
          and(eq(projectLinkages.diseaseId, course.diseaseId), isNull(projectLinkages.functioningId)),
          and(isNull(projectLinkages.diseaseId), eq(projectLinkages.functioningId, course.functioningId)),
        ),
      ),
    );
  const rank = (l: (typeof matches)[number]) => (l.diseaseId && l.functioningId ? 0 : l.diseaseId ? 1 : 2);
  matches.sort((a, b) => rank(a) - rank(b));
  const presented = await presentLinkages(db, scope, matches);
  const current = await db
    .select({ templateId: treatmentProjects.templateId })
    .from(treatmentProjects)
    .where(and(eq(treatmentProjects.treatmentId, treatmentId), eq(treatmentProjects.status, 1)));
  const inProgress = new Set(current.map((c) => c.templateId));
  const seen = new Set<number>();
  const order: { templateId: number; basis: 'both' | 'disease' | 'functioning' }[] = [];
  for (const [i, l] of presented.entries()) {
    const basis = (['both', 'disease', 'functioning'] as const)[rank(matches[i]!)];
    for (const p of l.projects) {
      if (seen.has(p.templateId)) continue;
      seen.add(p.templateId);
      order.push({ templateId: p.templateId, basis });
    }
  }
  const templates = await templateDefaults(db, scope, [...seen]);
  const names = await diagnosisNames(db, scope, [course.diseaseId], [course.functioningId]);
  return {
    patientId,
    treatmentId,
    courseActive: course.status === CourseStatus.active,
    diseaseName: names.disease.get(course.diseaseId) ?? '',
    functioningName: names.functioning.get(course.functioningId) ?? '',
    officeId: course.officeId,
    projects: order
      .filter((o) => templates.get(o.templateId)?.status === 1)
      .map((o) => ({
        ...templates.get(o.templateId)!,
        templateId: o.templateId,
        basis: o.basis,
        inProgress: inProgress.has(o.templateId),
      })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Case templates

type CaseSave = z.output<typeof caseTemplateSaveSchema>;

async function presentCases(db: TxOrDb, scope: Scope, rows: (typeof caseTemplates.$inferSelect)[]) {
  const names = await diagnosisNames(
    db,
    scope,
    rows.flatMap((r) => (r.diseaseId ? [r.diseaseId] : [])),
    rows.flatMap((r) => (r.functioningId ? [r.functioningId] : [])),
  );
  return rows.map((r) => ({
    ...r,
    diseaseName: r.diseaseId ? (names.disease.get(r.diseaseId) ?? null) : null,
    functioningName: r.functioningId ? (names.functioning.get(r.functioningId) ?? null) : null,
  }));
}

export async function listCases(db: Db, scope: Scope, q: z.output<typeof templatePageSchema>) {
  const { rows, total } = await orgPage(
    db,
    caseTemplates,
    scope.organizationId,
    q,
    containing(caseTemplates.name, q.name),
  );
  return { list: await presentCases(db, scope, rows), total };
}

const caseOf = (db: TxOrDb, scope: Scope, id: number) => orgRow(db, caseTemplates, scope.organizationId, id);

export async function getCase(db: Db, scope: Scope, id: number) {
  return (await presentCases(db, scope, [await caseOf(db, scope, id)]))[0]!;
}

async function sameName(
  tx: TxOrDb,
  table: typeof caseTemplates | typeof prescriptionTemplates,
  scope: Scope,
  name: string,
  id: number | undefined,
) {
  const [same] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.organizationId, scope.organizationId), sql`lower(${table.name}) = lower(${name})`))
    .limit(1);
  return Boolean(same && same.id !== id);
}

export async function saveCase(db: Db, scope: Scope, v: CaseSave) {
  const id = await uniqueAs(
    () =>
      db.transaction(async (tx) => {
        await ownRow(tx, caseTemplates, scope, v.id);
        await refInOrg(tx, 'disease', v.diseaseId, scope, 'diseaseId');
        await refInOrg(tx, 'functioning', v.functioningId, scope, 'functioningId');
        if (await sameName(tx, caseTemplates, scope, v.name, v.id))
          throw conflict('plan.caseDuplicate', { name: v.name }, 'name');
        return saveWithItems(tx, scope, {
          table: caseTemplates,
          id: v.id,
          values: {
            name: v.name,
            chiefComplaint: v.chiefComplaint ?? null,
            diseaseId: v.diseaseId ?? null,
            functioningId: v.functioningId ?? null,
            tcmDiagnosis: v.tcmDiagnosis ?? null,
            specialNotes: v.specialNotes ?? null,
          },
        });
      }),
    () => conflict('plan.caseDuplicate', { name: v.name }, 'name'),
  );
  return getCase(db, scope, id);
}

export async function deleteCases(db: Db, scope: Scope, ids: number[]) {
  await deleteOwn(db, scope, caseTemplates, ids);
}

/** The organization's course, locked for the change; 404 when not the organization's, 409 when not active. */
async function lockActiveCourse(tx: TxOrDb, scope: Scope, treatmentId: number) {
  const [course] = await tx
    .select()
    .from(treatments)
    .where(and(eq(treatments.id, treatmentId), eq(treatments.organizationId, scope.organizationId)))
    .limit(1)
    .for('update');
  if (!course) throw notFound();
  if (course.status !== CourseStatus.active) throw new AppError(ResultCode.conflict, 'patient.courseNotActive', {});
  return course;
}

/**
 * Writes a case template onto an active course: its texts and the diagnoses it has (a template without a disease
 * or function diagnosis leaves the course's).
 */
export async function applyCase(db: Db, scope: Scope, id: number, treatmentId: number) {
  await db.transaction(async (tx) => {
    const template = await caseOf(tx, scope, id);
    const course = await lockActiveCourse(tx, scope, treatmentId);
    await tx
      .update(treatments)
      .set({
        chiefComplaint: template.chiefComplaint ?? course.chiefComplaint,
        tcmDiagnosis: template.tcmDiagnosis ?? course.tcmDiagnosis,
        specialNotes: template.specialNotes ?? course.specialNotes,
        diseaseId: template.diseaseId ?? course.diseaseId,
        functioningId: template.functioningId ?? course.functioningId,
        updatedAt: clockNow(),
        updatedBy: scope.userId,
      })
      .where(eq(treatments.id, treatmentId));
  });
}

/** saveCase: the case of an active course of the organization, written as given (what is left out is cleared). */
export async function saveCourseCase(db: Db, scope: Scope, v: z.output<typeof courseCaseSaveSchema>) {
  await db.transaction(async (tx) => {
    await refInOrg(tx, 'disease', v.diseaseId, scope, 'diseaseId');
    await refInOrg(tx, 'functioning', v.functioningId, scope, 'functioningId');
    await lockActiveCourse(tx, scope, v.treatmentId);
    await tx
      .update(treatments)
      .set({
        chiefComplaint: v.chiefComplaint ?? null,
        diseaseId: v.diseaseId,
        functioningId: v.functioningId,
        tcmDiagnosis: v.tcmDiagnosis ?? null,
        specialNotes: v.specialNotes ?? null,
        updatedAt: clockNow(),
        updatedBy: scope.userId,
      })
      .where(eq(treatments.id, v.treatmentId));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Prescription templates

type PrescriptionSave = z.output<typeof prescriptionTemplateSaveSchema>;

async function presentPrescriptions(db: TxOrDb, scope: Scope, rows: (typeof prescriptionTemplates.$inferSelect)[]) {
  const items = rows.length
    ? await db
        .select()
        .from(prescriptionTemplateItems)
        .where(
          inArray(
            prescriptionTemplateItems.prescriptionId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(prescriptionTemplateItems.sort), asc(prescriptionTemplateItems.id))
    : [];
  const templates = await templateDefaults(db, scope, [...new Set(items.map((i) => i.templateId))]);
  return rows.map((r) => ({
    ...r,
    items: items
      .filter((i) => i.prescriptionId === r.id)
      .map(({ id: _id, prescriptionId: _p, sort: _s, ...i }) => {
        const t = templates.get(i.templateId)!;
        // the template's defaults, with this prescription's amounts over them
        return { ...t, ...i, id: i.templateId };
      }),
  }));
}

export async function listPrescriptions(db: Db, scope: Scope, q: z.output<typeof templatePageSchema>) {
  const { rows, total } = await orgPage(
    db,
    prescriptionTemplates,
    scope.organizationId,
    q,
    containing(prescriptionTemplates.name, q.name),
  );
  return { list: await presentPrescriptions(db, scope, rows), total };
}

export async function getPrescription(db: TxOrDb, scope: Scope, id: number) {
  const row = await orgRow(db, prescriptionTemplates, scope.organizationId, id);
  return (await presentPrescriptions(db, scope, [row]))[0]!;
}

export async function savePrescription(db: Db, scope: Scope, v: PrescriptionSave) {
  const id = await uniqueAs(
    () =>
      db.transaction(async (tx) => {
        await ownRow(tx, prescriptionTemplates, scope, v.id);
        await checkTemplates(
          tx,
          scope,
          v.items.map((i) => i.templateId),
          (i) => `items.${i}.templateId`,
        );
        if (await sameName(tx, prescriptionTemplates, scope, v.name, v.id))
          throw conflict('plan.prescriptionDuplicate', { name: v.name }, 'name');
        return saveWithItems(
          tx,
          scope,
          { table: prescriptionTemplates, id: v.id, values: { name: v.name, remark: v.remark ?? null } },
          {
            table: prescriptionTemplateItems,
            parent: prescriptionTemplateItems.prescriptionId,
            rows: (prescriptionId) => v.items.map((i, sort) => ({ ...i, prescriptionId, sort })),
          },
        );
      }),
    () => conflict('plan.prescriptionDuplicate', { name: v.name }, 'name'),
  );
  return getPrescription(db, scope, id);
}

export async function deletePrescriptions(db: Db, scope: Scope, ids: number[]) {
  await deleteOwn(db, scope, prescriptionTemplates, ids);
}
