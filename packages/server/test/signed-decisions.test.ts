// Refund decisions and meeting reports signed through the one signing service (issue 19): with CA on, a decision is
// signed with the decider's certificate as it is made and a submitted meeting report with the host's, or refused
// without a certificate (nothing written); "not signing temporarily" (signLater) goes through unsigned, to be signed
// later by the decider or host only; each view verifies the signature (valid, then modified once the record changes
// behind it); with CA off nothing is signed and nothing is refused.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billRefundRequests } from '../src/modules/billing/billing.tables';
import { meetings } from '../src/modules/meetings/meetings.tables';
import { signatures } from '../src/modules/signatures/signatures.tables';
import { users } from '../src/modules/users/users.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

type Who = { token: string; organizationId: number; userId: number };

let s: TestServer;
let admin: Who;
let finance: Who;
let doctor: Who;
let therapist: Who;
let seq = 0;

const api = (who: Who, method: 'GET' | 'POST', url: string, body?: unknown, lang = 'en') =>
  s.api(method, `/api${url}`, { token: who.token, body, lang });
const login = async (phone: string): Promise<Who> => {
  const session = await s.loginInto(phone);
  const [u] = await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return { ...session, userId: u!.id };
};
const key = () => `sig-decision-${Date.now()}-${++seq}`;
const signaturesOf = (kind: string, recordId: number) =>
  s.app.db
    .select()
    .from(signatures)
    .where(and(eq(signatures.kind, kind), eq(signatures.recordId, recordId)));

async function setCa(on: boolean) {
  const read = await api(admin, 'POST', '/sys/organizationConfig/listSoftProduct', {});
  const products = read.body.data.products
    .filter((p: { enabled: boolean }) => p.enabled)
    .map((p: { code: string }) => p.code);
  const save = await api(admin, 'POST', '/sys/organizationConfig/save', {
    organizationId: admin.organizationId,
    caIntegration: on ? 1 : 0,
    products,
  });
  expect(save.body.code).toBe(0);
}

/** a fresh pending refund request of the organization (asked by the administrator, decided by finance) */
async function pendingRequest() {
  const [r] = await s.app.db
    .select({ id: billRefundRequests.id })
    .from(billRefundRequests)
    .where(and(eq(billRefundRequests.organizationId, admin.organizationId), eq(billRefundRequests.status, 'pending')))
    .limit(1);
  if (r) return r.id;
  throw new Error('no pending refund request in the demo data');
}

/** a meeting hosted by the doctor, presence recorded, ready for its report */
async function heldMeeting() {
  const found = await api(doctor, 'POST', '/sys/meeting/patients', {});
  const arranged = await api(doctor, 'POST', '/sys/meeting/save', {
    patientId: found.body.data[0].patientId,
    theme: '出院评估讨论',
    location: '示教室',
    hostId: doctor.userId,
    participantIds: [therapist.userId],
    startTime: new Date(s.clock.now().getTime() + 3_600_000).toISOString(),
  });
  expect(arranged.body.code, JSON.stringify(arranged.body)).toBe(0);
  const id = arranged.body.data.id as number;
  const presence = await api(doctor, 'POST', '/sys/meeting/presence', {
    id,
    records: [{ userId: therapist.userId, present: true }],
  });
  expect(presence.body.code).toBe(0);
  return id;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(DEMO.orgAdmin);
  finance = await login(DEMO.finance);
  doctor = await login(DEMO.doctor);
  therapist = await login(DEMO.therapist);
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('signed decisions: CA off', () => {
  it('signs nothing and refuses nothing', async () => {
    const meeting = await heldMeeting();
    const submit = await api(doctor, 'POST', '/sys/meeting/submitReport', { id: meeting, content: '<p>结论</p>' });
    expect(submit.body.code).toBe(0);
    expect(await signaturesOf('meetingReport', meeting)).toHaveLength(0);
    const state = await api(doctor, 'GET', `/sys/meeting/report/signature/${meeting}`);
    expect(state.body.data).toEqual({ caIntegration: false, canSign: false, signature: null });
    const sign = await api(doctor, 'POST', `/sys/meeting/report/sign/${meeting}`);
    expect(sign.status).toBe(403);
    expect(sign.body.msg).toBe('The current institution has not activated the CA function');
  });
});

describe('signed decisions: CA on', () => {
  beforeAll(async () => {
    await setCa(true);
    const save = await api(admin, 'POST', '/sys/signature/provider/save', {
      vendor: 'test',
      signTypes: ['ukey'],
      appSecret: 'x-secret',
    });
    expect(save.body.code).toBe(0);
  });

  it('refuses a decision without a certificate, writes nothing; "not signing temporarily" decides unsigned', async () => {
    const id = await pendingRequest();
    const refused = await api(finance, 'POST', '/sys/pay/refund/approve', { idempotencyKey: key(), id });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('You have no valid CA certificate: ask an administrator to bind one');
    const [still] = await s.app.db.select().from(billRefundRequests).where(eq(billRefundRequests.id, id));
    expect(still!.status).toBe('pending');
    const later = await api(finance, 'POST', '/sys/pay/refund/approve', {
      idempotencyKey: key(),
      id,
      note: '同意',
      signLater: true,
    });
    expect(later.body.code, JSON.stringify(later.body)).toBe(0);
    expect(later.body.data.status).toBe('approved');
    expect(await signaturesOf('refundDecision', id)).toHaveLength(0);
    const state = await api(finance, 'GET', `/sys/pay/refund/signature/${id}`);
    expect(state.body.data).toMatchObject({ caIntegration: true, canSign: false, signature: null });
  });

  it('lets only the decider sign it later; the view says valid, then modified when the decision changes', async () => {
    // the decision of the test before, made without signing
    const decided = (
      await s.app.db.select().from(billRefundRequests).where(eq(billRefundRequests.decidedBy, finance.userId))
    ).at(-1)!.id;
    const bind = await api(admin, 'POST', '/sys/signature/cert/bind', { userId: finance.userId });
    expect(bind.body.code).toBe(0);
    // the administrator holds every billing permission, but did not decide it
    const notDecider = await api(admin, 'POST', '/sys/pay/refund/sign', { id: decided });
    expect(notDecider.status).toBe(409);
    expect(notDecider.body.msg).toBe('Only the one who decided the request signs the decision');
    expect((await api(finance, 'GET', `/sys/pay/refund/signature/${decided}`)).body.data.canSign).toBe(true);
    const signed = await api(finance, 'POST', '/sys/pay/refund/sign', { id: decided });
    expect(signed.body.code, JSON.stringify(signed.body)).toBe(0);
    expect(signed.body.data.signature).toMatchObject({ state: 'valid', method: 'ca', superseded: 0 });
    const [row] = await signaturesOf('refundDecision', decided);
    expect(row).toMatchObject({ signerId: finance.userId, method: 'ca' });
    expect(row!.snapshot).toMatchObject({ requestId: decided, decision: 'approved', decidedBy: finance.userId });
    // the decision note changed behind the service: the signature no longer matches
    await s.app.db.update(billRefundRequests).set({ decisionNote: '改过' }).where(eq(billRefundRequests.id, decided));
    const modified = await api(finance, 'GET', `/sys/pay/refund/signature/${decided}`);
    expect(modified.body.data.signature.state).toBe('modified');
    // bad input: 400, nothing written
    const bad = await api(finance, 'POST', '/sys/pay/refund/sign', { id: 'x' });
    expect(bad.status).toBe(400);
  });

  it('signs a meeting report as it is submitted; the host signs one submitted unsigned later', async () => {
    const first = await heldMeeting();
    const noCert = await api(doctor, 'POST', '/sys/meeting/submitReport', { id: first, content: '<p>结论</p>' });
    expect(noCert.status).toBe(400);
    const [unchanged] = await s.app.db.select().from(meetings).where(eq(meetings.id, first));
    expect(unchanged!.reportSubmittedAt).toBeNull();
    const later = await api(doctor, 'POST', '/sys/meeting/submitReport', {
      id: first,
      content: '<p>结论</p>',
      signLater: true,
    });
    expect(later.body.code).toBe(0);
    expect(await signaturesOf('meetingReport', first)).toHaveLength(0);
    const bind = await api(admin, 'POST', '/sys/signature/cert/bind', { userId: doctor.userId });
    expect(bind.body.code).toBe(0);
    // only the host signs
    const therapistSign = await api(therapist, 'POST', `/sys/meeting/report/sign/${first}`);
    expect(therapistSign.status).toBe(409);
    const signed = await api(doctor, 'POST', `/sys/meeting/report/sign/${first}`, undefined, 'zh-CN');
    expect(signed.body.code, JSON.stringify(signed.body)).toBe(0);
    expect(signed.body.data.signature.state).toBe('valid');
    // submitted with a certificate: signed in the same step
    const second = await heldMeeting();
    const submit = await api(doctor, 'POST', '/sys/meeting/submitReport', { id: second, content: '<p>同意出院</p>' });
    expect(submit.body.code).toBe(0);
    const [row] = await signaturesOf('meetingReport', second);
    expect(row!.snapshot).toMatchObject({ meetingId: second, content: '<p>同意出院</p>', hostId: doctor.userId });
    await s.app.db.update(meetings).set({ reportContent: '<p>改过</p>' }).where(eq(meetings.id, second));
    const state = await api(therapist, 'GET', `/sys/meeting/report/signature/${second}`);
    expect(state.body.data.signature.state).toBe('modified');
    expect(state.body.data.canSign).toBe(false);
  });
});
