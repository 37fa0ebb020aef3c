import { and, eq, sql } from 'drizzle-orm';
import {
  CourseStatus,
  DEFAULT_OUTPATIENT_NO_FORMAT,
  ProjectStatus,
  ResultCode,
  frequencyPerDay,
  translate,
  type TransferOutcome,
} from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { AppError } from '../../http/errors';
import { rowIdByName, rowNames } from '../master-data';
import { officesOfOrganization } from '../offices';
import { conflict, type Scope } from './patients.service';
import { nextOutpatientNo } from './courses.service';
import { patients, treatmentProjects, treatments } from './patients.tables';
import './patients.events';

type Unmapped = TransferOutcome['unmapped'][number];

export type CourseTransferInput = {
  fromOrganizationId: number;
  patientId: number;
  treatmentId: number;
  /** the receiving side: its organization, the person who accepts (the new course's doctor) and language */
  scope: Scope;
  /** the receiving office: the new course is registered there, projects without a counterpart office run there */
  officeId: number;
  /** the name of the sending organization and office, kept as the new course's source */
  source: { organization: string; office: string | null };
  outpatientNoFormat?: string;
};

export type CourseTransferResult = {
  patientId: number;
  treatmentId: number;
  projects: TransferOutcome['projects'];
  unmapped: Unmapped[];
};

const name = async (db: TxOrDb, entity: string, id: number | null) =>
  id ? ((await rowNames(db, entity, [id]))[0]?.name ?? null) : null;

/**
 * Moves a course's plan to the receiving side (a transfer of treatment, issue 17), in the caller's unit of work:
 *
 * - the patient card: the same one inside one organization; else the receiving organization's card of the same
 *   identity number (or name and phone), or a copy of the card made there;
 * - a new active course there (diagnosis mapped by name: a disease or functioning without a counterpart refuses,
 *   409 naming it), registered in `officeId` with the accepting person as doctor and the sender as source;
 * - each project in progress with sessions left, with `totalTimes - treatedTimes` sessions and nothing treated:
 *   project template, body part and equipment mapped by name (left empty when unmapped), executing office mapped by
 *   name (else `officeId`); the unmapped ones are reported; no therapist (the receiving side assigns);
 * - the sending course ends (its projects in progress are disabled): the caller invalidated its future orders with
 *   the reason "transferred out" first, so the course's closing finds none left.
 *
 * Events: `patients.projectsPrescribed` for the new projects (their work orders at the receiving side) and
 * `patients.courseClosed` for the sending course.
 */
export async function transferCourse(uow: UnitOfWork, v: CourseTransferInput): Promise<CourseTransferResult> {
  const { tx, now, emit } = uow;
  const to = v.scope.organizationId;
  const [course] = await tx
    .select()
    .from(treatments)
    .where(and(eq(treatments.id, v.treatmentId), eq(treatments.organizationId, v.fromOrganizationId)))
    .for('update');
  if (!course || course.patientId !== v.patientId || course.status !== CourseStatus.active)
    throw conflict('referral.transferCourseEnded');
  const [card] = await tx
    .select()
    .from(patients)
    .where(and(eq(patients.id, v.patientId), eq(patients.organizationId, v.fromOrganizationId)));
  if (!card) throw conflict('referral.transferCourseEnded');

  const required = async (entity: 'disease' | 'functioning', id: number) => {
    const n = (await name(tx, entity, id)) ?? '';
    const mapped = to === v.fromOrganizationId ? id : await rowIdByName(tx, entity, to, n, { ignoreCase: true });
    if (!mapped)
      throw new AppError(ResultCode.conflict, 'referral.transferUnmapped', (locale) => ({
        what: translate(locale, `referral.what_${entity}`),
        name: n,
      }));
    return mapped;
  };
  const diseaseId = await required('disease', course.diseaseId);
  const functioningId = await required('functioning', course.functioningId);

  // the sending course ends first: inside one organization the patient keeps one active course
  const sendingScope: Scope = { ...v.scope, organizationId: v.fromOrganizationId };
  const projects = await tx
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
  await tx
    .update(treatmentProjects)
    .set({ status: ProjectStatus.disabled, disabledAt: now, updatedAt: now, updatedBy: v.scope.userId })
    .where(and(eq(treatmentProjects.treatmentId, course.id), eq(treatmentProjects.status, ProjectStatus.inProgress)));
  await tx
    .update(treatments)
    .set({ status: CourseStatus.ended, endTime: now, updatedAt: now, updatedBy: v.scope.userId })
    .where(eq(treatments.id, course.id));
  await emit('patients.courseClosed', { scope: sendingScope, treatmentId: course.id });

  const patientId = to === v.fromOrganizationId ? card.id : await receivingCard(tx, to, card, v.scope.userId, now);
  const [active] = await tx
    .select({ id: treatments.id })
    .from(treatments)
    .where(and(eq(treatments.patientId, patientId), eq(treatments.status, CourseStatus.active)))
    .limit(1);
  if (active) throw conflict('referral.transferActiveCourse');

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
      diseaseId,
      tcmDiagnosis: course.tcmDiagnosis,
      functioningId,
      officeId: v.officeId,
      doctorId: v.scope.userId,
      registerTime: now,
      createdBy: v.scope.userId,
      updatedBy: v.scope.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: treatments.id });

  const unmapped: Unmapped[] = [];
  const note = (what: Unmapped['what'], n: string | null) => {
    if (n && !unmapped.some((u) => u.what === what && u.name === n)) unmapped.push({ what, name: n });
  };
  const offices = to === v.fromOrganizationId ? null : await officesOfOrganization(tx, to, 'zh-CN');
  const fromOffices = new Map(
    (await officesOfOrganization(tx, v.fromOrganizationId, 'zh-CN')).map((o) => [o.id, o.name]),
  );
  const office = (id: number | null, fallback: number | null) => {
    if (!id) return fallback;
    if (!offices) return id;
    const n = fromOffices.get(id) ?? '';
    const found = offices.find((o) => o.name === n);
    if (!found) note('office', n);
    return found?.id ?? fallback;
  };
  const mapRef = async (entity: 'projectTemplate' | 'part' | 'equipment', id: number | null) => {
    if (!id) return null;
    if (to === v.fromOrganizationId) return id;
    const n = (await name(tx, entity, id)) ?? '';
    const found = await rowIdByName(tx, entity, to, n, { ignoreCase: true });
    if (!found) note(entity, n);
    return found;
  };

  const out: TransferOutcome['projects'] = [];
  const values = [];
  for (const p of projects) {
    const sessions = p.totalTimes - p.treatedTimes;
    const templateId = await mapRef('projectTemplate', p.templateId);
    const { num, den } = frequencyPerDay(p.frequency);
    const totalDosage = p.quantity * sessions;
    const cents = Math.round(Number(p.unitPrice) * 100) * totalDosage;
    values.push({
      organizationId: to,
      patientId,
      treatmentId: created!.id,
      templateId,
      comboName: p.comboName,
      name: p.name,
      process: p.process,
      partId: await mapRef('part', p.partId),
      notes: p.notes,
      treatOfficeId: office(p.treatOfficeId, null),
      execOfficeId: office(p.execOfficeId, v.officeId)!,
      quantity: p.quantity,
      unitName: p.unitName,
      // the treatment days the remaining sessions need at the project's frequency
      times: Math.max(1, Math.ceil((sessions * den) / num)),
      totalTimes: sessions,
      treatedTimes: 0,
      duration: p.duration,
      unitPrice: p.unitPrice,
      totalPrice: (cents / 100).toFixed(2),
      totalDosage,
      dailyTotalDosage: p.dailyTotalDosage,
      remark: p.remark,
      workdaySetting: p.workdaySetting,
      bedside: p.bedside,
      frequency: p.frequency,
      shortLong: p.shortLong,
      equipmentId: await mapRef('equipment', p.equipmentId),
      linkName: p.linkName,
      linkPrice: p.linkPrice,
      linkMethod: p.linkMethod,
      status: ProjectStatus.inProgress,
      createdBy: v.scope.userId,
      updatedBy: v.scope.userId,
      // the work orders are planned from the prescription's day: the transfer's
      createdAt: now,
      updatedAt: now,
    });
    out.push({ name: p.name, sessions, templateMapped: p.templateId === null || templateId !== null });
  }
  if (values.length) {
    const added = await tx.insert(treatmentProjects).values(values).returning({ id: treatmentProjects.id });
    await emit('patients.projectsPrescribed', { scope: v.scope, projectIds: added.map((r) => r.id) });
  }
  return { patientId, treatmentId: created!.id, projects: out, unmapped };
}

/**
 * The receiving organization's card of the patient: the one of the same identity number, else of the same name and
 * phone, else a copy of the sending card made there.
 */
async function receivingCard(tx: TxOrDb, to: number, card: typeof patients.$inferSelect, actorId: number, now: Date) {
  const [known] = await tx
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
  if (known) return known.id;
  const { id: _id, organizationId: _o, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, ...copy } = card;
  const [row] = await tx
    .insert(patients)
    .values({ ...copy, organizationId: to, createdBy: actorId, updatedBy: actorId, createdAt: now, updatedAt: now })
    .returning({ id: patients.id });
  return row!.id;
}
