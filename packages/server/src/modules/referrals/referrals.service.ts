import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CourseStatus,
  PatientReferralPerm,
  REFERRAL_ACTIONS,
  REFERRAL_OPEN_STATUSES,
  ResultCode,
  RoleId,
  isReferralTerminal,
  referralActorOf,
  transitionReferral,
  translate,
  type Locale,
  type ReferralActionName,
  type ReferralDetail,
  type ReferralKind,
  type TransferOutcome,
  type TransferPreview,
  type ReferralParty,
  type ReferralRow,
  type ReferralStatusCode,
  type referralListQuerySchema,
  type referralRequestSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { pgCode } from '../../db/pg-error';
import { AppError } from '../../http/errors';
import type { OrgSession, SessionContext } from '../../http/session';
import { runUnitOfWork, type UnitOfWork } from '../../kernel/unit-of-work';
import { sendSystemMessage } from '../messages';
import { areRelated, organizationNames } from '../organizations';
import {
  patientNames,
  patientSummary,
  planCourseTransfer,
  transferCourse,
  type CourseTransferInput,
  type CourseTransferPlan,
} from '../patients';
import { invalidateFutureOrdersOfCourse } from '../work-orders';
import { submittedAssessmentsOfPatient } from '../assessments';
import { clinicToday } from '../../kernel/clock';
import { officesOfOrganization } from '../offices';
import { staffWithRoles } from '../roles';
import { userNames } from '../users';
import {
  crossOrgSettingsOf,
  crossOrgSide,
  inReceivingPool,
  materialSnapshots,
  materialsOut,
  pickSnapshots,
  relatedTargets,
  stepsOut,
  type CrossOrgGrant,
  type CrossOrgSide,
} from '../telemedicine';
import { referralHistory, referralMaterials, referralReads, referrals } from './referrals.tables';

type Row = typeof referrals.$inferSelect;
type RequestInput = z.output<typeof referralRequestSchema>;
type ListQuery = z.output<typeof referralListQuerySchema>;

const notFound = () => new AppError(ResultCode.notFoundRecord, 'referral.notFound');
const refused = (key: string, field?: string) => new AppError(ResultCode.badRequest, key, {}, field ? { field } : {});
const statusText = (locale: Locale, status: string) => translate(locale, `referral.status_${status}`);

/** The referral as a request of the cross-organization access model (telemedicine face). */
const grantOf = (r: Row): CrossOrgGrant => ({
  id: r.id,
  fromOrganizationId: r.fromOrganizationId,
  toOrganizationId: r.toOrganizationId,
  toOfficeId: r.toOfficeId,
  targetUserId: null,
  assigneeId: r.receiverId,
  patientId: r.patientId,
  status: r.status,
  terminal: isReferralTerminal(r.status as ReferralStatusCode),
  heldBySender: false,
  endedAt: r.endedAt,
  retentionDays: r.retentionDays,
});

const accessOptions = { senderPermission: PatientReferralPerm.list, receiverPermission: PatientReferralPerm.receive };

/**
 * Which side of the referral the session is on, or null when it may not see it. Between organizations it is the
 * access model's answer; inside one organization (a referral to another office) the receiving office is the
 * receiving side and the rest of the organization the sending side.
 */
async function sideOf(db: TxOrDb, r: Row, session: SessionContext, now: Date): Promise<CrossOrgSide | null> {
  const g = grantOf(r);
  if (r.fromOrganizationId === r.toOrganizationId && session.organizationId === r.toOrganizationId) {
    if (r.receiverId === session.userId || inReceivingPool(g, session, PatientReferralPerm.receive)) return 'receiver';
  }
  return crossOrgSide(db, g, session, now, accessOptions);
}

/** Records a read of the referral's patient data by the receiving side (who, which patient, which referral, what). */
async function recordRead(db: TxOrDb, r: Row, session: SessionContext, what: string, now: Date) {
  await db.insert(referralReads).values({
    referralId: r.id,
    patientId: r.patientId,
    userId: session.userId,
    organizationId: session.organizationId,
    what,
    at: now,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// What a referral is made of

/** Where a patient may be referred: the own organization's offices, then the related organizations'. */
export async function referralTargets(app: AppContext, session: OrgSession, locale: Locale) {
  const own = session.organizationId;
  const names = await organizationNames(app.db, [own], locale);
  const related = await relatedTargets(app, session, locale);
  return [
    {
      id: own,
      name: names.get(own) ?? String(own),
      own: true,
      offices: await officesOfOrganization(app.db, own, locale),
    },
    ...related.map((o) => ({ ...o, own: false })),
  ];
}

export async function requestReferral(app: AppContext, session: OrgSession, v: RequestInput, locale: Locale) {
  const from = session.organizationId;
  const inside = v.toOrganizationId === from;
  if (!inside && !(await areRelated(app.db, from, v.toOrganizationId)))
    throw refused('referral.notRelated', 'toOrganizationId');
  if (inside && v.toOfficeId === null) throw refused('referral.officeRequired', 'toOfficeId');
  if (inside && v.toOfficeId === session.officeId) throw refused('referral.sameOffice', 'toOfficeId');
  if (v.toOfficeId !== null) {
    const offices = await officesOfOrganization(app.db, v.toOrganizationId, locale);
    if (!offices.some((o) => o.id === v.toOfficeId)) throw refused('referral.officeUnknown', 'toOfficeId');
  }
  const snapshots = await materialSnapshots(app.db, from, v.patientId, locale);
  if (!snapshots) throw refused('remote.patientUnknown', 'patientId');
  if (!snapshots.some((s) => s.kind === 'treatment' && s.refId === v.treatmentId))
    throw refused('referral.courseUnknown', 'treatmentId');
  const chosen = pickSnapshots(snapshots, v.materials);
  if (!chosen) throw refused('remote.materialUnknown', 'materials');
  if (v.kind === 'transfer') {
    // the plan of an active course moves: an ended one has nothing left to transfer
    const summary = await patientSummary(app.db, from, v.patientId);
    if (!summary?.courses.some((c) => c.id === v.treatmentId && c.status === CourseStatus.active))
      throw refused('referral.transferCourseEnded', 'treatmentId');
  }
  const { retentionDays } = await crossOrgSettingsOf(app.db, from);

  try {
    return await runUnitOfWork(app, async (uow) => {
      const { tx, now } = uow;
      // the partial unique index keeps one open referral per patient and course, also between concurrent requests
      const [row] = await tx
        .insert(referrals)
        .values({
          kind: v.kind,
          fromOrganizationId: from,
          fromOfficeId: session.officeId,
          toOrganizationId: v.toOrganizationId,
          toOfficeId: v.toOfficeId,
          patientId: v.patientId,
          treatmentId: v.treatmentId,
          reason: v.reason,
          status: 'requested',
          retentionDays,
          createdBy: session.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(referralMaterials).values(chosen.map((s) => ({ referralId: row!.id, ...s, createdAt: now })));
      await tx.insert(referralHistory).values({
        referralId: row!.id,
        action: 'request',
        fromStatus: null,
        toStatus: 'requested',
        actorId: session.userId,
        at: now,
      });
      uow.afterCommit(() => notifyNext(app, row!, 'receiver', session.userId));
      return { id: row!.id };
    });
  } catch (err) {
    if (pgCode(err) === '23505') throw new AppError(ResultCode.conflict, 'referral.alreadyOpen');
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The steps

/** Whether the session's side and person may take the action (the route checked the permission). */
function mayAct(action: ReferralActionName, row: Row, side: CrossOrgSide, session: SessionContext) {
  if (referralActorOf[action] === 'sender') return side === 'sender';
  // receiving it takes it over; every later step belongs to the person who received it
  if (action === 'receive') return side === 'receiver' && row.receiverId === null;
  return side === 'receiver' && (row.receiverId === null || row.receiverId === session.userId);
}

/**
 * One step of a referral: the transition on the locked row, its history and the message to whoever acts next
 * (after the commit). Refusals: 409 with the transition's key (400 for a missing reason), code 1 for a referral
 * the caller may not see.
 */
export async function referralStep(
  app: AppContext,
  session: SessionContext,
  id: number,
  action: ReferralActionName,
  reason: string | null,
  locale: Locale,
) {
  await runUnitOfWork(app, async (uow: UnitOfWork) => {
    const { tx, now } = uow;
    const [row] = await tx.select().from(referrals).where(eq(referrals.id, id)).for('update');
    if (!row) throw notFound();
    const side = await sideOf(tx, row, session, now);
    if (!side) throw notFound();
    if (!mayAct(action, row, side, session)) throw new AppError(ResultCode.conflict, 'referral.notYourStep');
    const result = transitionReferral(row.status as ReferralStatusCode, action, {
      reason,
      kind: row.kind as ReferralKind,
    });
    if (!result.ok) {
      const code = result.key === 'referral.reasonRequired' ? ResultCode.badRequest : ResultCode.conflict;
      throw new AppError(code, result.key, { status: statusText(locale, row.status) });
    }
    const set: Partial<typeof referrals.$inferInsert> = { status: result.to, updatedAt: now };
    if (action === 'receive' || (side === 'receiver' && row.receiverId === null)) set.receiverId = session.userId;
    if (action === 'reject') set.rejectReason = reason;
    if (isReferralTerminal(result.to)) set.endedAt = now;
    if (row.kind === 'transfer' && action === 'accept')
      Object.assign(
        set,
        await moveTreatment(uow, row, { userId: session.userId, officeId: receivingOffice(row, session) }, locale, {
          outpatientNoFormat: app.config.outpatientNoFormat,
        }),
      );
    await tx.update(referrals).set(set).where(eq(referrals.id, row.id));
    await tx.insert(referralHistory).values({
      referralId: row.id,
      action,
      fromStatus: result.from,
      toStatus: result.to,
      actorId: session.userId,
      reason: reason || null,
      at: now,
    });
    const next = { ...row, ...set } as Row;
    uow.afterCommit(() => notifyNext(app, next, result.next, session.userId));
  });
}

/**
 * A transfer's acceptance, in the step's unit of work (all or nothing; the locked row makes a second accept a 409):
 * the sending course's future orders invalidated with the reason "transferred out" (work-orders face), the plan
 * moved to a new course at the receiving side (patients face), the latest submitted assessment of each scale of the
 * course attached as snapshots, and what moved kept on the transfer (the sending side reads it for good).
 */
export async function moveTreatment(
  uow: UnitOfWork,
  row: Row,
  actor: { userId: number; officeId: number | null },
  locale: Locale,
  options: { outpatientNoFormat?: string } = {},
): Promise<Partial<typeof referrals.$inferInsert>> {
  const { tx, now } = uow;
  // the plan the preview shows, on the locked course: refused as a whole before anything changes
  const plan = await planCourseTransfer(tx, await transferInput(tx, row, actor, locale, options), { lock: true });
  if (plan.refusal) throw plan.refusal;
  const invalidated = await invalidateFutureOrdersOfCourse(tx, {
    organizationId: row.fromOrganizationId,
    treatmentId: row.treatmentId,
    reason: translate(locale, 'workOrder.reasonTransferredOut'),
    actorId: actor.userId,
    today: clinicToday(now),
    now,
  });
  const moved = await transferCourse(uow, plan);
  // the latest submitted assessment of each scale of the course, as read-only snapshots of the transfer
  const latest = new Map<string, number>();
  for (const a of await submittedAssessmentsOfPatient(tx, row.fromOrganizationId, row.patientId))
    if (a.treatmentId === row.treatmentId && !latest.has(a.scaleCode)) latest.set(a.scaleCode, a.id);
  const ids = new Set(latest.values());
  const snapshots = ((await materialSnapshots(tx, row.fromOrganizationId, row.patientId, locale)) ?? []).filter(
    (m) => m.kind === 'assessment' && ids.has(m.refId),
  );
  if (snapshots.length)
    await tx
      .insert(referralMaterials)
      .values(snapshots.map((m) => ({ referralId: row.id, ...m, createdAt: now })))
      .onConflictDoNothing();
  const outcome: TransferOutcome = {
    patientId: moved.patientId,
    treatmentId: moved.treatmentId,
    fromTreatmentId: row.treatmentId,
    projects: moved.projects,
    assessments: snapshots.length,
    invalidatedOrders: invalidated.length,
    unmapped: moved.unmapped,
    at: now.toISOString(),
  };
  return { toPatientId: moved.patientId, toTreatmentId: moved.treatmentId, outcome };
}

/** What the patients face plans a transfer from: the row's course and places, the accepting person and office. */
async function transferInput(
  db: TxOrDb,
  row: Row,
  actor: { userId: number; officeId: number | null },
  locale: Locale,
  options: { outpatientNoFormat?: string },
): Promise<CourseTransferInput> {
  const orgs = await organizationNames(db, [row.fromOrganizationId], 'zh-CN');
  const fromOffice = row.fromOfficeId
    ? (await officesOfOrganization(db, row.fromOrganizationId, 'zh-CN')).find((o) => o.id === row.fromOfficeId)
    : undefined;
  return {
    fromOrganizationId: row.fromOrganizationId,
    patientId: row.patientId,
    treatmentId: row.treatmentId,
    scope: { organizationId: row.toOrganizationId, userId: actor.userId, locale },
    officeId: actor.officeId,
    source: { organization: orgs.get(row.fromOrganizationId) ?? '', office: fromOffice?.name ?? null },
    outpatientNoFormat: options.outpatientNoFormat,
  };
}

/**
 * What accepting the transfer would do, read before accepting (GET transferPreview/:id): the receiving side that
 * may accept it now, else the accept step's refusal (code 1 to whoever may not see it, 409 for the other side or a
 * state that does not allow it). The same plan (`planCourseTransfer`) as the acceptance, so it cannot differ from it;
 * a refusal accepting would answer is given as its message. Recorded as a read of the transfer by the receiving side.
 */
export async function transferPreview(
  app: AppContext,
  session: SessionContext,
  id: number,
  locale: Locale,
): Promise<TransferPreview & { patientId: number }> {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const [row] = await tx.select().from(referrals).where(eq(referrals.id, id));
    if (!row || row.kind !== 'transfer') throw notFound();
    const side = await sideOf(tx, row, session, now);
    if (!side) throw notFound();
    if (!mayAct('accept', row, side, session)) throw new AppError(ResultCode.conflict, 'referral.notYourStep');
    const result = transitionReferral(row.status as ReferralStatusCode, 'accept', { reason: null, kind: 'transfer' });
    if (!result.ok) throw new AppError(ResultCode.conflict, result.key, { status: statusText(locale, row.status) });
    await recordRead(tx, row, session, 'detail', now);
    const officeId = receivingOffice(row, session);
    const plan = await planCourseTransfer(
      tx,
      await transferInput(tx, row, { userId: session.userId, officeId }, locale, {
        outpatientNoFormat: app.config.outpatientNoFormat,
      }),
    );
    const office = officeId
      ? (await officesOfOrganization(tx, row.toOrganizationId, locale)).find((o) => o.id === officeId)
      : undefined;
    return { patientId: row.patientId, ...previewOf(plan, locale), office: office ?? null };
  });
}

const previewOf = (plan: CourseTransferPlan, locale: Locale): Omit<TransferPreview, 'office'> => {
  const r = plan.refusal;
  return {
    refusal: r ? translate(locale, r.key, typeof r.params === 'function' ? r.params(locale) : r.params) : null,
    diagnosis: plan.diagnosis.map((d) => ({ what: d.what, name: d.name, mapped: d.id !== null })),
    projects: plan.projects.map((p) => p.outcome),
    unmapped: plan.unmapped,
  };
};

/** Where a transfer accepted by the session lands: the named office, else the session's current office there. */
const receivingOffice = (row: Row, session: SessionContext) =>
  row.toOfficeId ?? (session.organizationId === row.toOrganizationId ? (session.officeId ?? null) : null);

/** The screen a referral's link opens: the referral list's drawer, or a transfer's detail. */
export const referralLink = (row: Pick<Row, 'id' | 'kind'>) =>
  row.kind === 'transfer' ? `/transferTreatment/treatmentDetail?id=${row.id}` : `/patient/patientReferral?id=${row.id}`;

/** A product message to whoever acts next (or to the requester when it is over), never to the one who acted. */
async function notifyNext(app: AppContext, row: Row, party: ReferralParty | null, actorId: number) {
  let organizationId = row.fromOrganizationId;
  let userIds: number[] = [];
  if (party === 'receiver') {
    organizationId = row.toOrganizationId;
    userIds = row.receiverId
      ? [row.receiverId]
      : (await staffWithRoles(app.db, row.toOrganizationId, [RoleId.doctor])).map((u) => u.id);
  } else if (row.createdBy) userIds = [row.createdBy];
  userIds = userIds.filter((id) => id !== actorId);
  if (!userIds.length) return;
  const [orgs, patients] = await Promise.all([
    organizationNames(app.db, [row.fromOrganizationId, row.toOrganizationId], 'zh-CN'),
    patientNames(app.db, row.fromOrganizationId, [row.patientId]),
  ]);
  const word = row.kind === 'transfer' ? 'transfer_' : '';
  await sendSystemMessage(app, {
    organizationId,
    userIds,
    category: party ? 'execute' : 'news',
    // a transfer of treatment says so in its own words
    title: { key: `referral.${word}title_${row.status}`, params: { id: row.id } },
    content: {
      key: `referral.${word}body_${party ?? 'none'}`,
      params: {
        id: row.id,
        patient: patients.get(row.patientId) ?? '',
        from: orgs.get(row.fromOrganizationId) ?? '',
        to: orgs.get(row.toOrganizationId) ?? '',
      },
    },
    link: referralLink(row),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

async function rowsOut(db: TxOrDb, rows: Row[], sides: CrossOrgSide[], locale: Locale): Promise<ReferralRow[]> {
  const orgs = await organizationNames(
    db,
    rows.flatMap((r) => [r.fromOrganizationId, r.toOrganizationId]),
    locale,
  );
  const people = await userNames(
    db,
    rows.flatMap((r) => [r.createdBy, r.receiverId]),
  );
  const officeNames = new Map<number, string>();
  for (const orgId of new Set(rows.flatMap((r) => [r.fromOrganizationId, r.toOrganizationId])))
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
  const office = (id: number | null) => (id ? { id, name: officeNames.get(id) ?? '' } : null);
  const person = (id: number | null) => (id ? (people.get(id) ?? null) : null);
  return rows.map((r, i) => ({
    id: r.id,
    kind: r.kind as ReferralKind,
    status: r.status,
    side: sides[i]!,
    patientName: patients.get(r.patientId) ?? '',
    reason: r.reason,
    fromOrganization: { id: r.fromOrganizationId, name: orgs.get(r.fromOrganizationId) ?? '' },
    fromOffice: office(r.fromOfficeId),
    toOrganization: { id: r.toOrganizationId, name: orgs.get(r.toOrganizationId) ?? '' },
    toOffice: office(r.toOfficeId),
    requesterName: person(r.createdBy),
    receiverName: person(r.receiverId),
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The receiving side's rows for a session, in SQL: held by the caller, or (with the receive permission, signed into
 * the receiving organization and office) not yet received; open or within the retention.
 */
function receivedWhere(session: OrgSession, now: Date): SQL {
  const within = or(
    inArray(referrals.status, [...REFERRAL_OPEN_STATUSES]),
    sql`${referrals.endedAt} + make_interval(days => ${referrals.retentionDays}) > ${now.toISOString()}::timestamptz`,
  )!;
  const pool = session.permissions.has(PatientReferralPerm.receive)
    ? and(
        isNull(referrals.receiverId),
        or(isNull(referrals.toOfficeId), eq(referrals.toOfficeId, session.officeId ?? 0)),
      )
    : sql`false`;
  return and(
    eq(referrals.toOrganizationId, session.organizationId),
    within,
    or(eq(referrals.receiverId, session.userId), pool),
  )!;
}

export async function listReferrals(app: AppContext, session: OrgSession, q: ListQuery, locale: Locale) {
  const where = and(
    q.box === 'sent'
      ? eq(referrals.fromOrganizationId, session.organizationId)
      : receivedWhere(session, app.clock.now()),
    eq(referrals.kind, q.kind),
    q.status ? eq(referrals.status, q.status) : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    app.db
      .select()
      .from(referrals)
      .where(where)
      .orderBy(desc(referrals.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    app.db.select({ total: count() }).from(referrals).where(where),
  ]);
  const side: CrossOrgSide = q.box === 'sent' ? 'sender' : 'receiver';
  if (side === 'receiver' && rows.length)
    // a list shows the receiving side the patients' names and reasons: each row listed is a recorded read
    await runUnitOfWork(app, async ({ tx, now }) => {
      for (const r of rows) await recordRead(tx, r, session, 'list', now);
    });
  return {
    list: await rowsOut(
      app.db,
      rows,
      rows.map(() => side),
      locale,
    ),
    total: Number(total),
  };
}

/** The actions the session may take now on a row. */
function actionsFor(row: Row, side: CrossOrgSide, session: SessionContext): ReferralActionName[] {
  const perm = { sender: PatientReferralPerm.request, receiver: PatientReferralPerm.receive };
  return REFERRAL_ACTIONS.filter(
    (a) =>
      session.permissions.has(perm[referralActorOf[a]]) &&
      mayAct(a, row, side, session) &&
      // a rejection asks for its reason in the dialog: the transition is checked with one
      transitionReferral(row.status as ReferralStatusCode, a, { reason: 'x', kind: row.kind as ReferralKind }).ok,
  );
}

export async function referralDetail(
  app: AppContext,
  session: SessionContext,
  id: number,
  locale: Locale,
): Promise<ReferralDetail & { patientId: number }> {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const [row] = await tx.select().from(referrals).where(eq(referrals.id, id));
    if (!row) throw notFound();
    const side = await sideOf(tx, row, session, now);
    if (!side) throw notFound();
    if (side === 'receiver') await recordRead(tx, row, session, 'detail', now);
    const [out] = await rowsOut(tx, [row], [side], locale);
    const materials = await tx
      .select()
      .from(referralMaterials)
      .where(eq(referralMaterials.referralId, id))
      .orderBy(asc(referralMaterials.id));
    const history = await tx
      .select()
      .from(referralHistory)
      .where(eq(referralHistory.referralId, id))
      .orderBy(asc(referralHistory.id));
    return {
      ...out!,
      patientId: row.patientId,
      rejectReason: row.rejectReason,
      transfer: row.outcome ?? null,
      actions: actionsFor(row, side, session),
      materials: materialsOut(materials),
      history: await stepsOut(tx, history),
    };
  });
}
