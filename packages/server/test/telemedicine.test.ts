// Remote consultation between related organizations (issue 17): the cross-organization access model (the receiving
// side sees exactly what is attached, read-only, while open plus the retention; every read recorded; nobody else
// learns the request exists), every step and refusal, the accept race, the signed report (append-only, superseded
// by new versions), the receipt, the expiry job and code 1 for an unknown or invisible consultation.
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleId } from '@rehab/shared';
import { createOrganization } from '../src/modules/organizations';
import { switchProductOn } from '../src/modules/organizations';
import { users } from '../src/modules/users/users.tables';
import { organizationRelations } from '../src/modules/organizations/organizations.tables';
import {
  consultationHistory,
  consultationReads,
  consultations,
  signedReports,
} from '../src/modules/telemedicine/telemedicine.tables';
import { remoteExpireJob } from '../src/modules/telemedicine/telemedicine.jobs';
import { strokePng } from '../src/modules/telemedicine/telemedicine.demo';
import { DEMO, startTestServer, type TestServer } from './harness';
import { addMember } from './members';

type Who = { token: string; organizationId: number; officeId?: number; userId: number };

let s: TestServer;
let doctor: Who; // the inviting hospital's doctor (org 1)
let admin: Who; // the hospital's administrator (department head: approvals, settings)
let expert: Who; // the community centre's doctor (org 2)
let expert2: Who; // a second doctor of the centre, same office
let stranger: Who; // a therapist of the centre without the expert permission
let third: Who; // a doctor of a third organization, related to the hospital only
let org1: number;
let org2: number;
let patientId: number;
let material: { kind: string; refId: number }[];
const png = `data:image/png;base64,${strokePng(3).toString('base64')}`;

const api = (who: Who | null, method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who?.token, body, lang });
const userIdOf = async (phone: string) =>
  (await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
const login = async (phone: string, index = 0): Promise<Who> => ({
  ...(await s.loginInto(phone, index)),
  userId: await userIdOf(phone),
});
const statusOf = async (id: number) =>
  (await s.app.db.select({ status: consultations.status }).from(consultations).where(eq(consultations.id, id)))[0]!
    .status;
const readsOf = async (id: number) =>
  s.app.db
    .select()
    .from(consultationReads)
    .where(eq(consultationReads.consultationId, id))
    .orderBy(consultationReads.id);
const total = async () => Number((await s.app.db.select({ n: count() }).from(consultations))[0]!.n);

/** A member of an organization with one role (and office), made in the database. */
const member = (phone: string, organizationId: number, roleId: number, officeId?: number) =>
  addMember(s, phone, organizationId, roleId, officeId);

const request = (over: Record<string, unknown> = {}) => ({
  patientId,
  reason: '偏瘫康复方案',
  question: '下一阶段训练重点？',
  urgency: 2,
  toOrganizationId: org2,
  toOfficeId: expert.officeId,
  proposedAt: new Date(s.clock.now().getTime() + 86_400_000).toISOString(),
  materials: material,
  consentSignature: png,
  feeItem: '普通会诊',
  feeFen: 20000,
  ...over,
});

async function initiate(over: Record<string, unknown> = {}) {
  const res = await api(doctor, 'POST', '/sys/remoteDiagnosis/initiate', request(over));
  expect(res.body).toMatchObject({ code: 0 });
  return res.body.data.id as number;
}

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  doctor = await login(DEMO.doctor);
  admin = await login(DEMO.orgAdmin);
  expert = await login(DEMO.expert);
  org1 = doctor.organizationId;
  org2 = expert.organizationId;
  expect(org2).not.toBe(org1);
  await member('13900000031', org2, RoleId.doctor, expert.officeId);
  expert2 = await login('13900000031');
  stranger = await login(DEMO.therapist2);
  expect(stranger.organizationId).toBe(org2);
  const org3 = await createOrganization(s.app.db, { 'zh-CN': '第三机构', en: 'Third organization' });
  await switchProductOn(s.app.db, org3, 'telemedicine');
  await s.app.db.insert(organizationRelations).values({ organizationId: org1, relatedOrganizationId: org3 });
  await member('13900000032', org3, RoleId.doctor);
  third = await login('13900000032');
  expect(third.organizationId).toBe(org3);

  const patients = await api(doctor, 'GET', '/sys/remoteDiagnosis/patients');
  expect(patients.body.code).toBe(0);
  patientId = patients.body.data[0].id;
  const candidates = await api(doctor, 'GET', `/sys/remoteDiagnosis/materials?patientId=${patientId}`);
  expect(candidates.body.code).toBe(0);
  const kinds = candidates.body.data.map((m: { kind: string }) => m.kind);
  expect(kinds).toContain('patient');
  expect(kinds).toContain('treatment');
  material = candidates.body.data
    .filter((m: { kind: string }) => m.kind !== 'treatment' || true)
    .slice(0, 3)
    .map((m: { kind: string; refId: number }) => ({ kind: m.kind, refId: m.refId }));
}, 180_000);
afterAll(async () => {
  await s?.close();
});

/** Moves the clock on; the sessions ended idle on the way, so everyone signs in again. */
async function advance(ms: number) {
  s.clock.advance(ms);
  for (const who of [doctor, admin, expert, expert2, stranger, third]) {
    const phone = (await s.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, who.userId)))[0]!
      .phone!;
    who.token = (await s.loginInto(phone)).token;
  }
}

describe('making a request', () => {
  it('offers the related organizations with their offices only', async () => {
    const res = await api(doctor, 'GET', '/sys/remoteDiagnosis/organizations', undefined, 'en');
    const ids = res.body.data.map((o: { id: number }) => o.id);
    expect(ids).toContain(org2);
    expect(ids).toContain(third.organizationId);
    expect(ids).not.toContain(org1);
    expect(res.body.data.find((o: { id: number }) => o.id === org2).offices.length).toBeGreaterThan(0);
  });

  it('refuses an unrelated or own organization, a foreign office, a bad signature and foreign materials, writing nothing', async () => {
    const before = await total();
    const own = await api(doctor, 'POST', '/sys/remoteDiagnosis/initiate', request({ toOrganizationId: org1 }), 'en');
    expect(own.body).toMatchObject({ code: 400, field: 'toOrganizationId' });
    // the third organization is related to the hospital only: the centre cannot send to it
    const unrelated = await api(
      expert,
      'POST',
      '/sys/remoteDiagnosis/initiate',
      request({ toOrganizationId: third.organizationId }),
    );
    expect(unrelated.body.code).not.toBe(0);
    const office = await api(doctor, 'POST', '/sys/remoteDiagnosis/initiate', request({ toOfficeId: doctor.officeId }));
    expect(office.body).toMatchObject({ code: 400, field: 'toOfficeId' });
    const sig = await api(
      doctor,
      'POST',
      '/sys/remoteDiagnosis/initiate',
      request({ consentSignature: 'data:image/png;base64,AAAA' }),
      'en',
    );
    expect(sig.body).toMatchObject({ code: 400, field: 'consentSignature' });
    expect(sig.body.msg).toMatch(/PNG/);
    const foreign = await api(
      doctor,
      'POST',
      '/sys/remoteDiagnosis/initiate',
      request({ materials: [{ kind: 'assessment', refId: 999999 }] }),
    );
    expect(foreign.body).toMatchObject({ code: 400, field: 'materials' });
    expect((await api(doctor, 'POST', '/sys/remoteDiagnosis/initiate', request({ reason: ' ' }))).status).toBe(400);
    expect(await total()).toBe(before);
  });
});

describe('who sees a consultation', () => {
  let id: number;
  beforeAll(async () => {
    id = await initiate();
  });

  it('the receiving office sees exactly the attached materials, and every read is recorded', async () => {
    const res = await api(expert, 'GET', `/sys/remoteDiagnosis/info/${id}`);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ side: 'receiver', status: 'submitted' });
    expect(res.body.data.materials.map((m: { kind: string }) => m.kind)).toEqual(material.map((m) => m.kind));
    expect(res.body.data.actions).toEqual(expect.arrayContaining(['receive', 'reject']));
    const reads = await readsOf(id);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ userId: expert.userId, patientId, consultationId: id, what: 'detail' });
    // the sending side's reads are its own record: not counted as cross-organization reads
    expect((await api(doctor, 'GET', `/sys/remoteDiagnosis/info/${id}`)).body.data.side).toBe('sender');
    expect(await readsOf(id)).toHaveLength(1);
    const received = await api(expert, 'GET', '/sys/remoteDiagnosis/records?box=received');
    expect(received.body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    // a list shows the patient's name: listed is read, and recorded as such
    expect((await readsOf(id)).map((r) => r.what)).toEqual(['detail', 'list']);
    const pool = await api(expert, 'GET', '/sys/remoteDiagnosis/takeover');
    expect(pool.body.data.map((r: { id: number }) => r.id)).toContain(id);
    expect((await readsOf(id)).map((r) => r.what)).toEqual(['detail', 'list', 'list']);
  });

  it('a third organization and an unrelated member of the receiving one get code 1 or a refusal on every call', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `/sys/remoteDiagnosis/info/${id}`],
      ['POST', `/sys/remoteDiagnosis/receive/${id}`],
      ['POST', `/sys/remoteDiagnosis/accept/${id}`, { scheduledAt: new Date().toISOString() }],
      ['POST', `/sys/remoteDiagnosis/reject/${id}`, { reason: 'x' }],
      ['POST', `/sys/remoteDiagnosis/start/${id}`],
      ['POST', `/sys/remoteDiagnosis/cancel/${id}`, {}],
      ['POST', `/sys/remoteDiagnosis/submit/${id}`],
      ['POST', `/sys/remoteDiagnosis/approve/${id}`],
      ['POST', `/sys/remoteDiagnosis/recordCameraGroup/${id}/5/1`],
      ['POST', '/sys/reportMedicalRecord/query', { consultationId: id }],
      ['POST', '/sys/reportMedicalRecord/save', { consultationId: id, findings: 'a', opinion: 'b' }],
      ['POST', `/sys/reportMedicalRecord/sign/${id}`, { signature: png }],
      ['POST', `/sys/reportMedicalRecord/revise/${id}`],
      ['POST', `/sys/reportMedicalRecord/countersign/${id}`],
    ];
    for (const who of [third, stranger]) {
      for (const [method, url, body] of calls) {
        const res = await api(who, method as 'GET' | 'POST', url, body, 'en');
        expect(res.body.code, `${url}`).not.toBe(0);
        expect(JSON.stringify(res.body)).not.toContain('偏瘫');
      }
      const list = await api(who, 'GET', '/sys/remoteDiagnosis/records?box=received');
      expect((list.body.data?.list ?? []).map((r: { id: number }) => r.id)).not.toContain(id);
    }
    // the third organization's doctor holds the permissions: it is told the record does not exist
    const info = await api(third, 'GET', `/sys/remoteDiagnosis/info/${id}`, undefined, 'en');
    expect(info.body).toMatchObject({ code: 1, msg: 'Remote consultation record not found' });
    expect(await statusOf(id)).toBe('submitted');
    expect(await readsOf(id)).toHaveLength(3);
  });

  it('an unknown id answers code 1 in the caller’s language', async () => {
    const zh = await api(doctor, 'GET', '/sys/remoteDiagnosis/info/999999');
    expect(zh.status).toBe(200);
    expect(zh.body).toMatchObject({ code: 1, msg: '远程会诊记录不存在' });
    const en = await api(expert, 'POST', '/sys/reportMedicalRecord/query', { consultationId: 999999 }, 'en');
    expect(en.body).toMatchObject({ code: 1, msg: 'Remote consultation record not found' });
    expect((await api(expert, 'POST', '/sys/remoteDiagnosis/receive/999999')).body.code).toBe(1);
  });
});

describe('the steps', () => {
  it('run from request to closed, with the history, the messages and the signed report', async () => {
    const unread = async (who: Who) =>
      (await api(who, 'POST', '/sys/message/countUnreadMessage')).body.data.unReadExecuteMessageNum as number;
    const expertUnread = await unread(expert);
    const doctorUnread = await unread(doctor);
    const id = await initiate();
    // the sending side cannot take the receiving side's steps
    expect((await api(doctor, 'POST', `/sys/remoteDiagnosis/receive/${id}`)).body.code).toBe(409);
    expect((await api(expert, 'POST', `/sys/remoteDiagnosis/receive/${id}`)).body.code).toBe(0);
    expect(await statusOf(id)).toBe('received');
    // not yet taken over: starting or signing is refused
    expect((await api(expert, 'POST', `/sys/remoteDiagnosis/start/${id}`)).body.code).toBe(409);
    const when = new Date(s.clock.now().getTime() + 3_600_000).toISOString();
    expect((await api(expert, 'POST', `/sys/remoteDiagnosis/accept/${id}`, { scheduledAt: when })).body.code).toBe(0);
    // another expert of the office no longer sees it
    expect((await api(expert2, 'GET', `/sys/remoteDiagnosis/info/${id}`)).body.code).toBe(1);
    // the expert's view opens without a current organization (the link of a message, before checkout)
    const bare = { ...expert, token: await s.loginStaff(DEMO.expert) };
    const view = await api(bare, 'GET', `/sys/remoteDiagnosis/info/${id}`);
    expect(view.body.data).toMatchObject({ side: 'receiver', status: 'accepted' });
    expect((await readsOf(id)).at(-1)).toMatchObject({ userId: expert.userId, organizationId: null, what: 'detail' });
    expert.token = (await s.loginInto(DEMO.expert)).token;
    expect((await api(expert, 'POST', `/sys/remoteDiagnosis/start/${id}`)).body.code).toBe(0);
    // no report saved yet: signing is refused
    expect((await api(expert, 'POST', `/sys/reportMedicalRecord/sign/${id}`, { signature: png })).body.code).toBe(409);
    const report = { consultationId: id, findings: '肌力3级', opinion: '继续训练', advice: '每日2次', followUp: '2周' };
    expect((await api(expert, 'POST', '/sys/reportMedicalRecord/save', report)).body.code).toBe(0);
    expect(
      (await api(expert, 'POST', '/sys/reportMedicalRecord/save', { ...report, opinion: '加强训练' })).body.code,
    ).toBe(0);
    expect(await statusOf(id)).toBe('report_draft');
    const badSig = await api(expert, 'POST', `/sys/reportMedicalRecord/sign/${id}`, {
      signature: 'data:image/png;base64,QUJD',
    });
    expect(badSig.body.code).toBe(400);
    expect((await api(expert, 'POST', `/sys/reportMedicalRecord/sign/${id}`, { signature: png })).body.code).toBe(0);
    expect(await statusOf(id)).toBe('signed');

    // a signed report is never edited: the table refuses it
    await expect(
      s.app.db.update(signedReports).set({ opinion: 'x' }).where(eq(signedReports.consultationId, id)),
    ).rejects.toThrow();
    // revised, it is superseded by a new version
    expect((await api(expert, 'POST', `/sys/reportMedicalRecord/revise/${id}`)).body.code).toBe(0);
    expect(
      (await api(expert, 'POST', '/sys/reportMedicalRecord/save', { ...report, opinion: '第二版意见' })).body.code,
    ).toBe(0);
    expect((await api(expert, 'POST', `/sys/reportMedicalRecord/sign/${id}`, { signature: png })).body.code).toBe(0);

    // the inviting doctor sees the report in force and the superseded one
    const seen = await api(doctor, 'POST', '/sys/reportMedicalRecord/query', { consultationId: id });
    expect(
      seen.body.data.versions.map((v: { version: number; superseded: boolean }) => [v.version, v.superseded]),
    ).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(seen.body.data.versions[0]).toMatchObject({ opinion: '第二版意见', signedByName: expect.any(String) });
    expect(seen.body.data.versions[1].opinion).toBe('加强训练');
    expect(seen.body.data.versions[0].signature).toMatch(/^data:image\/png;base64,/);

    // only the inviting side countersigns
    expect((await api(expert, 'POST', `/sys/reportMedicalRecord/countersign/${id}`)).body.code).toBe(409);
    expect((await api(doctor, 'POST', `/sys/reportMedicalRecord/countersign/${id}`)).body.code).toBe(0);
    expect(await statusOf(id)).toBe('closed');
    const after = await api(doctor, 'POST', '/sys/reportMedicalRecord/query', { consultationId: id });
    expect(after.body.data.versions[0].countersignedAt).not.toBeNull();
    expect((await api(doctor, 'POST', `/sys/reportMedicalRecord/countersign/${id}`)).body.code).toBe(409);
    // the fee is on the patient's bill at the inviting organization: no call was held, so one half hour; the
    // receiving side does not see the sender's bill, and the second countersign charged nothing more
    const fee = { quantity: 1, amountFen: 20000, payStatus: 0 };
    expect((await api(doctor, 'GET', `/sys/remoteDiagnosis/info/${id}`)).body.data.feeCharge).toMatchObject(fee);
    expect((await api(expert, 'GET', `/sys/remoteDiagnosis/info/${id}`)).body.data.feeCharge).toBeNull();
    const [consultation] = await s.app.db.select().from(consultations).where(eq(consultations.id, id));
    const bill = await api(doctor, 'POST', '/sys/pay/bill', { patientId: consultation!.patientId });
    const lines = bill.body.data.charges.filter(
      (c: { sourceType: string; sourceId: number }) => c.sourceType === 'consultation' && c.sourceId === id,
    );
    expect(lines).toMatchObject([{ ...fee, unitPriceFen: 20000, category: 7 }]);

    // every version went through the signing service (issue 19): both verify, and a version changed behind the
    // append-only trigger's back (a database administrator in replica mode) shows as modified since signing
    expect(after.body.data.versions.map((v: { signatureState: string }) => v.signatureState)).toEqual([
      'valid',
      'valid',
    ]);
    await s.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(signedReports)
        .set({ opinion: '篡改' })
        .where(and(eq(signedReports.consultationId, id), eq(signedReports.version, 1)));
    });
    const tampered = await api(expert, 'POST', '/sys/reportMedicalRecord/query', { consultationId: id });
    expect(tampered.body.data.versions.map((v: { signatureState: string }) => v.signatureState)).toEqual([
      'valid',
      'modified',
    ]);

    const history = await s.app.db
      .select({ action: consultationHistory.action, to: consultationHistory.toStatus })
      .from(consultationHistory)
      .where(eq(consultationHistory.consultationId, id))
      .orderBy(consultationHistory.id);
    expect(history.map((h) => h.action)).toEqual([
      'initiate',
      'submit',
      'receive',
      'accept',
      'start',
      'saveReport',
      'sign',
      'revise',
      'sign',
      'countersign',
    ]);
    // whoever acts next got a message to act on (the expert on submission, the doctor on signature); nobody about
    // their own steps
    expect(await unread(expert)).toBe(expertUnread + 1);
    expect(await unread(doctor)).toBe(doctorUnread + 2);
    const detail = await api(doctor, 'GET', `/sys/remoteDiagnosis/info/${id}`);
    expect(detail.body.data.history).toHaveLength(10);
    expect(detail.body.data.actions).toEqual([]);
  });

  it('lets the first of two concurrent accepts win; the other is refused with 409', async () => {
    const id = await initiate();
    expect((await api(expert, 'POST', `/sys/remoteDiagnosis/receive/${id}`)).body.code).toBe(0);
    const when = { scheduledAt: new Date(s.clock.now().getTime() + 7_200_000).toISOString() };
    const [a, b] = await Promise.all([
      api(expert, 'POST', `/sys/remoteDiagnosis/accept/${id}`, when, 'en'),
      api(expert2, 'POST', `/sys/remoteDiagnosis/accept/${id}`, when, 'en'),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes[0]).toBe(0);
    expect(codes[1]).not.toBe(0);
    const loser = a.body.code === 0 ? b : a;
    expect([409, 1]).toContain(loser.body.code);
    const [row] = await s.app.db.select().from(consultations).where(eq(consultations.id, id));
    expect(row!.status).toBe('accepted');
    expect([expert.userId, expert2.userId]).toContain(row!.expertId);
    const accepts = await s.app.db
      .select({ n: count() })
      .from(consultationHistory)
      .where(and(eq(consultationHistory.consultationId, id), eq(consultationHistory.action, 'accept')));
    expect(Number(accepts[0]!.n)).toBe(1);
  });

  it('refuses a rejection without a reason; rejected, the receiving side reads it only within the retention', async () => {
    const id = await initiate();
    const noReason = await api(expert, 'POST', `/sys/remoteDiagnosis/reject/${id}`, { reason: '' });
    expect(noReason.status).toBe(400);
    expect((await api(expert, 'POST', `/sys/remoteDiagnosis/reject/${id}`, { reason: '无相关专科' })).body.code).toBe(
      0,
    );
    const detail = await api(doctor, 'GET', `/sys/remoteDiagnosis/info/${id}`);
    expect(detail.body.data).toMatchObject({ status: 'rejected', rejectReason: '无相关专科' });
    expect((await api(doctor, 'POST', `/sys/remoteDiagnosis/cancel/${id}`, {}, 'en')).body).toMatchObject({
      code: 409,
      msg: expect.stringContaining('rejected'),
    });
    expect((await api(expert, 'GET', `/sys/remoteDiagnosis/info/${id}`)).body.code).toBe(0);
    await advance(31 * 86_400_000);
    expect((await api(expert, 'GET', `/sys/remoteDiagnosis/info/${id}`)).body.code).toBe(1);
    expect((await api(doctor, 'GET', `/sys/remoteDiagnosis/info/${id}`)).body.code).toBe(0);
  });

  it('a cancelled request is over for both sides; a draft stays with the sender until submitted', async () => {
    const draft = await initiate({ submit: false });
    expect((await api(expert, 'GET', `/sys/remoteDiagnosis/info/${draft}`)).body.code).toBe(1);
    expect((await api(doctor, 'POST', `/sys/remoteDiagnosis/submit/${draft}`)).body.code).toBe(0);
    expect((await api(doctor, 'POST', `/sys/remoteDiagnosis/submit/${draft}`)).body.code).toBe(409);
    expect((await api(doctor, 'POST', `/sys/remoteDiagnosis/cancel/${draft}`, { reason: '患者出院' })).body.code).toBe(
      0,
    );
    expect(await statusOf(draft)).toBe('cancelled');
    expect((await api(expert, 'POST', `/sys/remoteDiagnosis/receive/${draft}`)).body.code).toBe(409);
  });

  it('with the approval step, the receiving side sees the request only once the department head approved it', async () => {
    const set = { requiresApproval: true, retentionDays: 10, expiryHours: 48 };
    expect((await api(doctor, 'POST', '/sys/remoteDiagnosis/settings', set)).status).toBe(403);
    expect((await api(admin, 'POST', '/sys/remoteDiagnosis/settings', set)).body.code).toBe(0);
    expect((await api(admin, 'GET', '/sys/remoteDiagnosis/settings')).body.data).toEqual(set);
    const id = await initiate();
    expect((await api(expert, 'GET', `/sys/remoteDiagnosis/info/${id}`)).body.code).toBe(1);
    expect((await api(doctor, 'POST', `/sys/remoteDiagnosis/approve/${id}`)).status).toBe(403);
    expect((await api(admin, 'POST', `/sys/remoteDiagnosis/approve/${id}`)).body.code).toBe(0);
    expect((await api(admin, 'POST', `/sys/remoteDiagnosis/approve/${id}`)).body.code).toBe(409);
    expect((await api(expert, 'POST', `/sys/remoteDiagnosis/receive/${id}`)).body.code).toBe(0);
    expect(await statusOf(id)).toBe('received');
    await api(admin, 'POST', '/sys/remoteDiagnosis/settings', {
      requiresApproval: false,
      retentionDays: 30,
      expiryHours: 72,
    });
  });

  it('attaches camera groups by reference, each side its own', async () => {
    const id = await initiate();
    expect((await api(doctor, 'POST', `/sys/remoteDiagnosis/recordCameraGroup/${id}/77/1`)).body.code).toBe(0);
    expect((await api(doctor, 'POST', `/sys/remoteDiagnosis/recordCameraGroup/${id}/78/2`)).body.code).toBe(409);
    const detail = await api(doctor, 'GET', `/sys/remoteDiagnosis/info/${id}`);
    expect(detail.body.data.cameraGroups).toEqual([{ cameraGroupId: 77, type: 1 }]);
  });
});

describe('the report as PDF', () => {
  const pdf = async (who: Who, id: number, lang?: string) => {
    const headers: Record<string, string> = { token: who.token };
    if (lang) headers.language = lang;
    const res = await fetch(`${s.base}/api/sys/reportMedicalRecord/pdf/${id}`, { headers });
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = (res.headers.get('content-type') ?? '').startsWith('application/json');
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition') ?? '',
      bytes,
      body: json ? JSON.parse(bytes.toString()) : null,
    };
  };
  const nameOf = (disposition: string) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '');

  it('prints the report in force for both sides, the unsigned draft marked so, each read recorded', async () => {
    const id = await initiate();
    expect((await api(expert, 'POST', `/sys/remoteDiagnosis/receive/${id}`)).body.code).toBe(0);
    const when = new Date(s.clock.now().getTime() + 3_600_000).toISOString();
    expect((await api(expert, 'POST', `/sys/remoteDiagnosis/accept/${id}`, { scheduledAt: when })).body.code).toBe(0);
    // nothing written yet: nothing to print
    const none = await pdf(doctor, id, 'en');
    expect(none.body).toMatchObject({ code: 409, msg: 'This consultation has no report yet' });
    const report = { consultationId: id, findings: '肌力3级', opinion: '继续训练', advice: '每日2次', followUp: '2周' };
    expect((await api(expert, 'POST', '/sys/reportMedicalRecord/save', report)).body.code).toBe(0);
    // the draft, not yet signed: printed, and named a draft
    const draft = await pdf(doctor, id);
    expect(draft.status).toBe(200);
    expect(draft.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(nameOf(draft.disposition)).toBe(`会诊报告-${id}-draft.pdf`);
    expect((await api(expert, 'POST', `/sys/reportMedicalRecord/sign/${id}`, { signature: png })).body.code).toBe(0);

    const readsBefore = (await readsOf(id)).length;
    // the inviting side (Chinese) and the expert (English): the signed version 1
    for (const [who, lang, name] of [
      [doctor, 'zh-CN', `会诊报告-${id}-v1.pdf`],
      [expert, 'en', `consultation-report-${id}-v1.pdf`],
    ] as const) {
      const res = await pdf(who, id, lang);
      expect(res.status).toBe(200);
      expect(res.type).toBe('application/pdf');
      expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.disposition).toContain(`filename="consultation-report-${id}-v1.pdf"`);
      expect(nameOf(res.disposition)).toBe(name);
    }
    // the expert's read is a cross-organization read, recorded like the query's; the doctor's is in the sender's
    // own access log with the patient
    const reads = (await readsOf(id)).slice(readsBefore);
    expect(reads).toMatchObject([{ userId: expert.userId, what: 'reportPdf', patientId }]);
    const logged = await s.accessRows((r) => r.subject === `consultation report ${id}` && r.userId === doctor.userId);
    expect(logged[0]).toMatchObject({ kind: 'report', patientId, organizationId: org1 });

    // a revision: the new version is printed once signed, never the superseded one
    expect((await api(expert, 'POST', `/sys/reportMedicalRecord/revise/${id}`)).body.code).toBe(0);
    // while the revision is being written, version 1 stays in force
    expect(nameOf((await pdf(doctor, id)).disposition)).toBe(`会诊报告-${id}-v1.pdf`);
    expect(
      (await api(expert, 'POST', '/sys/reportMedicalRecord/save', { ...report, opinion: '第二版意见' })).body.code,
    ).toBe(0);
    expect((await api(expert, 'POST', `/sys/reportMedicalRecord/sign/${id}`, { signature: png })).body.code).toBe(0);
    expect((await api(doctor, 'POST', `/sys/reportMedicalRecord/countersign/${id}`)).body.code).toBe(0);
    const closed = await pdf(doctor, id);
    expect(closed.status).toBe(200);
    expect(nameOf(closed.disposition)).toBe(`会诊报告-${id}-v2.pdf`);
  });

  it('answers code 1 for an unknown id and for anyone who may not read the report, recording nothing', async () => {
    const id = await initiate();
    expect((await api(expert, 'POST', `/sys/remoteDiagnosis/receive/${id}`)).body.code).toBe(0);
    const when = new Date(s.clock.now().getTime() + 3_600_000).toISOString();
    expect((await api(expert, 'POST', `/sys/remoteDiagnosis/accept/${id}`, { scheduledAt: when })).body.code).toBe(0);
    const report = { consultationId: id, findings: '所见', opinion: '意见' };
    expect((await api(expert, 'POST', '/sys/reportMedicalRecord/save', report)).body.code).toBe(0);
    expect((await api(expert, 'POST', `/sys/reportMedicalRecord/sign/${id}`, { signature: png })).body.code).toBe(0);
    const query = await api(expert, 'POST', '/sys/reportMedicalRecord/query', { consultationId: 999999 }, 'en');
    const unknown = await pdf(expert, 999999, 'en');
    expect(unknown.status).toBe(query.status);
    expect(unknown.body).toEqual(query.body);
    expect(unknown.body).toMatchObject({ code: 1, msg: 'Remote consultation record not found' });
    const reads = (await readsOf(id)).length;
    // a third organization's doctor, the centre's therapist and, once the expert took it over, the other expert of
    // the office: told exactly what an unknown id tells
    for (const who of [third, stranger, expert2]) {
      const res = await pdf(who, id, 'en');
      expect(res.body, `${who.userId}`).toEqual(unknown.body);
    }
    expect(await readsOf(id)).toHaveLength(reads);
  });
});

describe('the expiry job', () => {
  it('expires unanswered requests after their deadline and ends abandoned sessions', async () => {
    const waiting = await initiate();
    const taken = await initiate();
    await api(expert, 'POST', `/sys/remoteDiagnosis/receive/${taken}`);
    const when = new Date(s.clock.now().getTime() + 3_600_000).toISOString();
    expect((await api(expert, 'POST', `/sys/remoteDiagnosis/accept/${taken}`, { scheduledAt: when })).body.code).toBe(
      0,
    );
    // before the deadline nothing happens
    await remoteExpireJob.run({ app: s.app, params: {}, now: s.clock.now() });
    expect(await statusOf(waiting)).toBe('submitted');
    await advance(73 * 3_600_000);
    const result = await remoteExpireJob.run({ app: s.app, params: {}, now: s.clock.now() });
    expect(result).toMatchObject({ expired: expect.any(Number) });
    expect(await statusOf(waiting)).toBe('expired');
    expect(await statusOf(taken)).toBe('expired');
    const [h] = await s.app.db
      .select()
      .from(consultationHistory)
      .where(and(eq(consultationHistory.consultationId, waiting), eq(consultationHistory.action, 'expire')));
    expect(h).toMatchObject({ fromStatus: 'submitted', toStatus: 'expired', actorId: null });
  });
});
