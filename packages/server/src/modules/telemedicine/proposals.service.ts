import { and, asc, eq } from 'drizzle-orm';
import {
  AssessPerm,
  CourseStatus,
  PROPOSAL_DEAD_STATUSES,
  PROPOSING_STATUSES,
  PatientPerm,
  RemotePerm,
  ResultCode,
  projectInputSchema,
  translate,
  type ConsultationStatusCode,
  type Locale,
  type ProposalKind,
  type ProposalRow,
  type proposalAcceptSchema,
  type proposeSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { AppError } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import { runUnitOfWork, type UnitOfWork } from '../../kernel/unit-of-work';
import { masterRow, masterRows, rowNames } from '../master-data';
import { enabledMethods, methodsOfOrganization } from '../methods';
import { courseForRecord, courseOfRecord, patientNames, saveRecipe } from '../patients';
import { hasEvaluationAuthority, planAssessments } from '../assessments';
import { sendSystemMessage } from '../messages';
import { userNames } from '../users';
import { crossOrgSide, recordCrossOrgRead, type CrossOrgSide } from './cross-org-access';
import { grantOf, lockVisible, notFoundRecord } from './telemedicine.service';
import { consultationProposals, consultations } from './telemedicine.tables';

/**
 * The expert's proposals from a consultation (treat-project and assess-project, issue 17; docs/decisions.md
 * "Telemedicine proposals"). The consultation's expert proposes from the inviting organization's catalogue (its
 * enabled project templates and assessment methods); the inviting side accepts a proposal into the patient's course
 * through the patients and assessments modules' faces (the prescription, the assessment project) or declines it
 * with a reason; the expert may withdraw one still open. Who sees what is the cross-organization access model's:
 * a consultation or proposal the caller may not see answers code 1, as an unknown id does; every read of them by the
 * receiving side is recorded.
 */

type Consultation = typeof consultations.$inferSelect;
type Proposal = typeof consultationProposals.$inferSelect;
type ProposeInput = z.output<typeof proposeSchema>;
type AcceptInput = z.output<typeof proposalAcceptSchema>;

const bad = (key: string, field: string, params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.badRequest, key, params, { field });
const conflict = (key: string, params: Record<string, string> = {}) => new AppError(ResultCode.conflict, key, params);
const statusText = (locale: Locale, s: string) => translate(locale, `remote.proposalStatus_${s}`);
const consultationStatusText = (locale: Locale, s: string) => translate(locale, `remote.status_${s}`);
const nameIn = (p: Pick<Proposal, 'name' | 'nameEn'>, locale: Locale) =>
  locale === 'en' && p.nameEn ? p.nameEn : p.name;

/** Whether the session is the consultation's expert and the consultation is open for proposals. */
function mayPropose(c: Consultation, side: CrossOrgSide, session: SessionContext) {
  return (
    side === 'receiver' &&
    c.expertId === session.userId &&
    session.permissions.has(RemotePerm.expert) &&
    (PROPOSING_STATUSES as readonly string[]).includes(c.status)
  );
}

/** The permission of the flow an accepted proposal of this kind goes through. */
const flowPermission = (kind: ProposalKind) => (kind === 'treat' ? PatientPerm.prescribe : AssessPerm.save);

function mayDecide(c: Consultation, side: CrossOrgSide, session: SessionContext, kind: ProposalKind) {
  return (
    side === 'sender' &&
    session.permissions.has(RemotePerm.request) &&
    session.permissions.has(flowPermission(kind)) &&
    !(PROPOSAL_DEAD_STATUSES as readonly string[]).includes(c.status)
  );
}

/** The consultation and the caller's side, or code 1 when it does not exist or is not visible. */
async function visible(tx: TxOrDb, session: SessionContext, id: number, now: Date) {
  const [c] = await tx.select().from(consultations).where(eq(consultations.id, id));
  if (!c) throw notFoundRecord();
  const side = await crossOrgSide(tx, grantOf(c), session, now);
  if (!side) throw notFoundRecord();
  return { c, side };
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

export async function listProposals(
  app: AppContext,
  session: SessionContext,
  id: number,
  kind: ProposalKind,
  locale: Locale,
) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const { c, side } = await visible(tx, session, id, now);
    // the proposals are about the patient's treatment: the receiving side's read is recorded
    if (side === 'receiver') await recordCrossOrgRead(tx, grantOf(c), session, `proposals_${kind}`, now);
    const rows = await tx
      .select()
      .from(consultationProposals)
      .where(and(eq(consultationProposals.consultationId, id), eq(consultationProposals.kind, kind)))
      .orderBy(asc(consultationProposals.id));
    const names = await userNames(
      tx,
      rows.flatMap((r) => [r.proposedBy, r.decidedBy]),
    );
    return {
      mayPropose: mayPropose(c, side, session),
      mayDecide: mayDecide(c, side, session, kind),
      list: rows.map((r): ProposalRow => ({
        id: r.id,
        kind: r.kind as ProposalKind,
        status: r.status as ProposalRow['status'],
        refId: r.refId,
        name: nameIn(r, locale),
        scaleCode: r.scaleCode,
        times: r.times,
        frequency: r.frequency,
        quantity: r.quantity,
        phase: r.phase,
        remark: r.remark,
        proposedByName: names.get(r.proposedBy) ?? '',
        proposedAt: r.proposedAt.toISOString(),
        decidedByName: r.decidedBy ? (names.get(r.decidedBy) ?? '') : null,
        decidedAt: r.decidedAt?.toISOString() ?? null,
        declineReason: r.declineReason,
        recordId: r.recordId,
      })),
    };
  });
}

/** The inviting organization's enabled project templates or assessment methods, for the consultation's expert. */
export async function proposalCatalogue(
  app: AppContext,
  session: SessionContext,
  id: number,
  kind: ProposalKind,
  locale: Locale,
) {
  const { c, side } = await visible(app.db, session, id, app.clock.now());
  if (side !== 'receiver' || c.expertId !== session.userId) throw conflict('remote.notTheExpert');
  const en = locale === 'en';
  if (kind === 'assess') {
    const methods = await enabledMethods(app.db, c.fromOrganizationId);
    return methods.map((m) => ({
      id: m.id,
      name: en && m.nameEn ? m.nameEn : m.name,
      times: null,
      frequency: null,
      unitName: null,
      scaleCode: m.scaleCode,
      phases: [...m.phases],
    }));
  }
  const rows = (await masterRows(app.db, 'projectTemplate', c.fromOrganizationId, 'sort')).filter(
    (t) => t.status === 1,
  );
  const units = new Map(
    (await rowNames(app.db, 'unit', rows.map((t) => t.unitId as number).filter(Boolean), locale)).map((u) => [
      u.id,
      u.name,
    ]),
  );
  return rows.map((t) => ({
    id: t.id as number,
    name: (en && (t.nameEn as string | null)) || (t.name as string),
    times: (t.times as number | null) ?? null,
    frequency: (t.frequency as string | null) ?? null,
    unitName: units.get(t.unitId as number) ?? null,
    scaleCode: null,
    phases: [],
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Propose and withdraw (the consultation's expert)

export async function propose(app: AppContext, session: SessionContext, id: number, v: ProposeInput) {
  return runUnitOfWork(app, async (uow) => {
    const { tx, now } = uow;
    // locked: proposals and the consultation's steps (closing it) follow each other
    const { row: c, side } = await lockVisible(uow, session, id);
    if (side !== 'receiver' || c.expertId !== session.userId) throw conflict('remote.notTheExpert');
    if (!mayPropose(c, side, session)) throw conflict('remote.proposalNotNow');
    const values = await proposalContent(tx, c.fromOrganizationId, v);
    const [row] = await tx
      .insert(consultationProposals)
      .values({ consultationId: id, ...values, proposedBy: session.userId, proposedAt: now })
      .returning();
    uow.afterCommit(() => notify(app, c, row!, 'proposed'));
    return { id: row!.id };
  });
}

/** What a proposal keeps of the inviting organization's template or method (checked to be one of its enabled ones). */
async function proposalContent(tx: TxOrDb, organizationId: number, v: ProposeInput) {
  if (v.kind === 'treat') {
    const t = await masterRow(tx, 'projectTemplate', organizationId, v.templateId);
    if (!t || t.status !== 1) throw bad('remote.proposalTemplateUnknown', 'templateId');
    return {
      kind: 'treat' as const,
      refId: v.templateId,
      name: t.name as string,
      nameEn: (t.nameEn as string | null) || null,
      times: v.times,
      frequency: v.frequency,
      quantity: v.quantity,
      remark: v.remark,
    };
  }
  const [m] = await methodsOfOrganization(tx, organizationId, [v.methodId]);
  if (!m || m.status !== 1) throw bad('remote.proposalMethodUnknown', 'methodId');
  if (!m.phases.includes(v.phase)) throw bad('remote.proposalMethodNotForPhase', 'phase', { name: m.name });
  return {
    kind: 'assess' as const,
    refId: v.methodId,
    name: m.name,
    nameEn: m.nameEn || null,
    scaleCode: m.scaleCode,
    phase: v.phase,
    remark: v.remark,
  };
}

/** The proposal (locked) with its consultation and the caller's side; code 1 when not visible. */
async function lockProposal(uow: UnitOfWork, session: SessionContext, proposalId: number) {
  const [p] = await uow.tx
    .select()
    .from(consultationProposals)
    .where(eq(consultationProposals.id, proposalId))
    .for('update');
  if (!p) throw notFoundRecord();
  const { c, side } = await visible(uow.tx, session, p.consultationId, uow.now);
  return { p, c, side };
}

/** A proposal still open, or 409 naming the state it is in. */
function stillOpen(p: Proposal, locale: Locale) {
  if (p.status !== 'proposed') throw conflict('remote.proposalDecided', { status: statusText(locale, p.status) });
}

/**
 * Moves a proposal out of `proposed`, once: the row was locked and checked; the update is also guarded by the state
 * (and the table's trigger), so a concurrent decision that got there first makes this one a 409.
 */
async function decide(
  uow: UnitOfWork,
  p: Proposal,
  set: Pick<Proposal, 'status'> & Partial<Pick<Proposal, 'declineReason' | 'recordId'>>,
  userId: number,
  locale: Locale,
) {
  const done = await uow.tx
    .update(consultationProposals)
    .set({ ...set, decidedBy: userId, decidedAt: uow.now })
    .where(and(eq(consultationProposals.id, p.id), eq(consultationProposals.status, 'proposed')))
    .returning({ id: consultationProposals.id });
  if (!done.length) throw conflict('remote.proposalDecided', { status: statusText(locale, 'accepted') });
}

export async function withdrawProposal(app: AppContext, session: SessionContext, proposalId: number, locale: Locale) {
  await runUnitOfWork(app, async (uow) => {
    const { p, c, side } = await lockProposal(uow, session, proposalId);
    if (side !== 'receiver' || c.expertId !== session.userId) throw conflict('remote.notTheExpert');
    stillOpen(p, locale);
    await decide(uow, p, { status: 'withdrawn' }, session.userId, locale);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Accept and decline (the inviting side)

/** The side's checks for a decision on an open proposal. */
function checkDecider(p: Proposal, c: Consultation, side: CrossOrgSide, session: SessionContext, locale: Locale) {
  if (side !== 'sender') throw conflict('remote.notYourStep');
  if (!session.permissions.has(flowPermission(p.kind as ProposalKind)))
    throw new AppError(ResultCode.forbidden, 'remote.proposalNotAllowed');
  stillOpen(p, locale);
  if ((PROPOSAL_DEAD_STATUSES as readonly string[]).includes(c.status))
    throw conflict('remote.proposalConsultationEnded', {
      status: consultationStatusText(locale, c.status as ConsultationStatusCode),
    });
}

/** The patient's course a proposal goes into: the consultation's, while active, else the patient's active one. */
async function courseFor(tx: TxOrDb, c: Consultation) {
  const named = c.treatmentId ? await courseOfRecord(tx, c.treatmentId) : null;
  if (named && named.organizationId === c.fromOrganizationId && named.status === CourseStatus.active) return named;
  const active = await courseForRecord(tx, c.patientId);
  const course = active ? await courseOfRecord(tx, active) : null;
  if (!course || course.organizationId !== c.fromOrganizationId) throw conflict('remote.proposalNoCourse');
  return course;
}

/**
 * Accepts an open proposal into the patient's course, in one unit of work with the proposal's new state: a treatment
 * project prescribed through the patients module (its work orders follow its event), or an assessment project
 * planned through the assessments module (assessor: `assessorId` or the accepting doctor; planned now). Accepting
 * twice, or after another decision, answers 409 and makes nothing.
 */
export async function acceptProposal(
  app: AppContext,
  session: SessionContext,
  proposalId: number,
  v: AcceptInput,
  locale: Locale,
) {
  const assessorId = v.assessorId ?? session.userId;
  // an assessor's authority comes through the roles' permissions, read before the transaction (PGlite has one
  // connection): for an assessment only
  const [pre] = await app.db
    .select({ kind: consultationProposals.kind })
    .from(consultationProposals)
    .where(eq(consultationProposals.id, proposalId));
  const assessorOk =
    pre?.kind === 'assess' && (await hasEvaluationAuthority(app, app.db, assessorId, session.organizationId ?? 0));
  return runUnitOfWork(app, async (uow) => {
    const { tx, now } = uow;
    const { p, c, side } = await lockProposal(uow, session, proposalId);
    checkDecider(p, c, side, session, locale);
    const course = await courseFor(tx, c);
    const scope = { organizationId: c.fromOrganizationId, userId: session.userId, locale };
    let recordId: number;
    if (p.kind === 'treat') {
      const t = await masterRow(tx, 'projectTemplate', c.fromOrganizationId, p.refId);
      if (!t || t.status !== 1) throw conflict('remote.proposalTemplateUnknown');
      const [unit] = t.unitId ? await rowNames(tx, 'unit', [t.unitId as number], 'zh-CN') : [];
      const input = projectInputSchema.parse({
        templateId: p.refId,
        name: (t.name as string).slice(0, 50),
        notes: p.remark || undefined,
        execOfficeId: course.officeId,
        quantity: p.quantity ?? 1,
        unitName: unit?.name,
        times: p.times ?? (t.times as number),
        duration: t.duration as number,
        frequency: p.frequency ?? (t.frequency as string),
        unitPrice: Number(t.unitPrice),
        shortLong: (t.shortLong as number | null) ?? 1,
        bedside: Boolean(t.bedside),
        equipmentId: (t.equipmentId as number | null) ?? undefined,
        linkName: (t.linkName as string | null) ?? undefined,
        linkPrice: t.linkPrice === null || t.linkPrice === undefined ? undefined : Number(t.linkPrice),
        linkMethod: (t.linkMethod as number | null) ?? undefined,
      });
      const [projectId] = await saveRecipe(app, scope, course.id, [input], uow);
      recordId = projectId!;
    } else {
      const planned = await planAssessments(
        tx,
        scope,
        {
          treatmentId: course.id,
          phase: p.phase as 1 | 2 | 3 | 4,
          methodIds: [p.refId],
          assessorId,
          plannedTime: now.toISOString(),
          reportName: nameIn(p, 'zh-CN').slice(0, 50),
          remark: p.remark || null,
        },
        assessorOk,
      );
      recordId = planned.ids[0]!;
    }
    await decide(uow, p, { status: 'accepted', recordId }, session.userId, locale);
    uow.afterCommit(() => notify(app, c, p, 'accepted'));
    return { recordId };
  });
}

export async function declineProposal(
  app: AppContext,
  session: SessionContext,
  proposalId: number,
  reason: string,
  locale: Locale,
) {
  await runUnitOfWork(app, async (uow) => {
    const { p, c, side } = await lockProposal(uow, session, proposalId);
    checkDecider(p, c, side, session, locale);
    await decide(uow, p, { status: 'declined', declineReason: reason }, session.userId, locale);
    uow.afterCommit(() => notify(app, c, p, 'declined'));
  });
}

/** A product message: a new proposal to the requesting doctor, a decision to the expert who proposed. */
async function notify(app: AppContext, c: Consultation, p: Proposal, what: 'proposed' | 'accepted' | 'declined') {
  const toExpert = what !== 'proposed';
  const userId = toExpert ? p.proposedBy : c.createdBy;
  if (!userId) return;
  const patients = await patientNames(app.db, c.fromOrganizationId, [c.patientId]);
  // the project's name in the reader's language: English messages take nameEn (translate), the Chinese name where none
  const params = { id: c.id, name: p.name, nameEn: p.nameEn ?? '', patient: patients.get(c.patientId) ?? '' };
  const screen = p.kind === 'treat' ? 'treat-project' : 'assess-project';
  await sendSystemMessage(app, {
    organizationId: toExpert ? c.toOrganizationId : c.fromOrganizationId,
    userIds: [userId],
    category: toExpert ? 'news' : 'execute',
    title: { key: `remote.proposal_${what}_title`, params },
    content: { key: `remote.proposal_${what}_body`, params },
    link: `/telemedicine/${screen}?id=${c.id}`,
  });
}
