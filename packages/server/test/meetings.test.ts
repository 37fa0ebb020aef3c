import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { Attendance, MeetingStatus, ReportStatus } from '@rehab/shared';
import { users } from '../src/db/schema';
import { messageRecipients, messages } from '../src/modules/messages/messages.tables';
import { meetingParticipants, meetings } from '../src/modules/meetings/meetings.tables';
import { treatments } from '../src/modules/patients/patients.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

// Assessment meetings over HTTP: every call, its refusals (400 naming the field, 403 wrong person or permission,
// 404 another organization's ids, 409 wrong state) with nothing written, and the internal messages it sends.

let s: TestServer;
type Who = { token: string; organizationId: number; userId: number };
let doctor: Who;
let therapist: Who;
let admin: Who;
let other: Who; // super administrator inside the second organization
let outsider: Who; // the second organization's therapist, no member of the first
let patient: { patientId: number; treatmentId: number; name: string };
let foreignPatientId: number;

const api = (method: string, url: string, who: Who, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who.token, body, lang });

async function who(account: string, organizationIndex = 0): Promise<Who> {
  const login = await s.loginInto(account, organizationIndex);
  const [u] = await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, account));
  return { ...login, userId: u!.id };
}

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const rows = async () => ({
  meetings: Number((await s.app.db.select({ n: count() }).from(meetings))[0]!.n),
  snapshot: JSON.stringify(await s.app.db.select().from(meetings).orderBy(meetings.id)),
  people: JSON.stringify(await s.app.db.select().from(meetingParticipants)),
  messages: Number((await s.app.db.select({ n: count() }).from(messages))[0]!.n),
});
/** Runs a refused call and checks its status, field and that nothing changed. */
async function refused(
  status: number,
  call: () => Promise<{ status: number; body: Record<string, any> }>,
  field?: string,
) {
  const before = await rows();
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(status);
  if (field) expect(res.body.field).toBe(field);
  expect(await rows()).toEqual(before);
  return res;
}
const inbox = async (userId: number, since: number) =>
  s.app.db
    .select({ id: messages.id, title: messages.title, titleLang: messages.titleLang, link: messages.link })
    .from(messages)
    .innerJoin(messageRecipients, eq(messageRecipients.messageId, messages.id))
    .where(and(eq(messageRecipients.userId, userId), inArray(messages.id, await idsAfter(since))));
const idsAfter = async (since: number) =>
  (await s.app.db.select({ id: messages.id }).from(messages)).map((m) => m.id).filter((id) => id > since);
const lastMessageId = async () =>
  Math.max(0, ...(await s.app.db.select({ id: messages.id }).from(messages)).map((m) => m.id));

function arrangement(extra: Record<string, unknown> = {}) {
  return {
    patientId: patient.patientId,
    theme: '入院评估讨论',
    location: '示教室',
    hostId: doctor.userId,
    participantIds: [therapist.userId, admin.userId],
    startTime: inAnHour(),
    ...extra,
  };
}
async function arrange(extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/sys/meeting/save', doctor, arrangement(extra));
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data.id as number;
}

beforeAll(async () => {
  s = await startTestServer();
  doctor = await who(DEMO.doctor);
  therapist = await who(DEMO.therapist);
  admin = await who(DEMO.orgAdmin);
  other = await who(DEMO.superAdmin, 1);
  if (other.organizationId === doctor.organizationId) other = await who(DEMO.superAdmin, 0);
  outsider = await who(DEMO.therapist2);
  const found = await api('POST', '/sys/meeting/patients', doctor, {});
  patient = found.body.data[0];
  const foreign = await s.app.db
    .select({ patientId: treatments.patientId })
    .from(treatments)
    .where(eq(treatments.organizationId, other.organizationId))
    .limit(1);
  foreignPatientId = foreign[0]!.patientId;
});
afterAll(async () => {
  await s?.close();
});

describe('arranging', () => {
  it('saves a meeting; the host and participants get an invitation in both languages, the applicant none', async () => {
    const since = await lastMessageId();
    const id = await arrange({
      hostId: admin.userId,
      participantIds: [therapist.userId, admin.userId, therapist.userId],
    });
    const info = await api('GET', `/sys/meeting/info/${id}`, doctor);
    expect(info.body.data).toMatchObject({
      id,
      theme: '入院评估讨论',
      status: MeetingStatus.arranged,
      reportStatus: ReportStatus.none,
      hostId: admin.userId,
      applicantId: doctor.userId,
      patientName: patient.name,
      treatmentId: patient.treatmentId,
      participantCount: 1, // the host is not a participant, duplicates once
    });
    expect(info.body.data.participants).toEqual([
      expect.objectContaining({ userId: therapist.userId, attendance: Attendance.invited, leaveReason: null }),
    ]);
    const toTherapist = await inbox(therapist.userId, since);
    expect(toTherapist).toHaveLength(1);
    expect(toTherapist[0]!.titleLang).toEqual({
      'zh-CN': '评估会议邀请：入院评估讨论',
      en: 'Assessment meeting invitation: 入院评估讨论',
    });
    expect(toTherapist[0]!.link).toBe(`/recovery/meeting/detail/${id}`);
    expect(await inbox(admin.userId, since)).toHaveLength(1);
    expect(await inbox(doctor.userId, since)).toHaveLength(0);
  });

  it('refuses a time earlier than now, missing fields, strangers and another organization`s patient, writing nothing', async () => {
    const past = new Date(Date.now() - 5 * 60_000).toISOString();
    const r = await refused(
      400,
      () => api('POST', '/sys/meeting/save', doctor, arrangement({ startTime: past }), 'en'),
      'startTime',
    );
    expect(r.body.msg).toBe('The meeting time cannot be earlier than now');
    const zh = await refused(400, () => api('POST', '/sys/meeting/save', doctor, arrangement({ startTime: past })));
    expect(zh.body.msg).toBe('会议时间不能早于当前时间');
    await refused(400, () => api('POST', '/sys/meeting/save', doctor, arrangement({ theme: ' ' })), 'theme');
    await refused(
      400,
      () => api('POST', '/sys/meeting/save', doctor, arrangement({ startTime: undefined })),
      'startTime',
    );
    await refused(
      400,
      () => api('POST', '/sys/meeting/save', doctor, arrangement({ participantIds: [] })),
      'participantIds',
    );
    await refused(
      400,
      () => api('POST', '/sys/meeting/save', doctor, arrangement({ participantIds: [doctor.userId] })),
      'participantIds',
    );
    await refused(
      400,
      () => api('POST', '/sys/meeting/save', doctor, arrangement({ participantIds: [outsider.userId] })),
      'participantIds',
    );
    await refused(
      400,
      () => api('POST', '/sys/meeting/save', doctor, arrangement({ hostId: outsider.userId })),
      'hostId',
    );
    await refused(404, () => api('POST', '/sys/meeting/save', doctor, arrangement({ patientId: foreignPatientId })));
    await refused(400, () => api('POST', '/sys/meeting/save', doctor, { ...arrangement(), extra: 1 }));
    const [foreignCourse] = await s.app.db
      .select({ id: treatments.id })
      .from(treatments)
      .where(eq(treatments.organizationId, other.organizationId))
      .limit(1);
    await refused(
      400,
      () => api('POST', '/sys/meeting/save', doctor, arrangement({ treatmentId: foreignCourse!.id })),
      'treatmentId',
    );
  });

  it('refuses without a token (401) and answers 404 for another organization`s patient', async () => {
    const noToken = await s.api('POST', '/api/sys/meeting/list', { body: {} });
    expect(noToken.status).toBe(401);
    await refused(404, () =>
      api('POST', '/sys/meeting/save', other, arrangement({ hostId: other.userId, participantIds: [outsider.userId] })),
    );
  });

  it('updates: new people are invited, the others told of the change, removed ones told too', async () => {
    const id = await arrange({ participantIds: [therapist.userId] });
    const since = await lastMessageId();
    const res = await api('POST', '/sys/meeting/update', doctor, {
      id,
      theme: '入院评估讨论（改期）',
      location: '会议室 302',
      hostId: doctor.userId,
      participantIds: [admin.userId],
      startTime: new Date(Date.now() + 2 * 3600_000).toISOString(),
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const info = (await api('GET', `/sys/meeting/info/${id}`, doctor)).body.data;
    expect(info).toMatchObject({ theme: '入院评估讨论（改期）', location: '会议室 302' });
    expect(info.participants.map((p: { userId: number }) => p.userId)).toEqual([admin.userId]);
    expect((await inbox(admin.userId, since))[0]!.titleLang.en).toMatch(/^Assessment meeting invitation/);
    expect((await inbox(therapist.userId, since))[0]!.titleLang.en).toMatch(/^You are no longer needed/);
  });

  it('update refusals: another organization 404, not the organizer 403, a past time 400, nothing written', async () => {
    const id = await arrange();
    const body = { ...arrangement(), id };
    delete (body as Record<string, unknown>).patientId;
    await refused(404, () => api('POST', '/sys/meeting/update', other, body));
    await refused(403, () => api('POST', '/sys/meeting/update', therapist, body));
    await refused(
      400,
      () =>
        api('POST', '/sys/meeting/update', doctor, {
          ...body,
          startTime: new Date(Date.now() - 3600_000).toISOString(),
        }),
      'startTime',
    );
    await refused(404, () => api('POST', '/sys/meeting/update', doctor, { ...body, id: 999999 }));
  });
});

describe('lists and details', () => {
  it('lists by user type: all, I host, I take part, I applied; with the caller`s own attendance', async () => {
    const id = await arrange({ theme: '列表测试会议' });
    const list = async (who: Who, userType: number) =>
      (await api('POST', '/sys/meeting/list', who, { userType, keyword: '列表测试', limit: 50 })).body.data;
    expect((await list(doctor, 0)).list.map((m: { id: number }) => m.id)).toContain(id);
    expect((await list(doctor, 1)).totalCount).toBe(1);
    expect((await list(doctor, 3)).totalCount).toBe(1);
    expect((await list(doctor, 2)).totalCount).toBe(0);
    const mine = await list(therapist, 2);
    expect(mine.list[0]).toMatchObject({ id, myAttendance: Attendance.invited, participantCount: 2 });
    expect((await list(therapist, 1)).totalCount).toBe(0);
    const page = (await api('POST', '/sys/meeting/list', doctor, { page: 1, limit: 1 })).body.data;
    expect(page).toMatchObject({ pageSize: 1, currPage: 1 });
    expect(page.totalCount).toBeGreaterThanOrEqual(3); // the demo meetings and these
  });

  it('another organization sees none of them and gets 404 for their ids', async () => {
    const id = await arrange();
    const list = await api('POST', '/sys/meeting/list', other, { userType: 0, limit: 100 });
    expect(list.body.data.list.map((m: { id: number }) => m.id)).not.toContain(id);
    const info = await api('GET', `/sys/meeting/info/${id}`, other, undefined, 'en');
    expect(info.status).toBe(404);
    expect(info.body.msg).toBe('The assessment meeting does not exist');
  });

  it('refuses a bad user type and a bad id', async () => {
    expect((await api('POST', '/sys/meeting/list', doctor, { userType: 7 })).status).toBe(400);
    expect((await api('GET', '/sys/meeting/info/abc', doctor)).status).toBe(400);
  });

  it('offers the organization`s staff and patients with an active course for the arrange dialog', async () => {
    const staff = (await api('GET', '/sys/meeting/staff', doctor)).body.data;
    expect(staff.map((u: { id: number }) => u.id)).toEqual(expect.arrayContaining([doctor.userId, therapist.userId]));
    expect(staff.map((u: { id: number }) => u.id)).not.toContain(outsider.userId);
    const found = (await api('POST', '/sys/meeting/patients', doctor, { keyword: patient.name })).body.data;
    expect(found[0]).toMatchObject({ patientId: patient.patientId, treatmentId: patient.treatmentId });
    const none = (await api('POST', '/sys/meeting/patients', other, { keyword: patient.name })).body.data;
    expect(none.map((p: { patientId: number }) => p.patientId)).not.toContain(patient.patientId);
  });

  it('the demo data has a finished meeting with a reviewed report and a coming one', async () => {
    const all = (await api('POST', '/sys/meeting/list', doctor, { userType: 0, limit: 100 })).body.data.list;
    expect(all.some((m: { status: number; reportStatus: number }) => m.status === 2 && m.reportStatus === 3)).toBe(
      true,
    );
  });
});

describe('attendance, presence, report and review', () => {
  it('runs the whole way through', async () => {
    const id = await arrange({ participantIds: [therapist.userId, admin.userId] });
    expect((await api('POST', '/sys/meeting/confirm', therapist, { id })).body.code).toBe(0);
    const leave = await api('POST', '/sys/meeting/leave', admin, { id, reason: '院周会冲突' });
    expect(leave.body.code).toBe(0);
    let info = (await api('GET', `/sys/meeting/info/${id}`, doctor)).body.data;
    expect(info.participants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: therapist.userId, attendance: Attendance.confirmed }),
        expect.objectContaining({ userId: admin.userId, attendance: Attendance.leave, leaveReason: '院周会冲突' }),
      ]),
    );
    expect(info).toMatchObject({ confirmedCount: 1, leaveCount: 1 });
    const presence = await api('POST', '/sys/meeting/presence', doctor, {
      id,
      records: [{ userId: therapist.userId, present: true }],
    });
    expect(presence.body.code).toBe(0);
    const draft = await api('POST', '/sys/meeting/saveReport', doctor, {
      id,
      content: '<p onclick="x()">讨论<script>alert(1)</script><b>结论</b></p>',
    });
    expect(draft.body.code).toBe(0);
    info = (await api('GET', `/sys/meeting/info/${id}`, doctor)).body.data;
    expect(info).toMatchObject({ reportStatus: ReportStatus.draft, reportContent: '<p>讨论<b>结论</b></p>' });
    const submit = await api('POST', '/sys/meeting/submitReport', doctor, { id, content: '<p>最终结论</p>' });
    expect(submit.body.code).toBe(0);
    const review = await api('POST', '/sys/meeting/review', admin, { id, approve: true, opinion: '同意' });
    expect(review.body.code).toBe(0);
    info = (await api('GET', `/sys/meeting/info/${id}`, therapist)).body.data;
    expect(info).toMatchObject({
      status: MeetingStatus.finished,
      reportStatus: ReportStatus.reviewed,
      reviewerId: admin.userId,
      reviewOpinion: '同意',
      reportContent: '<p>最终结论</p>',
    });
    expect(info.auditTime).not.toBeNull();
    expect(info.reportSubmittedAt).not.toBeNull();
    // a finished meeting changes no more
    await refused(409, () => api('POST', '/sys/meeting/saveReport', doctor, { id, content: 'x' }));
    await refused(409, () => api('POST', '/sys/meeting/cancel', doctor, { id }));
  });

  it('attendance refusals: not a participant 403, leave without reason 400, twice 409, other organization 404', async () => {
    const id = await arrange({ participantIds: [therapist.userId] });
    await refused(403, () => api('POST', '/sys/meeting/confirm', admin, { id }));
    await refused(400, () => api('POST', '/sys/meeting/leave', therapist, { id, reason: '' }), 'reason');
    await refused(404, () => api('POST', '/sys/meeting/confirm', other, { id }));
    await refused(404, () => api('POST', '/sys/meeting/leave', other, { id, reason: 'x' }));
    expect((await api('POST', '/sys/meeting/confirm', therapist, { id })).body.code).toBe(0);
    await refused(409, () => api('POST', '/sys/meeting/confirm', therapist, { id }));
  });

  it('presence and report refusals: only the host 403, a stranger 400, pending presence 409, empty 400', async () => {
    const id = await arrange({ participantIds: [therapist.userId] });
    const rec = { id, records: [{ userId: therapist.userId, present: true }] };
    await refused(403, () => api('POST', '/sys/meeting/presence', admin, rec));
    await refused(404, () => api('POST', '/sys/meeting/presence', other, rec));
    await refused(
      400,
      () => api('POST', '/sys/meeting/presence', doctor, { id, records: [{ userId: admin.userId, present: true }] }),
      'records',
    );
    await refused(400, () => api('POST', '/sys/meeting/presence', doctor, { id, records: [] }), 'records');
    await refused(403, () => api('POST', '/sys/meeting/saveReport', therapist, { id, content: 'x' }));
    await refused(404, () => api('POST', '/sys/meeting/saveReport', other, { id, content: 'x' }));
    await refused(409, () => api('POST', '/sys/meeting/submitReport', doctor, { id, content: '<p>text</p>' }));
    expect((await api('POST', '/sys/meeting/presence', doctor, rec)).body.code).toBe(0);
    await refused(
      400,
      () => api('POST', '/sys/meeting/submitReport', doctor, { id, content: '<p> </p><script>x</script>' }),
      'content',
    );
    await refused(409, () => api('POST', '/sys/meeting/review', admin, { id, approve: true }));
    // once held, the meeting can no longer be edited or cancelled
    await refused(409, () => api('POST', '/sys/meeting/cancel', doctor, { id }));
  });

  it('review refusals and returning a report: own report 403, no opinion 400, other organization 404; the host is told', async () => {
    const id = await arrange({ hostId: admin.userId, participantIds: [therapist.userId] });
    // admin hosts; the doctor (a reviewer) reviews
    expect(
      (
        await api('POST', '/sys/meeting/presence', admin, {
          id,
          records: [{ userId: therapist.userId, present: false }],
        })
      ).body.code,
    ).toBe(0);
    expect((await api('POST', '/sys/meeting/submitReport', admin, { id, content: '<p>报告</p>' })).body.code).toBe(0);
    await refused(403, () => api('POST', '/sys/meeting/review', admin, { id, approve: true }));
    await refused(403, () => api('POST', '/sys/meeting/review', therapist, { id, approve: true })); // no permission
    await refused(400, () => api('POST', '/sys/meeting/review', doctor, { id, approve: false }), 'opinion');
    await refused(404, () => api('POST', '/sys/meeting/review', other, { id, approve: true }));
    const since = await lastMessageId();
    expect(
      (await api('POST', '/sys/meeting/review', doctor, { id, approve: false, opinion: '请补充目标' })).body.code,
    ).toBe(0);
    const info = (await api('GET', `/sys/meeting/info/${id}`, admin)).body.data;
    expect(info).toMatchObject({
      reportStatus: ReportStatus.draft,
      status: MeetingStatus.arranged,
      reviewOpinion: '请补充目标',
    });
    expect((await inbox(admin.userId, since))[0]!.titleLang['zh-CN']).toBe('评估会议报告被退回：入院评估讨论');
  });

  it('cancels: the organizer only, participants told; a cancelled meeting takes no answers', async () => {
    const id = await arrange({ participantIds: [therapist.userId] });
    await refused(403, () => api('POST', '/sys/meeting/cancel', therapist, { id }));
    await refused(404, () => api('POST', '/sys/meeting/cancel', other, { id }));
    const since = await lastMessageId();
    expect((await api('POST', '/sys/meeting/cancel', doctor, { id, reason: '患者转院' })).body.code).toBe(0);
    const info = (await api('GET', `/sys/meeting/info/${id}`, doctor)).body.data;
    expect(info).toMatchObject({ status: MeetingStatus.cancelled, cancelReason: '患者转院' });
    expect((await inbox(therapist.userId, since))[0]!.titleLang.en).toBe('Assessment meeting cancelled: 入院评估讨论');
    await refused(409, () => api('POST', '/sys/meeting/confirm', therapist, { id }));
  });
});
