import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ChargeSource,
  ResultCode,
  RemotePerm,
  RevenueCategory,
  callDuration,
  RoleId,
  TERMINAL_STATUSES,
  actorOf,
  callTopic,
  transitionConsultation,
  translate,
  type CallTopicMessage,
  type ConsultationActionName,
  type ConsultationDetail,
  type ConsultationParty,
  type ConsultationRow,
  type ConsultationStatusCode,
  type Locale,
  type MaterialKind,
  type RemoteSettings,
  type consultationInitiateSchema,
  type consultationListQuerySchema,
  type reportSaveSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { AppError } from '../../http/errors';
import type { OrgSession, SessionContext } from '../../http/session';
import { runUnitOfWork, type UnitOfWork } from '../../kernel/unit-of-work';
import { chargeSource, sourceLines } from '../billing';
import { sendSystemMessage } from '../messages';
import { areRelated, organizationNames, relatedOrganizationIds } from '../organizations';
import { patientIdsMatching, patientNames, patientSummary, patientsInTreatment, projectsOfPatient } from '../patients';
import { submittedAssessmentsOfPatient } from '../assessments';
import { officesOfOrganization } from '../offices';
import { staffWithRoles } from '../roles';
import { isMemberOf, userNames } from '../users';
import { recordSignature, sha256Hex, signRecord } from '../signatures';
import { CALL_STATUSES, endCall } from './call-records';
import {
  crossOrgSide,
  materialsOut,
  recordCrossOrgRead,
  stepsOut,
  type CrossOrgGrant,
  type CrossOrgSide,
} from './cross-org-access';
import {
  consultationCalls,
  consultationCameraGroups,
  consultationHistory,
  consultationMaterials,
  consultations,
  remoteSettings,
  reportDrafts,
  reportReceipts,
  signedReports,
} from './telemedicine.tables';

type Row = typeof consultations.$inferSelect;
type InitiateInput = z.output<typeof consultationInitiateSchema>;
type ListQuery = z.output<typeof consultationListQuerySchema>;
type ReportInput = z.output<typeof reportSaveSchema>;

export const DEFAULT_REMOTE_SETTINGS: RemoteSettings = { requiresApproval: false, retentionDays: 30, expiryHours: 72 };
/** An accepted or started session this long past its time is abandoned: the expiry job ends it. */
export const ABANDONED_AFTER_MS = 4 * 3_600_000;

export const notFoundRecord = () => new AppError(ResultCode.notFoundRecord, 'remote.notFound');
const refused = (key: string, field?: string) => new AppError(ResultCode.badRequest, key, {}, field ? { field } : {});

export const grantOf = (r: Row): CrossOrgGrant => ({
  id: r.id,
  fromOrganizationId: r.fromOrganizationId,
  toOrganizationId: r.toOrganizationId,
  toOfficeId: r.toOfficeId,
  targetUserId: r.targetExpertId,
  assigneeId: r.expertId,
  patientId: r.patientId,
  status: r.status as ConsultationStatusCode,
  heldBySender: r.status === 'draft' || (r.status === 'submitted' && r.requiresApproval),
  endedAt: r.endedAt,
  retentionDays: r.retentionDays,
});

const statusText = (locale: Locale, status: string) => translate(locale, `remote.status_${status}`);

// ---------------------------------------------------------------------------------------------------------------
// Settings

export async function settingsOf(db: TxOrDb, organizationId: number): Promise<RemoteSettings> {
  const [row] = await db.select().from(remoteSettings).where(eq(remoteSettings.organizationId, organizationId));
  return row
    ? { requiresApproval: row.requiresApproval, retentionDays: row.retentionDays, expiryHours: row.expiryHours }
    : DEFAULT_REMOTE_SETTINGS;
}

export async function saveSettings(app: AppContext, session: OrgSession, v: RemoteSettings) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    await tx
      .insert(remoteSettings)
      .values({ organizationId: session.organizationId, ...v, updatedBy: session.userId, updatedAt: now })
      .onConflictDoUpdate({
        target: remoteSettings.organizationId,
        set: { ...v, updatedBy: session.userId, updatedAt: now },
      });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// What a request is made of

export async function remotePatients(app: AppContext, session: OrgSession, keyword?: string) {
  const ids = keyword
    ? await patientIdsMatching(app.db, session.organizationId, keyword, 20)
    : await patientsInTreatment(app.db, session.organizationId, 20);
  const names = await patientNames(app.db, session.organizationId, ids);
  return ids.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! }));
}

const sexText = (locale: Locale, sex: number) =>
  locale === 'en' ? (sex === 1 ? 'male' : 'female') : sex === 1 ? '男' : '女';
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');

type Snapshot = { kind: MaterialKind; refId: number; title: string; lines: { label: string; value: string }[] };

/**
 * The snapshots a request names (kind and record), each once, or null when one of them is not the patient's to
 * attach.
 */
export function pickSnapshots(snapshots: Snapshot[], wanted: { kind: string; refId: number }[]) {
  const chosen = wanted.map((m) => snapshots.find((s) => s.kind === m.kind && s.refId === m.refId));
  if (!chosen.every((s): s is Snapshot => s !== undefined)) return null;
  return [...new Map(chosen.map((s) => [`${s.kind}:${s.refId}`, s])).values()];
}

/**
 * Every material of the patient's record a request may carry, as it would be attached (a snapshot in both
 * languages' labels of the requester).
 */
export async function materialSnapshots(db: TxOrDb, organizationId: number, patientId: number, locale: Locale) {
  const en = locale === 'en';
  const summary = await patientSummary(db, organizationId, patientId);
  if (!summary) return null;
  const out: Snapshot[] = [
    {
      kind: 'patient',
      refId: summary.id,
      title: en ? `Patient card: ${summary.name}` : `患者信息：${summary.name}`,
      lines: [
        { label: en ? 'Name' : '姓名', value: summary.name },
        { label: en ? 'Sex' : '性别', value: sexText(locale, summary.sex) },
        { label: en ? 'Date of birth' : '出生日期', value: summary.birthday ?? '' },
      ],
    },
  ];
  for (const c of summary.courses) {
    const projects = await projectsOfPatient(db, organizationId, patientId, c.id);
    out.push({
      kind: 'treatment',
      refId: c.id,
      title: en ? `Treatment course from ${day(c.registerTime)}` : `疗程（${day(c.registerTime)} 起）`,
      lines: [
        { label: en ? 'Chief complaint' : '主诉', value: c.chiefComplaint ?? '' },
        { label: en ? 'TCM diagnosis' : '中医诊断', value: c.tcmDiagnosis ?? '' },
        { label: en ? 'Ended' : '结束', value: day(c.endTime) },
        ...projects.map((p) => ({
          label: en ? 'Project' : '治疗项目',
          value: `${p.name} × ${p.totalDosage}${p.unitName ?? ''}`,
        })),
      ],
    });
  }
  for (const a of await submittedAssessmentsOfPatient(db, organizationId, patientId)) {
    const band = en ? a.bandEn : a.bandZh;
    out.push({
      kind: 'assessment',
      refId: a.id,
      title: en ? `Assessment: ${a.reportName}` : `评估：${a.reportName}`,
      lines: [
        { label: en ? 'Scale' : '量表', value: a.scaleCode },
        { label: en ? 'Total score' : '总分', value: a.total ?? '' },
        { label: en ? 'Result' : '结果', value: band ?? '' },
        { label: en ? 'Submitted' : '提交时间', value: day(a.submittedAt) },
      ],
    });
  }
  return out;
}

export async function materialCandidates(app: AppContext, session: OrgSession, patientId: number, locale: Locale) {
  const list = await materialSnapshots(app.db, session.organizationId, patientId, locale);
  if (!list) throw refused('remote.patientUnknown', 'patientId');
  return list.map((m) => ({
    kind: m.kind,
    refId: m.refId,
    title: m.title,
    detail: m.lines
      .filter((l) => l.value)
      .map((l) => `${l.label}: ${l.value}`)
      .join('; '),
  }));
}

export async function relatedTargets(app: AppContext, session: OrgSession, locale: Locale) {
  const ids = await relatedOrganizationIds(app.db, session.organizationId);
  const names = await organizationNames(app.db, ids, locale);
  return Promise.all(
    ids.map(async (id) => ({
      id,
      name: names.get(id) ?? String(id),
      offices: await officesOfOrganization(app.db, id, locale),
    })),
  );
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG of a signature pad's data URL, checked by content. */
function pngOf(dataUrl: string, field: string): Buffer {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length < 64 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw refused('remote.signatureInvalid', field);
  return bytes;
}

// ---------------------------------------------------------------------------------------------------------------
// Initiate and the steps

export async function initiate(app: AppContext, session: OrgSession, v: InitiateInput, locale: Locale) {
  const from = session.organizationId;
  if (v.toOrganizationId === from) throw refused('remote.ownOrganization', 'toOrganizationId');
  if (!(await areRelated(app.db, from, v.toOrganizationId))) throw refused('remote.notRelated', 'toOrganizationId');
  if (v.toOfficeId !== null) {
    const offices = await officesOfOrganization(app.db, v.toOrganizationId, locale);
    if (!offices.some((o) => o.id === v.toOfficeId)) throw refused('remote.officeUnknown', 'toOfficeId');
  }
  if (v.targetExpertId !== null && !(await isMemberOf(app.db, v.toOrganizationId, v.targetExpertId)))
    throw refused('remote.expertUnknown', 'targetExpertId');
  const snapshots = await materialSnapshots(app.db, from, v.patientId, locale);
  if (!snapshots) throw refused('remote.patientUnknown', 'patientId');
  const chosen = pickSnapshots(snapshots, v.materials);
  if (!chosen) throw refused('remote.materialUnknown', 'materials');
  if (v.treatmentId !== null && !snapshots.some((s) => s.kind === 'treatment' && s.refId === v.treatmentId))
    throw refused('remote.materialUnknown', 'treatmentId');
  const consent = pngOf(v.consentSignature, 'consentSignature');
  const settings = await settingsOf(app.db, from);

  return runUnitOfWork(app, async (uow) => {
    const { tx, now } = uow;
    const [row] = await tx
      .insert(consultations)
      .values({
        fromOrganizationId: from,
        fromOfficeId: session.officeId,
        toOrganizationId: v.toOrganizationId,
        toOfficeId: v.toOfficeId,
        targetExpertId: v.targetExpertId,
        patientId: v.patientId,
        treatmentId: v.treatmentId,
        reason: v.reason,
        question: v.question,
        urgency: v.urgency,
        proposedAt: new Date(v.proposedAt),
        status: 'draft',
        requiresApproval: settings.requiresApproval,
        retentionDays: settings.retentionDays,
        consentPng: consent,
        feeItem: v.feeItem,
        feeFen: v.feeFen,
        createdBy: session.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(consultationMaterials).values(
      chosen.map((s) => ({
        consultationId: row!.id,
        kind: s.kind,
        refId: s.refId,
        title: s.title,
        lines: s.lines,
        createdAt: now,
      })),
    );
    await tx.insert(consultationHistory).values({
      consultationId: row!.id,
      action: 'initiate',
      fromStatus: null,
      toStatus: 'draft',
      actorId: session.userId,
      at: now,
    });
    if (v.submit) await applyStep(app, uow, row!, 'submit', session.userId, {});
    return { id: row!.id };
  });
}

type StepExtra = {
  reason?: string | null;
  scheduledAt?: Date;
  expertId?: number;
  endsSession?: boolean;
};

/**
 * Applies an action to a locked row: the transition, the row's new state (version + 1), the history and the message
 * to whoever acts next (after the commit). Refusals: 409 with the transition's key (400 for a missing reason).
 */
export async function applyStep(
  app: AppContext,
  uow: UnitOfWork,
  row: Row,
  action: ConsultationActionName,
  actorId: number | null,
  extra: StepExtra,
  locale: Locale = 'zh-CN',
) {
  const { tx, now } = uow;
  const result = transitionConsultation(row.status as ConsultationStatusCode, action, {
    requiresApproval: row.requiresApproval,
    reason: extra.reason,
  });
  if (!result.ok) {
    const code = result.key === 'remote.reasonRequired' ? ResultCode.badRequest : ResultCode.conflict;
    throw new AppError(code, result.key, { status: statusText(locale, row.status) });
  }
  const set: Partial<typeof consultations.$inferInsert> = {
    status: result.to,
    version: row.version + 1,
    updatedAt: now,
  };
  if (action === 'submit') {
    const settings = await settingsOf(tx, row.fromOrganizationId);
    set.deadlineAt = new Date(now.getTime() + settings.expiryHours * 3_600_000);
  }
  if (action === 'accept') {
    set.expertId = extra.expertId;
    set.scheduledAt = extra.scheduledAt;
  }
  if (action === 'reject') set.rejectReason = extra.reason ?? null;
  if ((TERMINAL_STATUSES as readonly string[]).includes(result.to)) set.endedAt = now;
  // the video call is over when the consultation leaves the call states: whoever is still in it leaves now
  if (!(CALL_STATUSES as readonly string[]).includes(result.to)) {
    const inCall = await endCall(tx, row.id, now);
    const ended: CallTopicMessage = { type: 'ended' };
    uow.afterCommit(() => inCall.forEach((userId) => app.live.publishTo(callTopic(row.id, userId), ended)));
  }
  // the optimistic lock: a concurrent step that changed the row first makes this one miss
  const updated = await tx
    .update(consultations)
    .set(set)
    .where(and(eq(consultations.id, row.id), eq(consultations.version, row.version)))
    .returning({ id: consultations.id });
  if (updated.length === 0)
    throw new AppError(ResultCode.conflict, action === 'accept' ? 'remote.alreadyTaken' : 'error.conflict');
  await tx.insert(consultationHistory).values({
    consultationId: row.id,
    action,
    fromStatus: result.from,
    toStatus: result.to,
    actorId,
    reason: extra.reason ?? null,
    at: now,
  });
  const next = { ...row, ...set } as Row;
  uow.afterCommit(() => notifyNext(app, next, result.next, actorId));
  return next;
}

/** A product message to whoever acts next (or to the requester when it is over), never to the one who acted. */
async function notifyNext(app: AppContext, row: Row, party: ConsultationParty | null, actorId: number | null) {
  let organizationId = row.fromOrganizationId;
  let userIds: number[] = [];
  let expertLink = false;
  switch (party) {
    case 'sender':
    case null:
      userIds = row.createdBy ? [row.createdBy] : [];
      break;
    case 'approver':
      userIds = (await staffWithRoles(app.db, row.fromOrganizationId, [RoleId.orgAdmin])).map((u) => u.id);
      break;
    case 'receiver':
      organizationId = row.toOrganizationId;
      expertLink = true;
      userIds = row.targetExpertId
        ? [row.targetExpertId]
        : (await staffWithRoles(app.db, row.toOrganizationId, [RoleId.doctor])).map((u) => u.id);
      break;
    case 'expert':
      organizationId = row.toOrganizationId;
      expertLink = true;
      userIds = row.expertId ? [row.expertId] : [];
      break;
    default:
      break;
  }
  // nobody is told about their own step
  userIds = userIds.filter((id) => id !== actorId);
  if (!userIds.length) return;
  const [orgs, patients] = await Promise.all([
    organizationNames(app.db, [row.fromOrganizationId, row.toOrganizationId], 'zh-CN'),
    patientNames(app.db, row.fromOrganizationId, [row.patientId]),
  ]);
  const params = {
    id: row.id,
    patient: patients.get(row.patientId) ?? '',
    from: orgs.get(row.fromOrganizationId) ?? '',
    to: orgs.get(row.toOrganizationId) ?? '',
  };
  await sendSystemMessage(app, {
    organizationId,
    userIds,
    category: party ? 'execute' : 'news',
    title: { key: `remote.title_${row.status}`, params: { id: row.id } },
    content: { key: `remote.body_${party ?? 'none'}`, params },
    link: `/telemedicine/detail?id=${row.id}${expertLink ? '&hiddenExpertTab=1' : ''}`,
  });
}

/** The row, locked for the step, with the side of the session; code 1 when it does not exist or is not visible. */
export async function lockVisible(uow: UnitOfWork, session: SessionContext, id: number) {
  const [row] = await uow.tx.select().from(consultations).where(eq(consultations.id, id)).for('update');
  if (!row) throw notFoundRecord();
  const side = await crossOrgSide(uow.tx, grantOf(row), session, uow.now);
  if (!side) throw notFoundRecord();
  return { row, side };
}

/** Whether the session's side and person may take the action (the route checked the permission). */
function mayAct(action: ConsultationActionName, row: Row, side: CrossOrgSide, session: SessionContext) {
  const party = actorOf[action];
  if (party === 'sender' || party === 'approver') return side === 'sender';
  if (party === 'receiver') return side === 'receiver' && row.expertId === null;
  if (party === 'expert') return side === 'receiver' && row.expertId === session.userId;
  return false;
}

/** One step of a consultation by a user (submit, approve, receive, accept, start, reject, cancel, revise). */
export async function step(
  app: AppContext,
  session: SessionContext,
  id: number,
  action: ConsultationActionName,
  extra: StepExtra,
  locale: Locale,
) {
  await runUnitOfWork(app, async (uow) => {
    const { row, side } = await lockVisible(uow, session, id);
    if (!mayAct(action, row, side, session)) {
      // the other side's step (a permission the caller holds, on a consultation it sees): a refusal, not a 403
      if (actorOf[action] === 'expert' && side === 'receiver')
        throw new AppError(ResultCode.conflict, 'remote.notTheExpert');
      throw new AppError(ResultCode.conflict, 'remote.notYourStep');
    }
    await applyStep(app, uow, row, action, session.userId, { ...extra, expertId: session.userId }, locale);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The report

export async function saveReport(app: AppContext, session: SessionContext, v: ReportInput, locale: Locale) {
  await runUnitOfWork(app, async (uow) => {
    const { row, side } = await lockVisible(uow, session, v.consultationId);
    if (!mayAct('saveReport', row, side, session)) throw new AppError(ResultCode.conflict, 'remote.notTheExpert');
    if (row.status !== 'report_draft') await applyStep(app, uow, row, 'saveReport', session.userId, {}, locale);
    else {
      // saving again: the state stays, the step is still recorded (the transition allows report_draft -> itself)
      const r = transitionConsultation('report_draft', 'saveReport', { requiresApproval: row.requiresApproval });
      if (!r.ok) throw new AppError(ResultCode.conflict, r.key);
    }
    const text = { findings: v.findings, opinion: v.opinion, advice: v.advice, followUp: v.followUp };
    await uow.tx
      .insert(reportDrafts)
      .values({ consultationId: row.id, ...text, updatedBy: session.userId, updatedAt: uow.now })
      .onConflictDoUpdate({
        target: reportDrafts.consultationId,
        set: { ...text, updatedBy: session.userId, updatedAt: uow.now },
      });
  });
}

export async function signReport(app: AppContext, session: SessionContext, id: number, png: string, locale: Locale) {
  const signature = pngOf(png, 'signature');
  await runUnitOfWork(app, async (uow) => {
    const { row, side } = await lockVisible(uow, session, id);
    if (!mayAct('sign', row, side, session)) throw new AppError(ResultCode.conflict, 'remote.notTheExpert');
    const [draft] = await uow.tx.select().from(reportDrafts).where(eq(reportDrafts.consultationId, id));
    if (!draft) throw new AppError(ResultCode.conflict, 'remote.reportMissing');
    await applyStep(app, uow, row, 'sign', session.userId, {}, locale);
    const [{ n } = { n: 0 }] = await uow.tx
      .select({ n: count() })
      .from(signedReports)
      .where(eq(signedReports.consultationId, id));
    const [version] = await uow.tx
      .insert(signedReports)
      .values({
        consultationId: id,
        version: Number(n) + 1,
        findings: draft.findings,
        opinion: draft.opinion,
        advice: draft.advice,
        followUp: draft.followUp,
        signatureMime: 'image/png',
        signature,
        signedBy: session.userId,
        signedAt: uow.now,
      })
      .returning();
    // the expert's handwriting goes through the one signing service too (issue 19): the hash of the version's text
    // as signed, kept in the receiving organization's signature log; the report view checks every version against it
    await signRecord(uow.tx, {
      organizationId: row.toOrganizationId,
      kind: 'consultationReport',
      recordId: version!.id,
      label: `#${id} v${version!.version}`,
      signerId: session.userId,
      snapshot: reportSnapshot(version!),
      method: 'pad',
      padImage: signature,
      padMime: 'image/png',
      now: uow.now,
    });
  });
}

/** What an expert signs of a report version: its text, who signed it and when, and the hash of the handwriting. */
export function reportSnapshot(v: typeof signedReports.$inferSelect) {
  return {
    consultationId: v.consultationId,
    version: v.version,
    findings: v.findings,
    opinion: v.opinion,
    advice: v.advice,
    followUp: v.followUp,
    signedBy: v.signedBy,
    signedAt: v.signedAt.toISOString(),
    signatureSha256: sha256Hex(v.signature),
  };
}

/** The inviting side countersigns the report in force: the consultation closes. */
export async function countersign(app: AppContext, session: SessionContext, id: number, locale: Locale) {
  await runUnitOfWork(app, async (uow) => {
    const { row, side } = await lockVisible(uow, session, id);
    if (!mayAct('countersign', row, side, session)) throw new AppError(ResultCode.conflict, 'remote.notYourStep');
    await applyStep(app, uow, row, 'countersign', session.userId, {}, locale);
    const [latest] = await uow.tx
      .select({ id: signedReports.id })
      .from(signedReports)
      .where(eq(signedReports.consultationId, id))
      .orderBy(desc(signedReports.version))
      .limit(1);
    await uow.tx.insert(reportReceipts).values({ reportId: latest!.id, userId: session.userId, at: uow.now });
    await chargeConsultationFee(uow, row, session.userId);
  });
}

/** The fee's line on the patient's bill (the inviting side's view), or null before the countersign. */
async function feeChargeOf(tx: TxOrDb, row: Row): Promise<ConsultationDetail['feeCharge']> {
  const line = (await sourceLines(tx, row.fromOrganizationId, ChargeSource.consultation, [row.id])).get(row.id);
  return line ? { patientId: row.patientId, treatmentId: row.treatmentId, ...line } : null;
}

/**
 * The consultation's fee on the patient's bill at the inviting organization, in the countersigning transaction: the
 * half hours the call was held (at least one: a signed opinion is a consultation also without video) x the fee per
 * half hour. Nothing for a free consultation. Charged once (billing's source index).
 */
async function chargeConsultationFee(uow: UnitOfWork, row: Row, userId: number) {
  if (row.feeFen <= 0) return;
  const stays = await uow.tx
    .select({ joinedAt: consultationCalls.joinedAt, leftAt: consultationCalls.leftAt })
    .from(consultationCalls)
    .where(eq(consultationCalls.consultationId, row.id));
  const held = stays.filter((s): s is { joinedAt: Date; leftAt: Date | null } => s.joinedAt !== null);
  const units = Math.max(1, callDuration(held, uow.now).feeUnits);
  await chargeSource(
    uow.tx,
    {
      organizationId: row.fromOrganizationId,
      patientId: row.patientId,
      treatmentId: row.treatmentId,
      sourceType: ChargeSource.consultation,
      sourceId: row.id,
      name: `远程会诊费（${row.feeItem}）`.slice(0, 100),
      nameEn: `Remote consultation fee (${row.feeItem})`.slice(0, 120),
      category: RevenueCategory.consultation,
      unitPriceFen: row.feeFen,
      quantity: units,
      createdBy: userId,
    },
    uow.now,
  );
}

export async function reportOf(db: TxOrDb, row: Row, userId: number) {
  const id = row.id;
  const [draft] = await db.select().from(reportDrafts).where(eq(reportDrafts.consultationId, id));
  const versions = await db
    .select()
    .from(signedReports)
    .where(eq(signedReports.consultationId, id))
    .orderBy(desc(signedReports.version));
  const receipts = versions.length
    ? await db
        .select()
        .from(reportReceipts)
        .where(
          inArray(
            reportReceipts.reportId,
            versions.map((v) => v.id),
          ),
        )
    : [];
  const names = await userNames(db, [...versions.map((v) => v.signedBy), ...receipts.map((r) => r.userId)]);
  const states = await Promise.all(
    versions.map((v) =>
      recordSignature(db, {
        organizationId: row.toOrganizationId,
        userId,
        kind: 'consultationReport',
        recordId: v.id,
        current: reportSnapshot(v),
        caIntegration: false,
      }).then((r) => r.signature?.state ?? null),
    ),
  );
  return {
    draft: draft
      ? {
          findings: draft.findings,
          opinion: draft.opinion,
          advice: draft.advice,
          followUp: draft.followUp,
          updatedAt: draft.updatedAt,
        }
      : null,
    versions: versions.map((v, i) => {
      const receipt = receipts.find((r) => r.reportId === v.id);
      return {
        id: v.id,
        version: v.version,
        findings: v.findings,
        opinion: v.opinion,
        advice: v.advice,
        followUp: v.followUp,
        signedByName: names.get(v.signedBy) ?? '',
        signedAt: v.signedAt,
        signature: `data:${v.signatureMime};base64,${v.signature.toString('base64')}`,
        superseded: i > 0,
        signatureState: states[i] ?? null,
        countersignedByName: receipt ? (names.get(receipt.userId) ?? '') : null,
        countersignedAt: receipt?.at ?? null,
      };
    }),
  };
}

/** The report of a consultation the session may see; a read by the receiving side is recorded. */
export async function queryReport(app: AppContext, session: SessionContext, id: number) {
  return runUnitOfWork(app, async (uow) => {
    const [row] = await uow.tx.select().from(consultations).where(eq(consultations.id, id));
    if (!row) throw notFoundRecord();
    const side = await crossOrgSide(uow.tx, grantOf(row), session, uow.now);
    if (!side) throw notFoundRecord();
    if (side === 'receiver') await recordCrossOrgRead(uow.tx, grantOf(row), session, 'report', uow.now);
    return reportOf(uow.tx, row, session.userId);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

async function rowsOut(db: TxOrDb, rows: Row[], sideOf: (r: Row) => CrossOrgSide, locale: Locale) {
  const orgIds = rows.flatMap((r) => [r.fromOrganizationId, r.toOrganizationId]);
  const orgs = await organizationNames(db, orgIds, locale);
  const experts = await userNames(
    db,
    rows.map((r) => r.expertId),
  );
  const officeNames = new Map<number, string>();
  for (const orgId of new Set(rows.filter((r) => r.toOfficeId).map((r) => r.toOrganizationId)))
    for (const o of await officesOfOrganization(db, orgId, locale)) officeNames.set(o.id, o.name);
  const patients = new Map<number, string>();
  for (const orgId of new Set(rows.map((r) => r.fromOrganizationId))) {
    const names = await patientNames(
      db,
      orgId,
      rows.filter((r) => r.fromOrganizationId === orgId).map((r) => r.patientId),
    );
    for (const [id, name] of names) patients.set(id, name);
  }
  return rows.map((r): ConsultationRow => ({
    id: r.id,
    status: r.status,
    side: sideOf(r),
    patientName: patients.get(r.patientId) ?? '',
    reason: r.reason,
    urgency: r.urgency,
    fromOrganization: { id: r.fromOrganizationId, name: orgs.get(r.fromOrganizationId) ?? '' },
    toOrganization: { id: r.toOrganizationId, name: orgs.get(r.toOrganizationId) ?? '' },
    toOffice: r.toOfficeId ? { id: r.toOfficeId, name: officeNames.get(r.toOfficeId) ?? '' } : null,
    expertName: r.expertId ? (experts.get(r.expertId) ?? null) : null,
    proposedAt: r.proposedAt.toISOString(),
    scheduledAt: r.scheduledAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The receiving side's rows for a session, in SQL: taken over by the caller, or (with the expert permission, signed
 * into the receiving organization) in its pool; open or within the retention; never drafts.
 */
function receivedWhere(session: OrgSession, now: Date): SQL {
  const within = or(
    sql`${consultations.status} NOT IN ('closed','rejected','cancelled','expired')`,
    sql`${consultations.endedAt} + make_interval(days => ${consultations.retentionDays}) > ${now.toISOString()}::timestamptz`,
  )!;
  const pool = session.permissions.has(RemotePerm.expert)
    ? and(
        isNull(consultations.expertId),
        or(isNull(consultations.toOfficeId), eq(consultations.toOfficeId, session.officeId ?? 0)),
        or(isNull(consultations.targetExpertId), eq(consultations.targetExpertId, session.userId)),
      )
    : sql`false`;
  return and(
    eq(consultations.toOrganizationId, session.organizationId),
    sql`${consultations.status} <> 'draft'`,
    sql`NOT (${consultations.status} = 'submitted' AND ${consultations.requiresApproval})`,
    within,
    or(eq(consultations.expertId, session.userId), pool),
  )!;
}

export async function listConsultations(app: AppContext, session: OrgSession, q: ListQuery, locale: Locale) {
  const where = and(
    q.box === 'sent'
      ? eq(consultations.fromOrganizationId, session.organizationId)
      : receivedWhere(session, app.clock.now()),
    q.status ? eq(consultations.status, q.status) : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    app.db
      .select()
      .from(consultations)
      .where(where)
      .orderBy(desc(consultations.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    app.db.select({ total: count() }).from(consultations).where(where),
  ]);
  if (q.box === 'received') await recordListReads(app, session, rows);
  return {
    list: await rowsOut(app.db, rows, () => (q.box === 'sent' ? 'sender' : 'receiver'), locale),
    total: Number(total),
  };
}

/** A list shows the receiving side patients' names and reasons: each row listed is a recorded read. */
async function recordListReads(app: AppContext, session: OrgSession, rows: Row[]) {
  if (!rows.length) return;
  await runUnitOfWork(app, async ({ tx, now }) => {
    for (const r of rows) await recordCrossOrgRead(tx, grantOf(r), session, 'list', now);
  });
}

/** Requests waiting in the caller's pool for an expert to take them over (received, or ready to receive). */
export async function takeoverPool(app: AppContext, session: OrgSession, locale: Locale) {
  const rows = await app.db
    .select()
    .from(consultations)
    .where(
      and(
        receivedWhere(session, app.clock.now()),
        isNull(consultations.expertId),
        or(
          eq(consultations.status, 'received'),
          eq(consultations.status, 'approved'),
          and(eq(consultations.status, 'submitted'), eq(consultations.requiresApproval, false)),
        ),
      ),
    )
    .orderBy(desc(consultations.urgency), asc(consultations.proposedAt), asc(consultations.id))
    .limit(100);
  await recordListReads(app, session, rows);
  return rowsOut(app.db, rows, () => 'receiver', locale);
}

/** The actions the session may take now on a row. */
function actionsFor(row: Row, side: CrossOrgSide, session: SessionContext): ConsultationActionName[] {
  const perms: Record<ConsultationParty, string | null> = {
    sender: RemotePerm.request,
    approver: RemotePerm.approve,
    receiver: RemotePerm.expert,
    expert: RemotePerm.expert,
    system: null,
  };
  return (Object.keys(actorOf) as ConsultationActionName[]).filter((a) => {
    const perm = perms[actorOf[a]];
    if (!perm || !session.permissions.has(perm) || !mayAct(a, row, side, session)) return false;
    // a rejection asks for its reason in the dialog: the transition is checked with one
    return transitionConsultation(row.status as ConsultationStatusCode, a, {
      requiresApproval: row.requiresApproval,
      reason: 'x',
    }).ok;
  });
}

export async function consultationDetail(
  app: AppContext,
  session: SessionContext,
  id: number,
  locale: Locale,
): Promise<ConsultationDetail> {
  return runUnitOfWork(app, async (uow) => {
    const { tx, now } = uow;
    const [row] = await tx.select().from(consultations).where(eq(consultations.id, id));
    if (!row) throw notFoundRecord();
    const side = await crossOrgSide(tx, grantOf(row), session, now);
    if (!side) throw notFoundRecord();
    if (side === 'receiver') await recordCrossOrgRead(tx, grantOf(row), session, 'detail', now);
    const [out] = await rowsOut(tx, [row], () => side, locale);
    const materials = await tx
      .select()
      .from(consultationMaterials)
      .where(eq(consultationMaterials.consultationId, id))
      .orderBy(asc(consultationMaterials.id));
    const history = await tx
      .select()
      .from(consultationHistory)
      .where(eq(consultationHistory.consultationId, id))
      .orderBy(asc(consultationHistory.id));
    const cameras = await tx
      .select()
      .from(consultationCameraGroups)
      .where(eq(consultationCameraGroups.consultationId, id))
      .orderBy(asc(consultationCameraGroups.type));
    return {
      ...out!,
      question: row.question,
      rejectReason: row.rejectReason,
      feeItem: row.feeItem,
      feeFen: row.feeFen,
      feeCharge: side === 'sender' ? await feeChargeOf(tx, row) : null,
      requiresApproval: row.requiresApproval,
      deadlineAt: row.deadlineAt?.toISOString() ?? null,
      actions: actionsFor(row, side, session),
      materials: materialsOut(materials),
      history: await stepsOut(tx, history),
      cameraGroups: cameras.map((c) => ({ cameraGroupId: c.cameraGroupId, type: c.type })),
      report: JSON.parse(JSON.stringify(await reportOf(tx, row, session.userId))),
    };
  });
}

/** Attaches a camera group (kept as a reference, no foreign key): type 1 by the inviting side, 2 by the expert. */
export async function recordCameraGroup(
  app: AppContext,
  session: SessionContext,
  p: { id: number; cameraGroupId: number; type: number },
) {
  await runUnitOfWork(app, async (uow) => {
    const { row, side } = await lockVisible(uow, session, p.id);
    const allowed = p.type === 1 ? side === 'sender' : side === 'receiver' && row.expertId === session.userId;
    if (!allowed) throw new AppError(ResultCode.conflict, 'remote.cameraSide');
    await uow.tx
      .insert(consultationCameraGroups)
      .values({
        consultationId: p.id,
        cameraGroupId: p.cameraGroupId,
        type: p.type,
        createdBy: session.userId,
        createdAt: uow.now,
      })
      .onConflictDoUpdate({
        target: [consultationCameraGroups.consultationId, consultationCameraGroups.type],
        set: { cameraGroupId: p.cameraGroupId, createdBy: session.userId, createdAt: uow.now },
      });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Expiry

/**
 * Expires the requests nobody answered before their deadline and ends the sessions abandoned `ABANDONED_AFTER_MS`
 * past their time; each in its own unit of work, with its history and a message to the requester.
 */
export async function expireConsultations(app: AppContext, now: Date) {
  const abandoned = new Date(now.getTime() - ABANDONED_AFTER_MS);
  const due = await app.db
    .select({ id: consultations.id })
    .from(consultations)
    .where(
      or(
        and(inArray(consultations.status, ['submitted', 'approved', 'received']), lt(consultations.deadlineAt, now)),
        and(inArray(consultations.status, ['accepted', 'in_progress']), lt(consultations.scheduledAt, abandoned)),
      ),
    )
    .orderBy(asc(consultations.id));
  let expired = 0;
  for (const { id } of due) {
    await runUnitOfWork(app, async (uow) => {
      const [row] = await uow.tx.select().from(consultations).where(eq(consultations.id, id)).for('update');
      if (!row) return;
      const r = transitionConsultation(row.status as ConsultationStatusCode, 'expire', {
        requiresApproval: row.requiresApproval,
      });
      if (!r.ok) return;
      await applyStep(app, uow, row, 'expire', null, {});
      expired++;
    });
  }
  return { expired };
}
