import { and, asc, count, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  Attendance,
  MeetingUserType,
  ResultCode,
  ageOn,
  transitionMeeting,
  type AttendanceCode,
  type Locale,
  type MeetingCommand,
  type MeetingInfo,
  type MeetingListQuery,
  type MeetingListRow,
  type MeetingParticipant,
  type MeetingSaveInput,
  type MeetingState,
  type MeetingStatusCode,
  type MeetingUpdateInput,
  type ReportStatusCode,
  dateTimeFormat,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import type { Db, TxOrDb } from '../../db/client';
import { activeMembers, userNames, userNameSql } from '../users';
import { AppError } from '../../http/errors';
import { sendSystemMessage, type SystemText, htmlText, sanitizeMessageHtml } from '../messages';
import {
  activeCoursesWithPatients,
  courseForRecord,
  courseOfRecord,
  patientDemographics,
  patientNameSql,
  patientCard,
} from '../patients';
import { meetingParticipants, meetings } from './meetings.tables';
import { clockNow } from '../../kernel/clock';
import { signMeetingReportIn } from './meeting-signature';
import { escapeLike } from '../../db/like';

/** Who acts: always the session's organization and user. */
export type Scope = {
  organizationId: number;
  userId: number;
  locale: Locale;
  /** the organization has its CA integration on: submitted reports are signed (issue 19) */
  caIntegration?: boolean;
};

const bad = (key: string, field: string) => new AppError(ResultCode.badRequest, key, {}, { field });
const meetingNotFound = () => new AppError(ResultCode.notFound, 'meeting.notFound');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---------------------------------------------------------------------------------------------------------------
// Reading

const listColumns = {
  id: meetings.id,
  theme: meetings.theme,
  location: meetings.location,
  startTime: meetings.startTime,
  status: meetings.status,
  reportStatus: meetings.reportStatus,
  patientId: meetings.patientId,
  patientName: patientNameSql(meetings.patientId),
  treatmentId: meetings.treatmentId,
  hostId: meetings.hostId,
  hostName: userNameSql(meetings.hostId),
  applicantId: meetings.applicantId,
  applicantName: userNameSql(meetings.applicantId),
};

type BaseRow = Omit<
  MeetingListRow,
  'startTime' | 'participantCount' | 'confirmedCount' | 'leaveCount' | 'myAttendance'
> & { startTime: Date };

/** Attendance counts and the caller's own answer for a set of meetings. */
async function attendanceSummary(db: TxOrDb, ids: number[], userId: number) {
  const out = new Map<
    number,
    { participantCount: number; confirmedCount: number; leaveCount: number; mine: number | null }
  >();
  if (!ids.length) return out;
  const rows = await db
    .select({
      meetingId: meetingParticipants.meetingId,
      userId: meetingParticipants.userId,
      a: meetingParticipants.attendance,
    })
    .from(meetingParticipants)
    .where(inArray(meetingParticipants.meetingId, ids));
  for (const r of rows) {
    const s = out.get(r.meetingId) ?? { participantCount: 0, confirmedCount: 0, leaveCount: 0, mine: null };
    s.participantCount++;
    if (r.a === Attendance.confirmed || r.a === Attendance.present) s.confirmedCount++;
    if (r.a === Attendance.leave) s.leaveCount++;
    if (r.userId === userId) s.mine = r.a;
    out.set(r.meetingId, s);
  }
  return out;
}

function toRow(r: BaseRow, summary: Awaited<ReturnType<typeof attendanceSummary>>): MeetingListRow {
  const s = summary.get(r.id) ?? { participantCount: 0, confirmedCount: 0, leaveCount: 0, mine: null };
  return {
    ...r,
    startTime: r.startTime.toISOString(),
    participantCount: s.participantCount,
    confirmedCount: s.confirmedCount,
    leaveCount: s.leaveCount,
    myAttendance: s.mine,
  };
}

/** `/recovery/meeting/list/:userType?`: the organization's meetings, those I host, take part in or applied for. */
export async function listMeetings(db: Db, scope: Scope, q: MeetingListQuery) {
  const where: (SQL | undefined)[] = [eq(meetings.organizationId, scope.organizationId)];
  if (q.userType === MeetingUserType.host) where.push(eq(meetings.hostId, scope.userId));
  if (q.userType === MeetingUserType.applicant) where.push(eq(meetings.applicantId, scope.userId));
  if (q.userType === MeetingUserType.participant) {
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(meetingParticipants)
          .where(and(eq(meetingParticipants.meetingId, meetings.id), eq(meetingParticipants.userId, scope.userId))),
      ),
    );
  }
  if (q.status) where.push(eq(meetings.status, q.status));
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    where.push(or(sql`${patientNameSql(meetings.patientId)} ILIKE ${k}`, sql`${meetings.theme} ILIKE ${k}`));
  }
  const cond = and(...where);
  const base = db.select(listColumns).from(meetings).where(cond);
  const rows = await base
    .orderBy(desc(meetings.startTime), desc(meetings.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [{ n }] = (await db.select({ n: count() }).from(meetings).where(cond)) as [{ n: number }];
  const summary = await attendanceSummary(
    db,
    rows.map((r) => r.id),
    scope.userId,
  );
  return { list: rows.map((r) => toRow(r, summary)), total: Number(n) };
}

/** One meeting of the organization (404 for another organization's id). */
export async function meetingInfo(db: Db, scope: Scope, id: number): Promise<MeetingInfo> {
  const [head] = await db
    .select(listColumns)
    .from(meetings)
    .where(and(eq(meetings.id, id), eq(meetings.organizationId, scope.organizationId)))
    .limit(1);
  if (!head) throw meetingNotFound();
  const [m] = await db.select().from(meetings).where(eq(meetings.id, id)).limit(1);
  const patient = await patientDemographics(db, m!.patientId);
  const course = m!.treatmentId ? await courseOfRecord(db, m!.treatmentId) : null;
  const reviewer = m!.reviewerId ? { name: (await userNames(db, [m!.reviewerId])).get(m!.reviewerId) } : undefined;
  const r = {
    ...head,
    cancelReason: m!.cancelReason,
    reportContent: m!.reportContent,
    reportUpdatedAt: m!.reportUpdatedAt,
    reportSubmittedAt: m!.reportSubmittedAt,
    reviewerId: m!.reviewerId,
    reviewerName: reviewer?.name ?? null,
    auditTime: m!.auditTime,
    reviewOpinion: m!.reviewOpinion,
    patientSex: patient!.sex,
    birthday: patient!.birthday,
    inpatientNo: course?.inpatientNo ?? null,
    outpatientNo: course?.outpatientNo ?? null,
    bedNo: course?.bedNo ?? null,
  };

  const participantName = userNameSql(meetingParticipants.userId);
  const people = await db
    .select({
      userId: meetingParticipants.userId,
      name: participantName,
      attendance: meetingParticipants.attendance,
      leaveReason: meetingParticipants.leaveReason,
      respondedAt: meetingParticipants.respondedAt,
    })
    .from(meetingParticipants)
    .where(eq(meetingParticipants.meetingId, id))
    .orderBy(asc(participantName), asc(meetingParticipants.userId));
  const summary = await attendanceSummary(db, [id], scope.userId);
  const participants: MeetingParticipant[] = people.map((p) => ({
    userId: p.userId,
    name: p.name,
    attendance: p.attendance,
    leaveReason: p.leaveReason,
    respondedAt: iso(p.respondedAt),
  }));
  const base: BaseRow = {
    id: r.id,
    theme: r.theme,
    location: r.location,
    startTime: r.startTime,
    status: r.status,
    reportStatus: r.reportStatus,
    patientId: r.patientId,
    patientName: r.patientName,
    treatmentId: r.treatmentId,
    hostId: r.hostId,
    hostName: r.hostName,
    applicantId: r.applicantId,
    applicantName: r.applicantName,
  };
  return {
    ...toRow(base, summary),
    participants,
    cancelReason: r.cancelReason,
    reportContent: r.reportContent,
    reportUpdatedAt: iso(r.reportUpdatedAt),
    reportSubmittedAt: iso(r.reportSubmittedAt),
    reviewerId: r.reviewerId,
    reviewerName: r.reviewerName,
    auditTime: iso(r.auditTime),
    reviewOpinion: r.reviewOpinion,
    patientSex: r.patientSex,
    patientAge: r.birthday ? ageOn(r.birthday, clockNow()) : null,
    inpatientNo: r.inpatientNo,
    outpatientNo: r.outpatientNo,
    bedNo: r.bedNo,
  };
}

/** Active members of the organization, for the host and participant pickers. */
export async function meetingStaff(db: Db, scope: Scope) {
  return activeMembers(db, scope.organizationId);
}

/** Patients with an active course, by name, for the arrange dialog (at most 50). */
export async function meetingPatients(db: Db, scope: Scope, keyword: string | undefined) {
  return activeCoursesWithPatients(db, scope.organizationId, keyword, 50);
}

// ---------------------------------------------------------------------------------------------------------------
// Arranging

/** The time of a meeting: not earlier than the current minute (a time picked in the minute now is accepted). */
function checkTime(startTime: string, now = clockNow()) {
  const t = new Date(startTime);
  const minute = new Date(now);
  minute.setSeconds(0, 0);
  if (t.getTime() < minute.getTime()) throw bad('meeting.timePast', 'startTime');
  return t;
}

async function checkMembers(tx: TxOrDb, scope: Scope, ids: number[], field: string) {
  if (!ids.length) return;
  const rows = await activeMembers(tx, scope.organizationId, ids);
  if (rows.length !== new Set(ids).size) throw bad('meeting.notMember', field);
}

/** The participants without the host, once each; at least one left. */
function participantsOf(input: { hostId: number; participantIds: number[] }) {
  const ids = [...new Set(input.participantIds)].filter((id) => id !== input.hostId);
  if (!ids.length) throw bad('meeting.participantsRequired', 'participantIds');
  return ids;
}

type Notice = { userIds: number[]; title: SystemText; content: SystemText };

/** What a message about a meeting says: patient, theme, time, location and host. */
async function noticeParams(app: AppContext, tx: TxOrDb, meetingId: number) {
  const [r] = await tx
    .select({
      theme: meetings.theme,
      location: meetings.location,
      startTime: meetings.startTime,
      patient: patientNameSql(meetings.patientId),
      host: userNameSql(meetings.hostId),
    })
    .from(meetings)
    .where(eq(meetings.id, meetingId))
    .limit(1);
  return {
    theme: r!.theme,
    location: r!.location,
    patient: r!.patient,
    host: r!.host,
    time: formatTime(r!.startTime, app.config.scheduler.timezone),
  };
}

/** `2026-03-01 14:05` in the clinic's time zone (the scheduler's). */
export function formatTime(d: Date, timeZone: string) {
  const parts = dateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}`;
}

async function send(app: AppContext, scope: Scope, meetingId: number, notices: Notice[]) {
  for (const n of notices) {
    const userIds = n.userIds.filter((id) => id !== scope.userId);
    if (!userIds.length) continue;
    try {
      await sendSystemMessage(app, {
        organizationId: scope.organizationId,
        userIds,
        category: 'news',
        title: n.title,
        content: n.content,
        link: `/recovery/meeting/detail/${meetingId}`,
      });
    } catch (err) {
      // the meeting is saved; a message that could not be sent is logged, not answered as a failure
      app.log.error({ err, meetingId }, 'meeting message not sent');
    }
  }
}

/** Arranges a meeting; the host and the participants are told by an internal message. */
export async function saveMeeting(app: AppContext, scope: Scope, input: MeetingSaveInput) {
  const startTime = checkTime(input.startTime);
  const participantIds = participantsOf(input);
  const { id, params } = await app.db.transaction(async (tx) => {
    const patient = await patientCard(tx, scope.organizationId, input.patientId);
    if (!patient) throw new AppError(ResultCode.notFound, 'error.notFound', {}, { field: 'patientId' });
    const treatmentId = await courseForRecord(tx, patient.id, input.treatmentId);
    if (treatmentId === null) {
      throw input.treatmentId !== undefined
        ? bad('meeting.courseNotOfPatient', 'treatmentId')
        : bad('meeting.noActiveCourse', 'patientId');
    }
    await checkMembers(tx, scope, [input.hostId], 'hostId');
    await checkMembers(tx, scope, participantIds, 'participantIds');
    const [row] = await tx
      .insert(meetings)
      .values({
        organizationId: scope.organizationId,
        patientId: patient.id,
        treatmentId,
        theme: input.theme,
        location: input.location,
        hostId: input.hostId,
        applicantId: scope.userId,
        startTime,
        createdBy: scope.userId,
        updatedBy: scope.userId,
      })
      .returning({ id: meetings.id });
    await tx.insert(meetingParticipants).values(participantIds.map((userId) => ({ meetingId: row!.id, userId })));
    return { id: row!.id, params: await noticeParams(app, tx, row!.id) };
  });
  await send(app, scope, id, [
    {
      userIds: [input.hostId, ...participantIds],
      title: { key: 'meeting.invitedTitle', params },
      content: { key: 'meeting.invitedContent', params },
    },
  ]);
  return { id };
}

// ---------------------------------------------------------------------------------------------------------------
// Transitions: load the state under a row lock, run the shared transition function, store the next state

type Loaded = { state: MeetingState; row: typeof meetings.$inferSelect };

async function load(tx: TxOrDb, scope: Scope, id: number): Promise<Loaded> {
  const [row] = await tx
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, id), eq(meetings.organizationId, scope.organizationId)))
    .limit(1)
    .for('update');
  if (!row) throw meetingNotFound();
  const people = await tx.select().from(meetingParticipants).where(eq(meetingParticipants.meetingId, id));
  return {
    row,
    state: {
      status: row.status as MeetingStatusCode,
      reportStatus: row.reportStatus as ReportStatusCode,
      hostId: row.hostId,
      applicantId: row.applicantId,
      participants: people.map((p) => ({
        userId: p.userId,
        attendance: p.attendance as AttendanceCode,
        leaveReason: p.leaveReason,
      })),
    },
  };
}

function step(loaded: Loaded, scope: Scope, command: MeetingCommand) {
  const r = transitionMeeting(loaded.state, scope.userId, command);
  if (!r.ok) throw new AppError(r.status, r.key, {}, r.status === 400 ? { field: fieldOf(command) } : {});
  return r.state;
}
const fieldOf = (c: MeetingCommand) =>
  c.action === 'leave' ? 'reason' : c.action === 'review' ? 'opinion' : c.action === 'presence' ? 'records' : 'content';

/** Edits an arranged meeting; new participants are invited, the others told of the change, removed ones told too. */
export async function updateMeeting(app: AppContext, scope: Scope, input: MeetingUpdateInput) {
  const participantIds = participantsOf(input);
  const result = await app.db.transaction(async (tx) => {
    const loaded = await load(tx, scope, input.id);
    step(loaded, scope, { action: 'update' });
    const timeChanged = new Date(input.startTime).getTime() !== loaded.row.startTime.getTime();
    const startTime = timeChanged ? checkTime(input.startTime) : loaded.row.startTime;
    await checkMembers(tx, scope, [input.hostId], 'hostId');
    await checkMembers(tx, scope, participantIds, 'participantIds');
    const before = loaded.state.participants.map((p) => p.userId);
    const added = participantIds.filter((id) => !before.includes(id));
    const removed = before.filter((id) => !participantIds.includes(id));
    const kept = participantIds.filter((id) => before.includes(id));
    await tx
      .update(meetings)
      .set({
        theme: input.theme,
        location: input.location,
        hostId: input.hostId,
        startTime,
        updatedBy: scope.userId,
        updatedAt: clockNow(),
      })
      .where(eq(meetings.id, input.id));
    if (removed.length)
      await tx
        .delete(meetingParticipants)
        .where(and(eq(meetingParticipants.meetingId, input.id), inArray(meetingParticipants.userId, removed)));
    if (added.length)
      await tx.insert(meetingParticipants).values(added.map((userId) => ({ meetingId: input.id, userId })));
    const params = await noticeParams(app, tx, input.id);
    const oldHost = loaded.row.hostId;
    const hostChanged = oldHost !== input.hostId;
    return {
      params,
      notices: [
        { ids: [...added, ...(hostChanged ? [input.hostId] : [])], key: 'invited' },
        { ids: [...kept, ...(hostChanged ? [] : [input.hostId])], key: 'changed' },
        { ids: [...removed, ...(hostChanged ? [oldHost] : [])], key: 'removed' },
      ],
    };
  });
  const { params } = result;
  await send(
    app,
    scope,
    input.id,
    result.notices.map((n) => ({
      userIds: n.ids,
      title: { key: `meeting.${n.key}Title`, params },
      content: { key: `meeting.${n.key}Content`, params },
    })),
  );
}

/** Cancels an arranged meeting that has not been held; everyone invited is told. */
export async function cancelMeeting(app: AppContext, scope: Scope, id: number, reason: string | undefined) {
  const { params, userIds } = await app.db.transaction(async (tx) => {
    const loaded = await load(tx, scope, id);
    const next = step(loaded, scope, { action: 'cancel' });
    await tx
      .update(meetings)
      .set({ status: next.status, cancelReason: reason ?? null, updatedBy: scope.userId, updatedAt: clockNow() })
      .where(eq(meetings.id, id));
    return {
      params: { ...(await noticeParams(app, tx, id)), reason: reason ?? '' },
      userIds: [loaded.row.hostId, ...loaded.state.participants.map((p) => p.userId)],
    };
  });
  await send(app, scope, id, [
    { userIds, title: { key: 'meeting.cancelledTitle', params }, content: { key: 'meeting.cancelledContent', params } },
  ]);
}

/** A participant confirms, or says they cannot attend (with a reason). */
export async function answerMeeting(app: AppContext, scope: Scope, id: number, command: MeetingCommand) {
  await app.db.transaction(async (tx) => {
    const loaded = await load(tx, scope, id);
    const next = step(loaded, scope, command);
    const me = next.participants.find((p) => p.userId === scope.userId)!;
    await tx
      .update(meetingParticipants)
      .set({ attendance: me.attendance, leaveReason: me.leaveReason ?? null, respondedAt: clockNow() })
      .where(and(eq(meetingParticipants.meetingId, id), eq(meetingParticipants.userId, scope.userId)));
  });
}

/** The host records who was present and who was not. */
export async function recordPresence(
  app: AppContext,
  scope: Scope,
  id: number,
  records: { userId: number; present: boolean }[],
) {
  await app.db.transaction(async (tx) => {
    const loaded = await load(tx, scope, id);
    const next = step(loaded, scope, { action: 'presence', records });
    const now = clockNow();
    for (const r of records) {
      const p = next.participants.find((x) => x.userId === r.userId)!;
      await tx
        .update(meetingParticipants)
        .set({ attendance: p.attendance, presenceAt: now })
        .where(and(eq(meetingParticipants.meetingId, id), eq(meetingParticipants.userId, r.userId)));
    }
  });
}

/** The host saves the report as a draft, or submits it for review (sanitized rich text). */
export async function writeReport(
  app: AppContext,
  scope: Scope,
  id: number,
  content: string,
  submit: boolean,
  signLater = false,
) {
  const clean = sanitizeMessageHtml(content);
  await app.db.transaction(async (tx) => {
    const loaded = await load(tx, scope, id);
    const next = step(
      loaded,
      scope,
      submit ? { action: 'submitReport', content: htmlText(clean) } : { action: 'saveReport', content: clean },
    );
    const now = clockNow();
    await tx
      .update(meetings)
      .set({
        reportContent: clean,
        reportStatus: next.reportStatus,
        reportUpdatedAt: now,
        ...(submit ? { reportSubmittedAt: now } : {}),
        updatedBy: scope.userId,
        updatedAt: now,
      })
      .where(eq(meetings.id, id));
    // with CA on, a submitted report is signed by the host as it is submitted, or not submitted at all (no
    // certificate, no provider) unless the host chose not to sign now (issue 19)
    if (submit && scope.caIntegration && !signLater) {
      const [row] = await tx.select().from(meetings).where(eq(meetings.id, id));
      await signMeetingReportIn(tx, scope, row!, now);
    }
  });
}

/** A reviewer approves the submitted report (the meeting is finished) or returns it with an opinion. */
export async function reviewMeeting(
  app: AppContext,
  scope: Scope,
  id: number,
  approve: boolean,
  opinion: string | undefined,
) {
  const returned = await app.db.transaction(async (tx) => {
    const loaded = await load(tx, scope, id);
    const next = step(loaded, scope, { action: 'review', approve, opinion });
    const now = clockNow();
    await tx
      .update(meetings)
      .set({
        status: next.status,
        reportStatus: next.reportStatus,
        reviewerId: scope.userId,
        auditTime: now,
        reviewOpinion: opinion ?? null,
        updatedBy: scope.userId,
        updatedAt: now,
      })
      .where(eq(meetings.id, id));
    return approve
      ? null
      : { hostId: loaded.row.hostId, params: { ...(await noticeParams(app, tx, id)), opinion: opinion! } };
  });
  if (returned) {
    const { params } = returned;
    await send(app, scope, id, [
      {
        userIds: [returned.hostId],
        title: { key: 'meeting.returnedTitle', params },
        content: { key: 'meeting.returnedContent', params },
      },
    ]);
  }
}
