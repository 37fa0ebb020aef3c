import { and, eq, ne, sql } from 'drizzle-orm';
import {
  CourseStatus,
  DEFAULT_OUTPATIENT_NO_FORMAT,
  ProjectStatus,
  ResultCode,
  dosagePrice,
  frequencyPerDay,
  translate,
  type TransferOutcome,
  type TransferProject,
} from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { AppError } from '../../http/errors';
import { prescriptionDefaults, rowIdByName, rowNames, templatesWithUnit } from '../master-data';
import { officesOfOrganization } from '../offices';
import { conflict, type Scope } from './patients.service';
import { nextOutpatientNo } from './courses.service';
import { patients, treatmentProjects, treatments } from './patients.tables';
import './patients.events';

type Unmapped = TransferOutcome['unmapped'][number];
type Diagnosis = 'disease' | 'functioning';

export type CourseTransferInput = {
  fromOrganizationId: number;
  patientId: number;
  treatmentId: number;
  /** the receiving side: its organization, the person who accepts (the new course's doctor) and language */
  scope: Scope;
  /**
   * the receiving office: the new course is registered there, projects without a counterpart office run there;
   * null (the accepting person has no current office there) refuses
   */
  officeId: number | null;
  /** the name of the sending organization and office, kept as the new course's source */
  source: { organization: string; office: string | null };
  outpatientNoFormat?: string;
};

/** A project's copy at the receiving side, but for the course and card it joins and the audit columns. */
type ProjectCopy = Omit<
  typeof treatmentProjects.$inferInsert,
  'patientId' | 'treatmentId' | 'createdBy' | 'updatedBy' | 'createdAt' | 'updatedAt'
>;

/**
 * What a transfer of the course would do, read only (`planCourseTransfer`): the preview shows it, the acceptance
 * carries it out (`transferCourse`), so the two cannot differ.
 */
export type CourseTransferPlan = {
  input: CourseTransferInput;
  /** what accepting answers now, else null: the course ended, no office, a diagnosis without counterpart, ... */
  refusal: AppError | null;
  course: typeof treatments.$inferSelect | null;
  card: typeof patients.$inferSelect | null;
  /** the course's diagnosis (Chinese names) and its counterpart at the receiving side, null when it has none */
  diagnosis: { what: Diagnosis; name: string; id: number | null }[];
  /** the receiving organization's card of the patient, null when a copy is made there */
  receivingPatientId: number | null;
  /** each project in progress with sessions left: its copy and what the outcome says of it */
  projects: { values: ProjectCopy; outcome: TransferProject }[];
  unmapped: Unmapped[];
};

export type CourseTransferResult = {
  patientId: number;
  treatmentId: number;
  projects: TransferProject[];
  unmapped: Unmapped[];
};

const name = async (db: TxOrDb, entity: string, id: number | null) =>
  id ? ((await rowNames(db, entity, [id]))[0]?.name ?? null) : null;

/**
 * The plan of a transfer of treatment (issue 17), read only; with `lock` the sending course's row is locked (the
 * acceptance's unit of work):
 *
 * - the patient card: the same one inside one organization; else the receiving organization's card of the same
 *   identity number (or name and phone), or (null) a copy of the card made there;
 * - the diagnosis mapped by name: a disease or functioning without a counterpart refuses, 409 naming it; so do no
 *   receiving office (400) and an active course of the receiving card (409);
 * - each project in progress with sessions left, with `totalTimes - treatedTimes` sessions and nothing treated:
 *   project template, body part and equipment mapped by name (left empty when unmapped), executing office mapped by
 *   name (else `officeId`); the unmapped ones are reported; no therapist (the receiving side assigns). A project
 *   whose template maps takes the receiving template's price (unit price and linked charge, `prescriptionDefaults`
 *   as prescribing from it would), else keeps the sender's; the total is `dosagePrice` of the remaining dosage,
 *   the shared rule of a prescription's amounts.
 */
export async function planCourseTransfer(
  db: TxOrDb,
  v: CourseTransferInput,
  options: { lock?: boolean } = {},
): Promise<CourseTransferPlan> {
  const to = v.scope.organizationId;
  const same = to === v.fromOrganizationId;
  const plan: CourseTransferPlan = {
    input: v,
    refusal: null,
    course: null,
    card: null,
    diagnosis: [],
    receivingPatientId: null,
    projects: [],
    unmapped: [],
  };
  const refuse = (err: AppError) => ({ ...plan, refusal: plan.refusal ?? err });
  if (v.officeId === null) return refuse(new AppError(ResultCode.badRequest, 'referral.transferOfficeRequired'));
  const query = db
    .select()
    .from(treatments)
    .where(and(eq(treatments.id, v.treatmentId), eq(treatments.organizationId, v.fromOrganizationId)));
  const [course] = options.lock ? await query.for('update') : await query;
  if (!course || course.patientId !== v.patientId || course.status !== CourseStatus.active)
    return refuse(conflict('referral.transferCourseEnded'));
  const [card] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.id, v.patientId), eq(patients.organizationId, v.fromOrganizationId)));
  if (!card) return refuse(conflict('referral.transferCourseEnded'));
  plan.course = course;
  plan.card = card;

  for (const [what, id] of [
    ['disease', course.diseaseId],
    ['functioning', course.functioningId],
  ] as const) {
    const n = (await name(db, what, id)) ?? '';
    const mapped = same ? id : await rowIdByName(db, what, to, n, { ignoreCase: true });
    plan.diagnosis.push({ what, name: n, id: mapped });
    if (!mapped && !plan.refusal)
      plan.refusal = new AppError(ResultCode.conflict, 'referral.transferUnmapped', (locale) => ({
        what: translate(locale, `referral.what_${what}`),
        name: n,
      }));
  }

  plan.receivingPatientId = same ? card.id : await knownCard(db, to, card);
  if (plan.receivingPatientId !== null) {
    // inside one organization the sending course ends first: the patient keeps one active course
    const [active] = await db
      .select({ id: treatments.id })
      .from(treatments)
      .where(
        and(
          eq(treatments.patientId, plan.receivingPatientId),
          eq(treatments.status, CourseStatus.active),
          ne(treatments.id, course.id),
        ),
      )
      .limit(1);
    if (active && !plan.refusal) plan.refusal = conflict('referral.transferActiveCourse');
  }

  const projects = await db
    .select()
    .from(treatmentProjects)
    .where(
      and(
        eq(treatmentProjects.treatmentId, course.id),
        eq(treatmentProjects.status, ProjectStatus.inProgress),
        sql`${treatmentProjects.totalTimes} > ${treatmentProjects.treatedTimes}`,
      ),
    )
    .orderBy(treatmentProjects.id);

  const note = (what: Unmapped['what'], n: string | null) => {
    if (n && !plan.unmapped.some((u) => u.what === what && u.name === n)) plan.unmapped.push({ what, name: n });
  };
  const offices = same ? null : await officesOfOrganization(db, to, 'zh-CN');
  const fromOffices = new Map(
    (await officesOfOrganization(db, v.fromOrganizationId, 'zh-CN')).map((o) => [o.id, o.name]),
  );
  /** the counterpart office, else `fallback`; `mapped` false when it named one without counterpart */
  const office = (id: number | null, fallback: number | null) => {
    if (!id || !offices) return { id: id ?? fallback, mapped: true };
    const n = fromOffices.get(id) ?? '';
    const found = offices.find((o) => o.name === n);
    if (!found) note('office', n);
    return { id: found?.id ?? fallback, mapped: Boolean(found) };
  };
  const mapRef = async (entity: 'projectTemplate' | 'part' | 'equipment', id: number | null) => {
    if (!id) return { id: null, mapped: true };
    if (same) return { id, mapped: true };
    const n = (await name(db, entity, id)) ?? '';
    const found = await rowIdByName(db, entity, to, n, { ignoreCase: true });
    if (!found) note(entity, n);
    return { id: found, mapped: found !== null };
  };

  const mappedTemplates = [];
  for (const p of projects) mappedTemplates.push(await mapRef('projectTemplate', p.templateId));
  // the receiving templates the copies are priced from
  const ids = mappedTemplates.flatMap((t) => (t.id ? [t.id] : []));
  const templates = new Map(
    (await templatesWithUnit(db, { organizationId: to, ids })).map((r) => [r.template.id as number, r.template]),
  );
  for (const [i, p] of projects.entries()) {
    const sessions = p.totalTimes - p.treatedTimes;
    const template = mappedTemplates[i]!;
    const part = await mapRef('part', p.partId);
    const equipment = await mapRef('equipment', p.equipmentId);
    const treatOffice = office(p.treatOfficeId, null);
    const execOffice = office(p.execOfficeId, v.officeId);
    const { num, den } = frequencyPerDay(p.frequency);
    const totalDosage = p.quantity * sessions;
    const senderUnitPrice = Number(p.unitPrice);
    const receiving = template.id ? templates.get(template.id) : undefined;
    const price = receiving
      ? (({ linkName, linkPrice, linkMethod }) => ({
          unitPrice: Number(receiving.unitPrice),
          linkName,
          linkPrice,
          linkMethod,
        }))(prescriptionDefaults(receiving))
      : {
          unitPrice: senderUnitPrice,
          linkName: p.linkName,
          linkPrice: p.linkPrice === null ? null : Number(p.linkPrice),
          linkMethod: p.linkMethod,
        };
    const totalPrice = dosagePrice(price.unitPrice, totalDosage);
    plan.projects.push({
      values: {
        organizationId: to,
        templateId: template.id,
        comboName: p.comboName,
        name: p.name,
        process: p.process,
        partId: part.id,
        notes: p.notes,
        treatOfficeId: treatOffice.id,
        execOfficeId: execOffice.id!,
        quantity: p.quantity,
        unitName: p.unitName,
        // the treatment days the remaining sessions need at the project's frequency
        times: Math.max(1, Math.ceil((sessions * den) / num)),
        totalTimes: sessions,
        treatedTimes: 0,
        duration: p.duration,
        unitPrice: price.unitPrice.toFixed(2),
        totalPrice: totalPrice.toFixed(2),
        totalDosage,
        dailyTotalDosage: p.dailyTotalDosage,
        remark: p.remark,
        workdaySetting: p.workdaySetting,
        bedside: p.bedside,
        frequency: p.frequency,
        shortLong: p.shortLong,
        equipmentId: equipment.id,
        linkName: price.linkName,
        linkPrice: price.linkPrice === null ? null : price.linkPrice.toFixed(2),
        linkMethod: price.linkMethod,
        status: ProjectStatus.inProgress,
      },
      outcome: {
        name: p.name,
        sessions,
        templateMapped: template.mapped,
        partMapped: part.mapped,
        equipmentMapped: equipment.mapped,
        officeMapped: treatOffice.mapped && execOffice.mapped,
        senderUnitPrice,
        senderTotalPrice: dosagePrice(senderUnitPrice, totalDosage),
        unitPrice: price.unitPrice,
        totalPrice,
        priceFrom: receiving ? 'receiving' : 'sender',
      },
    });
  }
  return plan;
}

/**
 * Moves a course's plan to the receiving side (a transfer of treatment, issue 17), in the caller's unit of work,
 * as `plan` (`planCourseTransfer` with `lock`, in the same unit of work) says: its refusal is thrown; else
 *
 * - the sending course ends (its projects in progress are disabled): the caller invalidated its future orders with
 *   the reason "transferred out" first, so the course's closing finds none left;
 * - the receiving card (a copy made there when the organization has none) gets a new active course with the mapped
 *   diagnosis, registered in `officeId` with the accepting person as doctor and the sender as source;
 * - the planned copies of the projects join it.
 *
 * Events: `patients.projectsPrescribed` for the new projects (their work orders at the receiving side) and
 * `patients.courseClosed` for the sending course.
 */
export async function transferCourse(uow: UnitOfWork, plan: CourseTransferPlan): Promise<CourseTransferResult> {
  const { tx, now, emit } = uow;
  const { input: v, course, card } = plan;
  if (plan.refusal) throw plan.refusal;
  if (!course || !card || v.officeId === null) throw conflict('referral.transferCourseEnded');
  const to = v.scope.organizationId;
  const [diseaseId, functioningId] = plan.diagnosis.map((d) => d.id!);

  // the sending course ends first: inside one organization the patient keeps one active course
  const sendingScope: Scope = { ...v.scope, organizationId: v.fromOrganizationId };
  await tx
    .update(treatmentProjects)
    .set({ status: ProjectStatus.disabled, disabledAt: now, updatedAt: now, updatedBy: v.scope.userId })
    .where(and(eq(treatmentProjects.treatmentId, course.id), eq(treatmentProjects.status, ProjectStatus.inProgress)));
  await tx
    .update(treatments)
    .set({ status: CourseStatus.ended, endTime: now, updatedAt: now, updatedBy: v.scope.userId })
    .where(eq(treatments.id, course.id));
  await emit('patients.courseClosed', { scope: sendingScope, treatmentId: course.id });

  const patientId = plan.receivingPatientId ?? (await copyCard(tx, to, card, v.scope.userId, now));
  const outpatientNo =
    course.patientType === 1
      ? await nextOutpatientNo(tx, to, v.outpatientNoFormat ?? DEFAULT_OUTPATIENT_NO_FORMAT, now)
      : null;
  const [created] = await tx
    .insert(treatments)
    .values({
      organizationId: to,
      patientId,
      patientType: course.patientType,
      status: CourseStatus.active,
      outpatientNo,
      chiefComplaint: course.chiefComplaint,
      specialNotes: course.specialNotes,
      nursingLevel: course.nursingLevel,
      costType: course.costType,
      sourceOrganization: v.source.organization.slice(0, 100),
      sourceOffice: v.source.office?.slice(0, 64) ?? null,
      diseaseId: diseaseId!,
      tcmDiagnosis: course.tcmDiagnosis,
      functioningId: functioningId!,
      officeId: v.officeId,
      doctorId: v.scope.userId,
      registerTime: now,
      createdBy: v.scope.userId,
      updatedBy: v.scope.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: treatments.id });

  if (plan.projects.length) {
    const added = await tx
      .insert(treatmentProjects)
      .values(
        plan.projects.map((p) => ({
          ...p.values,
          patientId,
          treatmentId: created!.id,
          createdBy: v.scope.userId,
          updatedBy: v.scope.userId,
          // the work orders are planned from the prescription's day: the transfer's
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: treatmentProjects.id });
    await emit('patients.projectsPrescribed', { scope: v.scope, projectIds: added.map((r) => r.id) });
  }
  return {
    patientId,
    treatmentId: created!.id,
    projects: plan.projects.map((p) => p.outcome),
    unmapped: plan.unmapped,
  };
}

/**
 * The receiving organization's card of the patient: the one of the same identity number, else of the same name and
 * phone; null when it has none (the acceptance copies the sending card there, `copyCard`).
 */
async function knownCard(db: TxOrDb, to: number, card: typeof patients.$inferSelect): Promise<number | null> {
  const [known] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.organizationId, to),
        card.idNumber
          ? eq(patients.idNumber, card.idNumber)
          : and(eq(patients.name, card.name), eq(patients.phone, card.phone)),
      ),
    )
    .limit(1);
  return known?.id ?? null;
}

/** A copy of the sending card made at the receiving organization. */
async function copyCard(tx: TxOrDb, to: number, card: typeof patients.$inferSelect, actorId: number, now: Date) {
  const { id: _id, organizationId: _o, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, ...copy } = card;
  const [row] = await tx
    .insert(patients)
    .values({ ...copy, organizationId: to, createdBy: actorId, updatedBy: actorId, createdAt: now, updatedAt: now })
    .returning({ id: patients.id });
  return row!.id;
}
