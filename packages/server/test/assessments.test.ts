// Assessment projects over HTTP (issue 6): every call's success and its refusals — 400 naming the field or item with
// nothing written, 403 without evaluation authority, 404 for another organization's ids, 409 for final states — the
// server's own scoring of a submission, the PDF report, attachments, the patient report, FHIR and the home card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { getScale, scoreScale } from '@rehab/shared';
import { assessmentMethods, users } from '../src/db/schema';
import { assessAttachments, assessProjects, assessRecords } from '../src/modules/assessments/assessments.tables';
import { treatments } from '../src/modules/patients/patients.tables';
import { answersAt } from '../src/modules/assessments/assessments.demo';
import { signatureLine } from '../src/modules/assessments/assessment-report';
import { DEMO, startTestServer, type TestServer } from './harness';

let s: TestServer;
type Who = { token: string; organizationId: number; userId: number };
let therapist: Who;
let doctor: Who;
let admin: Who;
let other: Who;
let course: { id: number; patientId: number };
let otherCourse: { id: number };
let methods: Record<string, number>;
let otherBbs: number;

const api = (method: string, url: string, who: Who, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who.token, body, lang });
const post = (url: string, who: Who, body?: unknown, lang?: string) =>
  api('POST', `/sys/assess/${url}`, who, body, lang);
const soon = () => new Date(Date.now() + 3_600_000).toISOString();
const projectCount = async () => Number((await s.app.db.select({ n: count() }).from(assessProjects))[0]!.n);
const recordCount = async () => Number((await s.app.db.select({ n: count() }).from(assessRecords))[0]!.n);

async function who(account: string, index = 0): Promise<Who> {
  const w = await s.loginInto(account, index);
  const [u] = await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, account));
  return { token: w.token, organizationId: w.organizationId, userId: u!.id };
}

/** A fresh project of the demo course, assessed by the therapist. */
async function newProject(code = 'bbs', phase = 2): Promise<number> {
  const res = await post('save', doctor, {
    treatmentId: course.id,
    phase,
    methodIds: [methods[code]],
    assessorId: therapist.userId,
    plannedTime: soon(),
    reportName: `测试 ${code}`,
  });
  expect(res.body).toMatchObject({ code: 0 });
  return res.body.data.ids[0];
}

beforeAll(async () => {
  s = await startTestServer();
  therapist = await who(DEMO.therapist);
  doctor = await who(DEMO.doctor);
  admin = await who(DEMO.orgAdmin);
  other = await who(DEMO.therapist2);
  const [c] = await s.app.db
    .select({ id: treatments.id, patientId: treatments.patientId })
    .from(treatments)
    .where(and(eq(treatments.organizationId, therapist.organizationId), eq(treatments.status, 1)))
    .limit(1);
  course = c!;
  const [oc] = await s.app.db
    .select({ id: treatments.id })
    .from(treatments)
    .where(and(eq(treatments.organizationId, other.organizationId), eq(treatments.status, 1)))
    .limit(1);
  otherCourse = oc!;
  const ms = await s.app.db
    .select()
    .from(assessmentMethods)
    .where(eq(assessmentMethods.organizationId, therapist.organizationId));
  methods = Object.fromEntries(ms.map((m) => [m.scaleCode, m.id]));
  const [ob] = await s.app.db
    .select()
    .from(assessmentMethods)
    .where(and(eq(assessmentMethods.organizationId, other.organizationId), eq(assessmentMethods.scaleCode, 'bbs')));
  otherBbs = ob!.id;
  expect(therapist.organizationId).not.toBe(other.organizationId);
});
afterAll(async () => {
  await s?.close();
});

describe('planning assessment projects', () => {
  it('creates one project per method for a course, with the assessor and time', async () => {
    const res = await post('save', doctor, {
      treatmentId: course.id,
      phase: 2,
      methodIds: [methods.bbs, methods.barthel],
      assessorId: therapist.userId,
      plannedTime: soon(),
      reportName: '入院评估',
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.ids).toHaveLength(2);
    const info = await api('GET', `/sys/assess/info/${res.body.data.ids[0]}`, therapist);
    expect(info.body.data).toMatchObject({
      scaleCode: 'bbs',
      phase: 2,
      status: 1,
      assessorId: therapist.userId,
      reportName: '入院评估 · BBS',
      record: null,
      can: { evaluate: true },
    });
  });

  it('refuses missing or bad fields, past times, assessors without authority and methods of another phase; writes nothing', async () => {
    const before = await projectCount();
    const base = {
      treatmentId: course.id,
      phase: 2,
      methodIds: [methods.bbs],
      assessorId: therapist.userId,
      plannedTime: soon(),
      reportName: 'x',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ methodIds: [] }, 'methodIds'],
      [{ methodIds: undefined }, 'methodIds'],
      [{ assessorId: undefined }, 'assessorId'],
      [{ reportName: '  ' }, 'reportName'],
      [{ plannedTime: '' }, 'plannedTime'],
      [{ plannedTime: 'tomorrow' }, 'plannedTime'],
      [{ phase: 7 }, 'phase'],
      [{ methodIds: [methods.bbs, methods.bbs] }, 'methodIds'],
    ];
    for (const [change, field] of cases) {
      const res = await post('save', doctor, { ...base, ...change });
      expect(res.body, JSON.stringify(change)).toMatchObject({ code: 400, field });
    }
    const past = await post('save', doctor, { ...base, plannedTime: '2020-01-01 08:00:00' }, 'en');
    expect(past.body).toMatchObject({ code: 400, field: 'plannedTime' });
    expect(past.body.msg).toBe('The assessment time cannot be earlier than now');
    const noAuthority = await post('save', doctor, { ...base, assessorId: admin.userId }, 'en');
    expect(noAuthority.body).toMatchObject({ code: 400, field: 'assessorId' });
    expect(noAuthority.body.msg).toMatch(/evaluation authority/);
    const wrongPhase = await post('save', doctor, { ...base, phase: 3, methodIds: [methods.nihss] }, 'en');
    expect(wrongPhase.body).toMatchObject({ code: 400, field: 'methodIds.0' });
    const disabled = await post('save', doctor, { ...base, methodIds: [methods.moca] });
    expect(disabled.body).toMatchObject({ code: 400, field: 'methodIds.0' });
    const otherMethod = await post('save', doctor, { ...base, methodIds: [otherBbs] });
    expect(otherMethod.body).toMatchObject({ code: 400, field: 'methodIds.0' });
    const otherAssessor = await post('save', doctor, { ...base, assessorId: other.userId });
    expect(otherAssessor.body).toMatchObject({ code: 400, field: 'assessorId' });
    expect((await post('save', doctor, { ...base, treatmentId: otherCourse.id })).status).toBe(404);
    expect(await projectCount()).toBe(before);
  });

  it('lists all, mine and authorized with filters and paging; another organization sees none of them', async () => {
    const id = await newProject('barthel', 3);
    const all = await post('list', doctor, { type: 'all', page: 1, limit: 5 });
    expect(all.body.data).toMatchObject({ pageSize: 5, currPage: 1 });
    expect(all.body.data.totalCount).toBeGreaterThan(5);
    expect(all.body.data.list).toHaveLength(5);
    const mine = await post('list', therapist, { type: 'mine', limit: 100 });
    expect(mine.body.data.list.every((r: { assessorId: number }) => r.assessorId === therapist.userId)).toBe(true);
    expect(mine.body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    const doctorsOwn = await post('list', doctor, { type: 'mine' });
    expect(doctorsOwn.body.data.totalCount).toBe(0);
    const phase3 = await post('list', doctor, { phase: 3, treatmentId: course.id, limit: 100 });
    expect(phase3.body.data.list.every((r: { phase: number }) => r.phase === 3)).toBe(true);
    expect(phase3.body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    const open = await post('list', doctor, { unfinished: true, limit: 100 });
    expect(open.body.data.list.every((r: { status: number }) => r.status <= 2)).toBe(true);
    const byName = await post('list', doctor, { keyword: all.body.data.list[0].patientName, limit: 100 });
    expect(byName.body.data.totalCount).toBeGreaterThan(0);
    expect((await post('list', doctor, { type: 'everything' })).body).toMatchObject({ code: 400, field: 'type' });
    expect((await post('list', doctor, { status: 9 })).body).toMatchObject({ code: 400, field: 'status' });
    const theirs = await post('list', other, { limit: 1000 });
    expect(theirs.body.data.list.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await api('GET', `/sys/assess/info/${id}`, other)).status).toBe(404);
    expect((await api('GET', `/sys/assess/info/99999999`, doctor)).status).toBe(404);
  });

  it('answers the course of the patient assessment screen; another organization’s course is 404', async () => {
    const res = await api('GET', `/sys/assess/course/${course.id}`, doctor);
    expect(res.body.data).toMatchObject({ treatmentId: course.id, patientId: course.patientId, status: 1 });
    expect((await api('GET', `/sys/assess/course/${otherCourse.id}`, doctor)).status).toBe(404);
  });

  it('refuses to delete a method assessments use (409; disable it instead)', async () => {
    const res = await s.api('POST', `/api/sys/method/delete/${methods.bbs}`, { token: admin.token, lang: 'en' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/disable it/);
  });

  it('answers the evaluators of the organization: those with evaluation authority', async () => {
    const res = await api('GET', '/sys/assess/evaluators', doctor);
    const ids = res.body.data.map((u: { id: number }) => u.id);
    expect(ids).toContain(therapist.userId);
    expect(ids).toContain(doctor.userId);
    expect(ids).not.toContain(admin.userId);
  });
});

describe('filling in an assessment', () => {
  it('refuses an account without evaluation authority and one that is not the evaluator', async () => {
    const id = await newProject();
    const before = await recordCount();
    const denied = await post('storeTemporarily', admin, { id, answers: { sit_to_stand: 4 } }, 'en');
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('This account does not have evaluation authority!');
    const zh = await post('submit', admin, { id, answers: {} });
    expect(zh.body.msg).toBe('该账号没有评估权限！');
    const notTheirs = await post('storeTemporarily', doctor, { id, answers: {} });
    expect(notTheirs.status).toBe(403);
    expect((await post('storeTemporarily', other, { id, answers: {} })).status).toBe(404);
    expect(await recordCount()).toBe(before);
  });

  it('stores a draft, resumes it, refuses unknown items and bad values by name, then submits with the server’s score', async () => {
    const id = await newProject();
    const def = getScale('bbs')!;
    const [first, second] = def.items;
    const draft = await post('storeTemporarily', therapist, { id, answers: { [first!.key]: 3, [second!.key]: null } });
    expect(draft.body).toMatchObject({ code: 0, data: { status: 2 } });
    const resumed = await api('GET', `/sys/assess/info/${id}`, therapist);
    expect(resumed.body.data).toMatchObject({ status: 2, record: { state: 'draft', answers: { [first!.key]: 3 } } });

    const before = JSON.stringify(
      (await s.app.db.select().from(assessRecords).where(eq(assessRecords.projectId, id)))[0]!.answers,
    );
    const unknown = await post('storeTemporarily', therapist, { id, answers: { nope: 1 } }, 'en');
    expect(unknown.body).toMatchObject({ code: 400, field: 'answers.nope' });
    expect(unknown.body.msg).toMatch(/nope/);
    const outOfRange = await post('storeTemporarily', therapist, { id, answers: { [first!.key]: 9 } }, 'en');
    expect(outOfRange.body).toMatchObject({ code: 400, field: `answers.${first!.key}` });
    expect(outOfRange.body.msg).toContain(first!.label.en);
    const missing = await post('submit', therapist, { id, answers: { [first!.key]: 3 } }, 'en');
    expect(missing.body).toMatchObject({ code: 400, field: `answers.${second!.key}` });
    expect(missing.body.msg).toContain(second!.label.en);
    const after = JSON.stringify(
      (await s.app.db.select().from(assessRecords).where(eq(assessRecords.projectId, id)))[0]!.answers,
    );
    expect(after).toBe(before);
    expect((await api('GET', `/sys/assess/info/${id}`, therapist)).body.data.status).toBe(2);

    const answers = answersAt(def, 0.75);
    const expected = scoreScale(def, answers);
    // the client's total and band are not read
    const done = await post('submit', therapist, { id, answers, total: 56, band: 'x' });
    expect(done.body).toMatchObject({ code: 0, data: { status: 3, total: expected.total } });
    expect(done.body.data.band.labelEn).toBe(expected.band!.labelEn);
    const view = await api('GET', `/sys/assess/info/${id}`, therapist);
    expect(view.body.data).toMatchObject({
      status: 3,
      total: expected.total,
      record: { state: 'submitted', submittedById: therapist.userId },
      can: { evaluate: false, end: false },
    });
    expect((await post('submit', therapist, { id, answers })).status).toBe(409);
    expect((await post('storeTemporarily', therapist, { id, answers })).status).toBe(409);
  });
});

describe('the time of the assessment and the signature line (issue 21)', () => {
  it('takes the time the assessment was done: default now, earlier allowed, never in the future nor before the course', async () => {
    const def = getScale('bbs')!;
    const answers = answersAt(def, 1);
    const [{ registerTime }] = await s.app.db
      .select({ registerTime: treatments.registerTime })
      .from(treatments)
      .where(eq(treatments.id, course.id));
    const registered = new Date(Date.now() - 2 * 86_400_000);
    await s.app.db.update(treatments).set({ registerTime: registered }).where(eq(treatments.id, course.id));
    try {
      const id = await newProject();
      const future = await post(
        'submit',
        therapist,
        { id, answers, assessedAt: new Date(Date.now() + 3_600_000).toISOString() },
        'en',
      );
      expect(future.body).toMatchObject({ code: 400, field: 'assessedAt' });
      expect(future.body.msg).toMatch(/later than now/);
      const before = await post('submit', therapist, {
        id,
        answers,
        assessedAt: new Date(registered.getTime() - 60_000).toISOString(),
      });
      expect(before.body).toMatchObject({ code: 400, field: 'assessedAt' });
      expect(before.body.msg).toContain('疗程登记时间');
      expect((await post('submit', therapist, { id, answers, assessedAt: 'yesterday' })).body).toMatchObject({
        code: 400,
        field: 'assessedAt',
      });
      // refused submissions write nothing
      expect((await api('GET', `/sys/assess/info/${id}`, therapist)).body.data).toMatchObject({
        status: 1,
        record: null,
      });

      // an assessment done this morning, entered now: China time as the picker sends it
      const earlier = new Date(Date.now() - 3 * 3_600_000);
      const local = new Date(earlier.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
      expect((await post('submit', therapist, { id, answers, assessedAt: local })).body.code).toBe(0);
      const record = (await api('GET', `/sys/assess/info/${id}`, therapist)).body.data.record;
      expect(Math.abs(new Date(record.assessedAt).getTime() - earlier.getTime())).toBeLessThan(60_000);
      expect(new Date(record.assessedAt).getTime()).toBeLessThan(new Date(record.submittedAt).getTime());

      // without a time: now
      const other2 = await newProject();
      expect((await post('submit', therapist, { id: other2, answers })).body.code).toBe(0);
      const now = (await api('GET', `/sys/assess/info/${other2}`, therapist)).body.data.record;
      expect(now.assessedAt).toBe(now.submittedAt);
    } finally {
      await s.app.db.update(treatments).set({ registerTime }).where(eq(treatments.id, course.id));
    }
  });

  it('the report signature line names the assessor and the time, and shows the electronic signature when there is one', async () => {
    const id = await newProject();
    await post('submit', therapist, { id, answers: answersAt(getScale('bbs')!, 1) });
    const info = (await api('GET', `/sys/assess/info/${id}`, therapist)).body.data;
    const unsigned = signatureLine(info, null, 'en');
    expect(unsigned).toMatchObject({ signed: null, name: info.record.submittedByName });
    expect(unsigned.assessedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\+8\)$/);
    const signature = {
      id: 1,
      state: 'valid' as const,
      method: 'ca' as const,
      signerName: '王治疗',
      certSerial: 'AB12',
      signedAt: '2026-03-02T02:30:00.000Z',
      hash: 'x',
      superseded: 0,
    };
    expect(signatureLine(info, signature, 'zh-CN').signed).toBe(
      '已CA电子签名：王治疗，2026-03-02 10:30 (UTC+8)（证书 AB12）',
    );
    expect(signatureLine(info, { ...signature, state: 'modified' }, 'en').signed).toMatch(/no longer holds/);
    const pdf = await fetch(`${s.base}/api/sys/assess/report/${id}`, { headers: { token: therapist.token } });
    expect(pdf.status).toBe(200);
  });
});

describe('end, cancel and authorize', () => {
  it('ends and cancels open projects once; cancelled ones leave the default list', async () => {
    const a = await newProject();
    const b = await newProject();
    expect((await post('end', doctor, { id: a })).body.code).toBe(0);
    expect((await post('cancel', doctor, { id: b })).body.code).toBe(0);
    const endAgain = await post('end', doctor, { id: a }, 'en');
    expect(endAgain.status).toBe(409);
    expect(endAgain.body.msg).toMatch(/ended/);
    expect((await post('cancel', doctor, { id: b })).status).toBe(409);
    expect((await post('cancel', doctor, { id: a })).status).toBe(409);
    expect((await post('storeTemporarily', therapist, { id: a, answers: {} })).status).toBe(409);
    const list = await post('list', doctor, { treatmentId: course.id, limit: 1000 });
    const ids = list.body.data.list.map((r: { id: number }) => r.id);
    expect(ids).toContain(a);
    expect(ids).not.toContain(b);
    const cancelled = await post('list', doctor, { treatmentId: course.id, status: 5, limit: 1000 });
    expect(cancelled.body.data.list.map((r: { id: number }) => r.id)).toContain(b);
    expect((await post('end', other, { id: a })).status).toBe(404);
    expect((await post('end', doctor, {})).body).toMatchObject({ code: 400, field: 'id' });
  });

  it('authorizes to another evaluator, who may then fill it in; refuses the assessor and accounts without authority', async () => {
    const id = await newProject();
    const self = await post('authorize', doctor, { id, evaluatorId: therapist.userId });
    expect(self.body).toMatchObject({ code: 400, field: 'evaluatorId' });
    const noAuthority = await post('authorize', doctor, { id, evaluatorId: admin.userId });
    expect(noAuthority.body).toMatchObject({ code: 400, field: 'evaluatorId' });
    expect((await post('authorize', other, { id, evaluatorId: other.userId })).status).toBe(404);
    expect((await api('GET', `/sys/assess/info/${id}`, doctor)).body.data.authorizedId).toBeNull();
    expect((await post('authorize', therapist, { id, evaluatorId: doctor.userId })).body.code).toBe(0);
    const info = await api('GET', `/sys/assess/info/${id}`, doctor);
    expect(info.body.data).toMatchObject({ authorizedId: doctor.userId, can: { evaluate: true } });
    const authorized = await post('list', doctor, { type: 'authorized' });
    expect(authorized.body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    expect((await post('storeTemporarily', doctor, { id, answers: {} })).body.code).toBe(0);
  });
});

describe('reports, attachments, FHIR and the home card', () => {
  let submitted: number;
  let draft: number;
  beforeAll(async () => {
    submitted = await newProject();
    await post('submit', therapist, { id: submitted, answers: answersAt(getScale('bbs')!, 1) });
    draft = await newProject();
  });

  it('answers the PDF report of a submitted assessment only', async () => {
    const res = await fetch(`${s.base}/api/sys/assess/report/${submitted}`, { headers: { token: therapist.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api('GET', `/sys/assess/report/${draft}`, therapist)).status).toBe(409);
    expect((await api('GET', `/sys/assess/report/${submitted}`, other)).status).toBe(404);
  });

  const upload = (id: number, who: Who, name: string, data: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), name);
    return fetch(`${s.base}/api/sys/assess/attachment/upload/${id}`, {
      method: 'POST',
      headers: { token: who.token, language: 'en' },
      body: form,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, any> }));
  };
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  it('uploads report attachments of one format checked by content, downloads and deletes them', async () => {
    const first = await upload(submitted, doctor, '报告.pdf', pdf);
    expect(first.body).toMatchObject({ code: 0, data: { name: '报告.pdf', size: pdf.length } });
    const before = Number((await s.app.db.select({ n: count() }).from(assessAttachments))[0]!.n);
    const otherFormat = await upload(submitted, doctor, 'photo.png', png);
    expect(otherFormat.body).toMatchObject({ code: 400, field: 'file' });
    expect(otherFormat.body.msg).toMatch(/one format/);
    expect((await upload(submitted, doctor, 'fake.pdf', Buffer.from('not a pdf'))).body.code).toBe(400);
    expect((await upload(submitted, doctor, 'notes.txt', Buffer.from('text'))).body.code).toBe(400);
    expect((await upload(submitted, other, 'x.pdf', pdf)).status).toBe(404);
    expect(Number((await s.app.db.select({ n: count() }).from(assessAttachments))[0]!.n)).toBe(before);
    const second = await upload(submitted, doctor, 'page2.pdf', pdf);
    expect(second.body.code).toBe(0);

    const info = await api('GET', `/sys/assess/info/${submitted}`, therapist);
    expect(info.body.data.attachments).toHaveLength(2);
    const file = await fetch(`${s.base}/api/sys/assess/attachment/${first.body.data.id}`, {
      headers: { token: therapist.token },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(encodeURIComponent('报告.pdf'));
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await api('GET', `/sys/assess/attachment/${first.body.data.id}`, other)).status).toBe(404);
    expect((await post(`attachment/delete/${first.body.data.id}`, other)).status).toBe(404);
    expect((await post(`attachment/delete/${first.body.data.id}`, doctor)).body.code).toBe(0);
    expect((await api('GET', `/sys/assess/info/${submitted}`, therapist)).body.data.attachments).toHaveLength(1);
  });

  it('answers a patient’s totals per scale across phases', async () => {
    const res = await api('GET', `/sys/assess/patientReport/${course.patientId}`, doctor);
    const bbs = res.body.data.scales.find((x: { scaleCode: string }) => x.scaleCode === 'bbs');
    expect(bbs.totalRange).toEqual({ min: 0, max: 56 });
    expect(bbs.points.map((p: { projectId: number }) => p.projectId)).toContain(submitted);
    expect(bbs.points.find((p: { projectId: number }) => p.projectId === submitted).total).toBe(56);
    expect((await api('GET', `/sys/assess/patientReport/${course.patientId}`, other)).status).toBe(404);
  });

  it('serves a submitted assessment as a FHIR R4 QuestionnaireResponse', async () => {
    const res = await fetch(`${s.base}/api/fhir/QuestionnaireResponse/${submitted}`, {
      headers: { token: therapist.token, language: 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/fhir+json');
    const r = (await res.json()) as Record<string, any>;
    expect(r).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      id: String(submitted),
      status: 'completed',
      subject: { reference: `Patient/${course.patientId}` },
      author: { reference: `Practitioner/${therapist.userId}` },
    });
    expect(r.questionnaire).toBe(`${s.base}/api/fhir/Questionnaire/bbs`);
    expect(r.item).toHaveLength(14);
    expect(r.item[0].answer[0].valueCoding).toMatchObject({ code: '4' });
    expect(r.extension).toContainEqual({ url: 'urn:rehab:assessment:total', valueDecimal: 56 });
    expect((await api('GET', `/fhir/QuestionnaireResponse/${draft}`, therapist)).status).toBe(409);
    expect((await api('GET', `/fhir/QuestionnaireResponse/${submitted}`, other)).status).toBe(404);
  });

  it('counts the user’s unfinished assessments on the home card', async () => {
    const home = () => api('GET', `/sys/index/info/${therapist.organizationId}/0`, therapist);
    const before = (await home()).body.data.asCount;
    expect(before).toBeGreaterThan(0);
    const id = await newProject();
    expect((await home()).body.data.asCount).toBe(before + 1);
    await post('cancel', doctor, { id });
    expect((await home()).body.data.asCount).toBe(before);
  });
});

describe('authorized auto-sign (issue 19)', () => {
  it('signs a report as it is submitted inside the window, and no longer once it is revoked', async () => {
    const autoSign = (who: Who, action?: 'grant' | 'revoke', lang?: string) =>
      action
        ? s.api('POST', `/api/sys/signature/autoSign/${action}`, { token: who.token, lang })
        : s.api('GET', '/api/sys/signature/autoSign', { token: who.token, lang });
    const signatureState = async (id: number) =>
      (await api('GET', `/sys/assess/signature/${id}`, therapist)).body.data.signature?.state ?? null;
    const submitNew = async () => {
      const id = await newProject();
      const done = await post('submit', therapist, { id, answers: answersAt(getScale('bbs')!, 0.5) });
      expect(done.body.code, JSON.stringify(done.body)).toBe(0);
      return id;
    };
    // CA off: nothing to authorize
    expect((await autoSign(therapist, 'grant', 'en')).body.msg).toBe(
      'The current institution has not activated the CA function',
    );
    const soft = await s.api('POST', '/api/sys/organizationConfig/listSoftProduct', { token: admin.token, body: {} });
    const products = soft.body.data.products.filter((p: any) => p.enabled).map((p: any) => p.code);
    const on = await s.api('POST', '/api/sys/organizationConfig/save', {
      token: admin.token,
      body: { organizationId: admin.organizationId, caIntegration: 1, products },
    });
    expect(on.body.code).toBe(0);
    const provider = (autoSignHours: number) =>
      s.api('POST', '/api/sys/signature/provider/save', {
        token: admin.token,
        body: { vendor: 'test', signTypes: ['ukey'], appSecret: 'x', autoSignHours },
      });
    expect((await provider(0)).body.code).toBe(0);
    // 0 hours: the organization allows none
    const off = await autoSign(therapist, 'grant', 'en');
    expect(off.status).toBe(400);
    expect(off.body.msg).toMatch(/does not allow authorized auto-sign/);
    expect((await provider(2)).body.code).toBe(0);
    expect((await autoSign(therapist)).body.data).toEqual({
      caIntegration: true,
      hours: 2,
      canGrant: false,
      activeUntil: null,
    });
    expect((await autoSign(therapist, 'grant', 'en')).body.msg).toMatch(/no valid CA certificate/);
    const bind = await s.api('POST', '/api/sys/signature/cert/bind', {
      token: admin.token,
      body: { userId: therapist.userId },
    });
    expect(bind.body.code).toBe(0);
    // without a window a submitted report waits for its signature
    expect(await signatureState(await submitNew())).toBeNull();
    const granted = await autoSign(therapist, 'grant');
    expect(granted.body.code, JSON.stringify(granted.body)).toBe(0);
    const until = new Date(granted.body.data.activeUntil).getTime();
    expect(until - s.clock.now().getTime()).toBeGreaterThan(2 * 3_600_000 - 60_000);
    expect(until - s.clock.now().getTime()).toBeLessThanOrEqual(2 * 3_600_000);
    expect(await signatureState(await submitNew())).toBe('valid');
    // revoked: the next report waits again
    expect((await autoSign(therapist, 'revoke')).body.data.activeUntil).toBeNull();
    expect(await signatureState(await submitNew())).toBeNull();
  });
});
