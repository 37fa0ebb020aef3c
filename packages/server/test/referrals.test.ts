// Referral of a patient (issue 17) on the cross-organization access model of remote consultation: every step and
// refusal, code 1 for a referral a third organization's user or an unrelated member of the receiving organization
// asks for, the receiving side's recorded reads, the retention, the one open referral per patient and course (also
// between concurrent requests), and a referral to another office of the same organization. The transfer of
// treatment (a referral of kind 'transfer'): what its acceptance copies and invalidates, all or nothing, once.
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleId, WorkOrderStatus, dosagePrice } from '@rehab/shared';
import { patients, treatmentProjects, treatments } from '../src/modules/patients/patients.tables';
import { workOrderHistory, workOrders } from '../src/modules/work-orders/work-orders.tables';
import { referralMaterials } from '../src/modules/referrals/referrals.tables';
import { tableOf } from '../src/modules/master-data/master-data.tables';
import { hashPassword } from '../src/modules/auth';
import { createOrganization, switchProductOn } from '../src/modules/organizations';
import { userOffices, userOrganizations, users } from '../src/modules/users/users.tables';
import { userRoles } from '../src/modules/roles/roles.tables';
import { organizationRelations } from '../src/modules/organizations/organizations.tables';
import { referralHistory, referralReads, referrals } from '../src/modules/referrals/referrals.tables';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

type Who = { token: string; organizationId: number; officeId?: number; userId: number };

let s: TestServer;
let doctor: Who; // the sending hospital's doctor (org 1)
let expert: Who; // the community centre's doctor (org 2): the receiving side
let expert2: Who; // a second doctor of the centre, same office
let stranger: Who; // a therapist of the centre without the referral permissions
let third: Who; // a doctor of a third organization, related to the hospital only
let org1: number;
let org2: number;
/** patients of the hospital with a course free of open referrals */
let free: { patientId: number; treatmentId: number; material: { kind: string; refId: number }[] }[] = [];

const api = (who: Who | null, method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who?.token, body, lang });
const R = '/sys/patientReferral';
const userIdOf = async (phone: string) =>
  (await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
const login = async (phone: string, index = 0): Promise<Who> => ({
  ...(await s.loginInto(phone, index)),
  userId: await userIdOf(phone),
});
const rowOf = async (id: number) => (await s.app.db.select().from(referrals).where(eq(referrals.id, id)))[0]!;
const readsOf = async (id: number) =>
  s.app.db.select().from(referralReads).where(eq(referralReads.referralId, id)).orderBy(referralReads.id);

async function member(phone: string, organizationId: number, roleId: number, officeId?: number) {
  const [u] = await s.app.db
    .insert(users)
    .values({ name: `用户${phone.slice(-2)}`, phone, passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  await s.app.db.insert(userOrganizations).values({ userId: u!.id, organizationId });
  await s.app.db.insert(userRoles).values({ userId: u!.id, organizationId, roleId });
  if (officeId) await s.app.db.insert(userOffices).values({ userId: u!.id, officeId });
}

let next = 0;
/** A referral body for the next free patient course (each test takes its own). */
const body = (over: Record<string, unknown> = {}) => {
  const p = free[next++ % free.length]!;
  return {
    patientId: p.patientId,
    treatmentId: p.treatmentId,
    toOrganizationId: org2,
    toOfficeId: expert.officeId ?? null,
    reason: '转社区继续康复',
    materials: p.material,
    ...over,
  };
};

async function refer(over: Record<string, unknown> = {}) {
  const res = await api(doctor, 'POST', `${R}/request`, body(over));
  expect(res.body).toMatchObject({ code: 0 });
  return res.body.data.id as number;
}
const step = (who: Who, action: string, id: number, payload?: unknown, lang?: string) =>
  api(who, 'POST', `${R}/${action}/${id}`, payload ?? (action === 'cancel' ? {} : undefined), lang);

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  doctor = await login(DEMO.doctor);
  expert = await login(DEMO.expert);
  org1 = doctor.organizationId;
  org2 = expert.organizationId;
  expect(org2).not.toBe(org1);
  await member('13900000041', org2, RoleId.doctor, expert.officeId);
  expert2 = await login('13900000041');
  stranger = await login(DEMO.therapist2);
  expect(stranger.organizationId).toBe(org2);
  const org3 = await createOrganization(s.app.db, { 'zh-CN': '第三机构', en: 'Third organization' });
  await switchProductOn(s.app.db, org3, 'telemedicine');
  await s.app.db.insert(organizationRelations).values({ organizationId: org1, relatedOrganizationId: org3 });
  await member('13900000042', org3, RoleId.doctor);
  third = await login('13900000042');

  const open = await s.app.db
    .select({ patientId: referrals.patientId, treatmentId: referrals.treatmentId })
    .from(referrals)
    .where(inArray(referrals.status, ['requested', 'received', 'accepted', 'arrived']));
  const patients = await api(doctor, 'GET', `${R}/patients`);
  expect(patients.body.code).toBe(0);
  for (const { id: patientId } of patients.body.data as { id: number }[]) {
    const m = await api(doctor, 'GET', `${R}/materials?patientId=${patientId}`);
    const list = m.body.data as { kind: string; refId: number }[];
    const card = list.find((x) => x.kind === 'patient')!;
    for (const c of list.filter((x) => x.kind === 'treatment'))
      if (!open.some((o) => o.patientId === patientId && o.treatmentId === c.refId))
        free.push({ patientId, treatmentId: c.refId, material: [card, c].map(({ kind, refId }) => ({ kind, refId })) });
  }
  expect(free.length).toBeGreaterThanOrEqual(2);
  free = free.slice(0, 12);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

describe('making a referral', () => {
  it('offers the own organization first, then the related organizations, with their offices', async () => {
    const res = await api(doctor, 'GET', `${R}/targets`, undefined, 'en');
    expect(res.body.code).toBe(0);
    const targets = res.body.data as { id: number; own: boolean; offices: unknown[] }[];
    expect(targets[0]).toMatchObject({ id: org1, own: true });
    expect(targets.map((t) => t.id)).toContain(org2);
    expect(targets.filter((t) => t.own)).toHaveLength(1);
  });

  it('refuses an unrelated organization, a missing or own office inside the organization, a foreign course', async () => {
    const org4 = await createOrganization(s.app.db, { 'zh-CN': '无关机构', en: 'Unrelated' });
    const before = (await s.app.db.select().from(referrals)).length;
    const notRelated = await api(
      doctor,
      'POST',
      `${R}/request`,
      body({ toOrganizationId: org4, toOfficeId: null }),
      'en',
    );
    expect(notRelated.body).toMatchObject({ code: 400, msg: 'Patients can be referred only to related organizations' });
    const noOffice = await api(
      doctor,
      'POST',
      `${R}/request`,
      body({ toOrganizationId: org1, toOfficeId: null }),
      'en',
    );
    expect(noOffice.body).toMatchObject({ code: 400, msg: 'Choose the receiving office' });
    const sameOffice = await api(
      doctor,
      'POST',
      `${R}/request`,
      body({ toOrganizationId: org1, toOfficeId: doctor.officeId }),
    );
    expect(sameOffice.body.code).toBe(400);
    const foreignOffice = await api(doctor, 'POST', `${R}/request`, body({ toOfficeId: doctor.officeId }));
    expect(foreignOffice.body.code).toBe(400);
    const course = await api(doctor, 'POST', `${R}/request`, body({ treatmentId: 2_000_000 }), 'en');
    expect(course.body).toMatchObject({ code: 400, msg: 'The course is not in this patient’s record' });
    expect((await api(doctor, 'POST', `${R}/request`, body({ reason: ' ' }))).status).toBe(400);
    // the receiving organization's doctor cannot refer the hospital's patient
    expect((await api(expert, 'POST', `${R}/request`, body())).body.code).toBe(400);
    expect((await api(stranger, 'POST', `${R}/request`, body())).status).toBe(403);
    expect((await s.app.db.select().from(referrals)).length).toBe(before);
  });
});

describe('the steps', () => {
  it('run from requested to completed, with the history and the messages', async () => {
    const id = await refer();
    expect(await rowOf(id)).toMatchObject({ status: 'requested', receiverId: null, fromOrganizationId: org1 });
    const list = await api(expert, 'GET', `${R}/list?box=received`);
    expect(list.body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    const info = await api(expert, 'GET', `${R}/info/${id}`);
    expect(info.body.data).toMatchObject({ side: 'receiver', status: 'requested', actions: ['receive', 'reject'] });
    expect(info.body.data.materials.map((m: { kind: string }) => m.kind).sort()).toEqual(['patient', 'treatment']);
    const sent = await api(doctor, 'GET', `${R}/info/${id}`);
    expect(sent.body.data).toMatchObject({ side: 'sender', actions: ['cancel'] });

    expect((await step(expert, 'receive', id)).body.code).toBe(0);
    expect(await rowOf(id)).toMatchObject({ status: 'received', receiverId: expert.userId });
    expect((await step(expert, 'accept', id)).body.code).toBe(0);
    expect((await step(expert, 'arrive', id)).body.code).toBe(0);
    expect((await step(expert, 'complete', id)).body.code).toBe(0);
    const done = await rowOf(id);
    expect(done.status).toBe('completed');
    expect(done.endedAt).not.toBeNull();
    const history = await s.app.db
      .select()
      .from(referralHistory)
      .where(eq(referralHistory.referralId, id))
      .orderBy(referralHistory.id);
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['request', null, 'requested'],
      ['receive', 'requested', 'received'],
      ['accept', 'received', 'accepted'],
      ['arrive', 'accepted', 'arrived'],
      ['complete', 'arrived', 'completed'],
    ]);
    expect(history.slice(1).every((h) => h.actorId === expert.userId)).toBe(true);
    const final = await api(doctor, 'GET', `${R}/info/${id}`, undefined, 'en');
    expect(final.body.data.history).toHaveLength(5);
    expect(final.body.data.actions).toEqual([]);
    // the history is append-only
    await expect(s.app.db.delete(referralHistory).where(eq(referralHistory.referralId, id))).rejects.toThrow();
  });

  it('sends a message to whoever acts next, never to the one who acted', async () => {
    const unread = async (who: Who) =>
      (await api(who, 'POST', '/sys/message/countUnreadMessage')).body.data.unReadExecuteMessageNum as number;
    const e0 = await unread(expert);
    const d0 = await unread(doctor);
    const id = await refer();
    expect(await unread(expert)).toBe(e0 + 1);
    expect(await unread(doctor)).toBe(d0);
    await step(expert, 'receive', id);
    await step(expert, 'accept', id);
    // accepted: the sending side sends the patient over
    expect(await unread(doctor)).toBe(d0 + 1);
    await step(doctor, 'cancel', id, { reason: '患者改变主意' });
  });

  it('refuses the other side’s steps, the steps the state does not allow, and a rejection without reason', async () => {
    const id = await refer();
    expect((await step(doctor, 'receive', id, undefined, 'en')).body).toMatchObject({
      code: 409,
      msg: 'That step belongs to the other side of this referral',
    });
    expect((await step(expert, 'cancel', id)).body.code).toBe(409);
    const early = await step(expert, 'accept', id, undefined, 'en');
    expect(early.body).toMatchObject({ code: 409, msg: 'This referral is requested: that step is not possible now' });
    expect((await step(expert, 'arrive', id)).body.code).toBe(409);
    expect((await step(expert, 'complete', id)).body.code).toBe(409);
    expect((await step(expert, 'reject', id, { reason: '' })).status).toBe(400);
    expect((await step(expert, 'receive', id)).body.code).toBe(0);
    // received: it belongs to the person who received it, the other doctor of the office no longer sees it
    expect((await step(expert2, 'accept', id)).body.code).toBe(1);
    expect((await step(expert, 'receive', id)).body.code).toBe(409);
    expect((await step(expert, 'reject', id, { reason: '床位已满' })).body.code).toBe(0);
    expect(await rowOf(id)).toMatchObject({ status: 'rejected', rejectReason: '床位已满' });
    for (const a of ['receive', 'accept', 'arrive', 'complete'])
      expect((await step(expert, a, id)).body.code).toBe(409);
    expect((await step(doctor, 'cancel', id)).body.code).toBe(409);
    const zh = await step(expert, 'accept', id, undefined, 'zh-CN');
    expect(zh.body.msg).toBe('该转诊当前为“已拒绝”，不能进行此操作');
  });

  it('lets the sender cancel until the patient arrived', async () => {
    for (const upTo of [[], ['receive'], ['receive', 'accept']]) {
      const id = await refer();
      for (const a of upTo) expect((await step(expert, a, id)).body.code).toBe(0);
      expect((await step(doctor, 'cancel', id, { reason: '家属要求' })).body.code).toBe(0);
      expect((await rowOf(id)).status).toBe('cancelled');
    }
    const id = await refer();
    for (const a of ['receive', 'accept', 'arrive']) await step(expert, a, id);
    expect((await step(doctor, 'cancel', id)).body.code).toBe(409);
    await step(expert, 'complete', id);
  });
});

describe('transfer of treatment', () => {
  const today = () => s.app.calendar.today();
  /** active courses of the hospital without an open referral, with sessions left and future orders not started */
  const courses: { treated: boolean; patientId: number; treatmentId: number; card: { kind: string; refId: number } }[] =
    [];
  const take = () => {
    const c = courses.shift();
    expect(c, 'an active course left to transfer').toBeTruthy();
    return c!;
  };
  const transfer = async (over: Record<string, unknown> = {}, lang?: string) => {
    const c = take();
    const res = await api(
      doctor,
      'POST',
      `${R}/request`,
      {
        kind: 'transfer',
        patientId: c.patientId,
        treatmentId: c.treatmentId,
        toOrganizationId: org2,
        toOfficeId: expert.officeId ?? null,
        reason: '转社区继续治疗',
        materials: [c.card, { kind: 'treatment', refId: c.treatmentId }],
        ...over,
      },
      lang,
    );
    expect(res.body).toMatchObject({ code: 0 });
    return { id: res.body.data.id as number, ...c };
  };
  const ordersOf = (treatmentId: number) =>
    s.app.db.select().from(workOrders).where(eq(workOrders.treatmentId, treatmentId)).orderBy(workOrders.id);
  const projectsOf = (treatmentId: number) =>
    s.app.db
      .select()
      .from(treatmentProjects)
      .where(eq(treatmentProjects.treatmentId, treatmentId))
      .orderBy(treatmentProjects.id);

  beforeAll(async () => {
    const used = await s.app.db
      .select({ treatmentId: referrals.treatmentId })
      .from(referrals)
      .where(inArray(referrals.status, ['requested', 'received', 'accepted', 'arrived']));
    const active = await s.app.db
      .select({ patientId: treatments.patientId, treatmentId: treatments.id })
      .from(treatments)
      .where(and(eq(treatments.organizationId, org1), eq(treatments.status, 1)))
      .orderBy(treatments.id);
    for (const c of active) {
      if (used.some((u) => u.treatmentId === c.treatmentId)) continue;
      const left = (await projectsOf(c.treatmentId)).filter((p) => p.status === 1 && p.totalTimes > p.treatedTimes);
      const future = (await ordersOf(c.treatmentId)).filter(
        (o) => o.status === WorkOrderStatus.unfinished && o.treatDate >= today(),
      );
      if (left.length && future.length)
        courses.push({
          ...c,
          treated: left.some((p) => p.treatedTimes > 0),
          card: { kind: 'patient', refId: c.patientId },
        });
    }
    // the first transfer takes a course with sessions already treated
    courses.sort((a, b) => Number(b.treated) - Number(a.treated));
    expect(courses.length).toBeGreaterThanOrEqual(5);
  });

  it('the demo data holds one accepted transfer between the two demo organizations', async () => {
    const rows = await s.app.db.select().from(referrals).where(eq(referrals.kind, 'transfer'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'accepted', fromOrganizationId: org1, toOrganizationId: org2 });
    expect(rows[0]!.toTreatmentId).not.toBeNull();
    const list = await api(doctor, 'GET', `${R}/list?box=sent&kind=transfer`);
    expect(list.body.data.list.map((r: { id: number }) => r.id)).toEqual([rows[0]!.id]);
    // a transfer is not listed among the referrals, nor a referral among the transfers
    const plain = await api(doctor, 'GET', `${R}/list?box=sent&limit=1000`);
    expect(plain.body.data.list.every((r: { kind: string }) => r.kind === 'referral')).toBe(true);
  });

  it('copies exactly the remaining sessions and invalidates exactly the future orders, on acceptance', async () => {
    const t = await transfer();
    // a course with sessions already treated: the remaining count differs from the prescription's
    expect(t.treated).toBe(true);
    const before = await projectsOf(t.treatmentId);
    const ordersBefore = await ordersOf(t.treatmentId);
    const info = await api(expert, 'GET', `${R}/info/${t.id}`);
    expect(info.body.data).toMatchObject({ kind: 'transfer', side: 'receiver', transfer: null });
    expect((await step(expert, 'receive', t.id)).body.code).toBe(0);
    // nothing moved before the acceptance
    expect(await ordersOf(t.treatmentId)).toEqual(ordersBefore);
    expect((await step(expert, 'accept', t.id, undefined, 'en')).body.code).toBe(0);

    const row = await rowOf(t.id);
    expect(row.status).toBe('accepted');
    // the requester is told in the transfer's words, with the link to its screen
    const inbox = await api(doctor, 'GET', '/sys/message/list?limit=50', undefined, 'en');
    const told = (inbox.body.data.list as { title: string }[]).map((m) => m.title);
    expect(told).toContain(`Transfer ${t.id}: accepted, the treatment moved`);
    const [course] = await s.app.db.select().from(treatments).where(eq(treatments.id, row.toTreatmentId!));
    expect(course).toMatchObject({
      organizationId: org2,
      status: 1,
      officeId: expert.officeId,
      doctorId: expert.userId,
    });
    const [card] = await s.app.db.select().from(patients).where(eq(patients.id, row.toPatientId!));
    const [source] = await s.app.db.select().from(patients).where(eq(patients.id, t.patientId));
    expect(card).toMatchObject({ organizationId: org2, name: source!.name, idNumber: source!.idNumber });
    expect(course!.patientId).toBe(card!.id);

    const expected = before
      .filter((p) => p.status === 1 && p.totalTimes > p.treatedTimes)
      .map((p) => [p.name, p.totalTimes - p.treatedTimes]);
    const copied = await projectsOf(course!.id);
    expect(copied.map((p) => [p.name, p.totalTimes])).toEqual(expected);
    expect(copied.every((p) => p.treatedTimes === 0 && p.status === 1 && p.organizationId === org2)).toBe(true);
    expect(copied.every((p) => p.therapistId === null && p.teamId === null)).toBe(true);

    // the sending side: the future orders not started are invalidated with the reason, every other one unchanged
    const after = await ordersOf(t.treatmentId);
    const future = (o: (typeof ordersBefore)[number]) =>
      o.status === WorkOrderStatus.unfinished && o.treatDate >= today();
    const gone = ordersBefore.filter(future).map((o) => o.id);
    expect(gone.length).toBeGreaterThan(0);
    for (const o of after) {
      const was = ordersBefore.find((b) => b.id === o.id)!;
      if (gone.includes(o.id))
        expect(o).toMatchObject({ status: WorkOrderStatus.invalidated, invalidReason: 'Transferred out' });
      else expect(o).toEqual(was);
    }
    expect(after.map((o) => o.id)).toEqual(ordersBefore.map((o) => o.id));
    const history = await s.app.db
      .select()
      .from(workOrderHistory)
      .where(and(inArray(workOrderHistory.workOrderId, gone), eq(workOrderHistory.action, 'invalidate')));
    expect(history.map((h) => h.workOrderId).sort()).toEqual([...gone].sort());
    expect(history.every((h) => h.reason === 'Transferred out' && h.actorId === expert.userId)).toBe(true);
    const [ended] = await s.app.db.select().from(treatments).where(eq(treatments.id, t.treatmentId));
    expect(ended!.status).toBe(2);
    expect((await projectsOf(t.treatmentId)).some((p) => p.status === 1)).toBe(false);

    // the receiving side's orders are planned from the copied projects
    const theirs = await s.app.db
      .select()
      .from(workOrders)
      .where(and(eq(workOrders.treatmentId, course!.id), gte(workOrders.treatDate, today())));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((o) => o.organizationId === org2)).toBe(true);

    // both sides read the outcome; the sender keeps it for good
    const outcome = {
      patientId: card!.id,
      treatmentId: course!.id,
      fromTreatmentId: t.treatmentId,
      projects: expected.map(([name, sessions]) => expect.objectContaining({ name, sessions })),
      invalidatedOrders: gone.length,
    };
    expect((await api(doctor, 'GET', `${R}/info/${t.id}`)).body.data.transfer).toMatchObject(outcome);
    expect((await api(expert, 'GET', `${R}/info/${t.id}`)).body.data.transfer).toMatchObject(outcome);
    // the latest submitted assessments of the course went along as snapshots
    const materials = await s.app.db.select().from(referralMaterials).where(eq(referralMaterials.referralId, t.id));
    const assessments = materials.filter((m) => m.kind === 'assessment').length;
    expect((await rowOf(t.id)).outcome!.assessments).toBe(assessments);

    // a second accept (a double click) is refused and moves nothing again
    const again = await step(expert, 'accept', t.id, undefined, 'en');
    expect(again.body).toMatchObject({ code: 409, msg: 'This referral is accepted: that step is not possible now' });
    const cancel = await step(doctor, 'cancel', t.id, {}, 'en');
    expect(cancel.body).toMatchObject({
      code: 409,
      msg: 'The treatment has moved to the receiving side: this transfer can no longer be cancelled',
    });
    expect((await step(doctor, 'cancel', t.id, {}, 'zh-CN')).body.msg).toBe('治疗已转入对方机构，不能再撤销此转诊治疗');
    expect(await s.app.db.select().from(treatments).where(eq(treatments.patientId, card!.id))).toHaveLength(1);
    expect((await step(expert, 'arrive', t.id)).body.code).toBe(0);
    expect((await step(expert, 'complete', t.id)).body.code).toBe(0);
    expect((await api(doctor, 'GET', `${R}/info/${t.id}`)).body.data.transfer.treatmentId).toBe(course!.id);
  });

  it('previews exactly what accepting does: the mapping, the sessions, the receiving template’s price or the sender’s when unmapped', async () => {
    const template = tableOf('projectTemplate');
    // a course with two projects of different templates: one priced at the centre, one without counterpart there
    let at = -1;
    for (const [i, c] of courses.entries()) {
      const left = (await projectsOf(c.treatmentId)).filter((p) => p.status === 1 && p.totalTimes > p.treatedTimes);
      if (new Set(left.flatMap((p) => (p.templateId ? [p.templateId] : []))).size >= 2) {
        at = i;
        break;
      }
    }
    expect(at, 'a course with two templates left to transfer').toBeGreaterThanOrEqual(0);
    courses.unshift(...courses.splice(at, 1));
    const t = await transfer();
    const preview = (who: Who, lang = 'en') => api(who, 'GET', `${R}/transferPreview/${t.id}`, undefined, lang);
    // only while it can be accepted: not before it is received
    expect((await preview(expert)).body).toMatchObject({
      code: 409,
      msg: 'This referral is requested: that step is not possible now',
    });
    expect((await step(expert, 'receive', t.id)).body.code).toBe(0);

    const left = (await projectsOf(t.treatmentId)).filter((p) => p.status === 1 && p.totalTimes > p.treatedTimes);
    const priced = left.find((p) => p.templateId)!;
    const unmapped = left.find((p) => p.templateId && p.templateId !== priced.templateId)!;
    const nameOf = async (id: number) =>
      (await s.app.db.select().from(template).where(eq(template.id, id)))[0]!.name as string;
    const pricedName = await nameOf(priced.templateId!);
    const unmappedName = await nameOf(unmapped.templateId!);
    // the centre prices its counterpart of the first template differently; the second has none there
    const [theirs] = await s.app.db
      .select()
      .from(template)
      .where(and(eq(template.organizationId, org2), sql`lower(${template.name}) = lower(${pricedName})`));
    expect(theirs, `the centre has “${pricedName}”`).toBeTruthy();
    const theirPrice = theirs!.unitPrice as string;
    await s.app.db.update(template).set({ unitPrice: '123.45' }).where(eq(template.id, theirs!.id));
    await s.app.db
      .update(template)
      .set({ name: `${unmappedName}（本院）` })
      .where(eq(template.id, unmapped.templateId!));
    try {
      const readsBefore = (await readsOf(t.id)).length;
      const res = await preview(expert);
      expect(res.body.code, res.body.msg).toBe(0);
      const p = res.body.data;
      expect(p).toMatchObject({
        refusal: null,
        diagnosis: [
          { what: 'disease', mapped: true },
          { what: 'functioning', mapped: true },
        ],
        office: { id: expert.officeId },
      });
      type Planned = { name: string; sessions: number; templateMapped: boolean; priceFrom: string };
      expect(p.projects.map((x: Planned) => [x.name, x.sessions])).toEqual(
        left.map((x) => [x.name, x.totalTimes - x.treatedTimes]),
      );
      const sessions = (x: typeof priced) => x.totalTimes - x.treatedTimes;
      expect(p.projects[left.indexOf(priced)]).toMatchObject({
        templateMapped: true,
        priceFrom: 'receiving',
        senderUnitPrice: Number(priced.unitPrice),
        senderTotalPrice: dosagePrice(Number(priced.unitPrice), priced.quantity * sessions(priced)),
        unitPrice: 123.45,
        totalPrice: dosagePrice(123.45, priced.quantity * sessions(priced)),
      });
      expect(p.projects[left.indexOf(unmapped)]).toMatchObject({
        templateMapped: false,
        priceFrom: 'sender',
        unitPrice: Number(unmapped.unitPrice),
        totalPrice: dosagePrice(Number(unmapped.unitPrice), unmapped.quantity * sessions(unmapped)),
      });
      expect(p.unmapped).toContainEqual({ what: 'projectTemplate', name: `${unmappedName}（本院）` });
      // recorded as a read of the transfer by the receiving side; nothing else changed
      const reads = await readsOf(t.id);
      expect(reads).toHaveLength(readsBefore + 1);
      expect(reads.map((r) => [r.what, r.userId, r.organizationId]).at(-1)).toEqual(['detail', expert.userId, org2]);
      expect(await rowOf(t.id)).toMatchObject({ status: 'received', toTreatmentId: null, outcome: null });
      expect((await s.app.db.select().from(treatments).where(eq(treatments.id, t.treatmentId)))[0]!.status).toBe(1);

      // a third organization: as an unknown id; the sending side: not its step
      expect((await preview(third)).body).toMatchObject({ code: 1, msg: 'Referral not found' });
      expect((await preview(doctor)).body).toMatchObject({
        code: 409,
        msg: 'That step belongs to the other side of this referral',
      });
      expect((await readsOf(t.id)).length).toBe(readsBefore + 1);

      // accepting does what the preview said: the same projects and prices, the same unmapped
      expect((await step(expert, 'accept', t.id, undefined, 'en')).body.code).toBe(0);
      const outcome = (await rowOf(t.id)).outcome!;
      expect(outcome.projects).toEqual(p.projects);
      expect(outcome.unmapped).toEqual(p.unmapped);
      const copied = await projectsOf(outcome.treatmentId);
      expect(copied.map((x) => [x.name, Number(x.unitPrice), Number(x.totalPrice)])).toEqual(
        p.projects.map((x: Planned & { unitPrice: number; totalPrice: number }) => [x.name, x.unitPrice, x.totalPrice]),
      );
      expect(copied[left.indexOf(priced)]).toMatchObject({ templateId: theirs!.id, unitPrice: '123.45' });
      expect(copied[left.indexOf(unmapped)]).toMatchObject({ templateId: null, unitPrice: unmapped.unitPrice });
      expect((await api(doctor, 'GET', `${R}/info/${t.id}`)).body.data.transfer.projects).toEqual(p.projects);

      // once accepted there is nothing left to preview
      expect((await preview(expert)).body).toMatchObject({
        code: 409,
        msg: 'This referral is accepted: that step is not possible now',
      });
    } finally {
      await s.app.db.update(template).set({ unitPrice: theirPrice }).where(eq(template.id, theirs!.id));
      await s.app.db.update(template).set({ name: unmappedName }).where(eq(template.id, unmapped.templateId!));
    }
    await step(expert, 'arrive', t.id);
    expect((await step(expert, 'complete', t.id)).body.code).toBe(0);
  });

  it('moves the plan once when two accepts race', async () => {
    const t = await transfer();
    await step(expert, 'receive', t.id);
    const [a, b] = await Promise.all([step(expert, 'accept', t.id), step(expert, 'accept', t.id)]);
    expect([a.body.code, b.body.code].sort()).toEqual([0, 409]);
    const row = await rowOf(t.id);
    const copies = await s.app.db
      .select()
      .from(treatments)
      .where(and(eq(treatments.patientId, row.toPatientId!), eq(treatments.status, 1)));
    expect(copies.map((c) => c.id)).toEqual([row.toTreatmentId]);
    const invalidations = await s.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workOrderHistory)
      .innerJoin(workOrders, eq(workOrders.id, workOrderHistory.workOrderId))
      .where(and(eq(workOrders.treatmentId, t.treatmentId), eq(workOrderHistory.action, 'invalidate')));
    expect(invalidations[0]!.n).toBe(row.outcome!.invalidatedOrders);
    // ended, so that the course is free again for the referrals' tests
    await step(expert, 'arrive', t.id);
    expect((await step(expert, 'complete', t.id)).body.code).toBe(0);
  });

  it('refuses an ended course, a diagnosis the receiving side lacks (all or nothing), and lets it be rejected or cancelled first', async () => {
    // the demo transfer's course ended on its acceptance: nothing left to transfer
    const [demo] = await s.app.db.select().from(referrals).where(eq(referrals.kind, 'transfer')).limit(1);
    const ended = await api(
      doctor,
      'POST',
      `${R}/request`,
      {
        kind: 'transfer',
        patientId: demo!.patientId,
        treatmentId: demo!.treatmentId,
        toOrganizationId: org2,
        reason: '再次转诊',
        materials: [{ kind: 'patient', refId: demo!.patientId }],
      },
      'en',
    );
    expect(ended.body).toMatchObject({
      code: 400,
      msg: 'The course transferred has ended: its treatment cannot be transferred',
    });

    const t = await transfer();
    await step(expert, 'receive', t.id);
    const [course] = await s.app.db.select().from(treatments).where(eq(treatments.id, t.treatmentId));
    const disease = tableOf('disease');
    const [own] = await s.app.db.select().from(disease).where(eq(disease.id, course!.diseaseId));
    const name = own!.name as string;
    // the centre's counterpart of the diagnosis is renamed: nothing to map it to
    const theirs = await s.app.db
      .update(disease)
      .set({ name: `${name}（旧）` })
      .where(and(eq(disease.organizationId, org2), sql`lower(${disease.name}) = lower(${name})`))
      .returning({ id: disease.id });
    const orders = await ordersOf(t.treatmentId);
    const res = await step(expert, 'accept', t.id, undefined, 'en');
    expect(res.body).toMatchObject({
      code: 409,
      msg: `The receiving organization has no disease “${name}”: add it to its master data first`,
    });
    const zh = await step(expert, 'accept', t.id, undefined, 'zh-CN');
    expect(zh.body.msg).toBe(`转入机构没有疾病“${name}”，请先在其基础数据中添加`);
    // the preview tells the same refusal before accepting
    const preview = await api(expert, 'GET', `${R}/transferPreview/${t.id}`, undefined, 'en');
    expect(preview.body.data).toMatchObject({
      refusal: res.body.msg,
      diagnosis: [{ what: 'disease', name, mapped: false }, { what: 'functioning' }],
    });
    expect((await api(expert, 'GET', `${R}/transferPreview/${t.id}`, undefined, 'zh-CN')).body.data.refusal).toBe(
      zh.body.msg,
    );
    // all or nothing: the orders, the course and the transfer are as they were
    expect(await ordersOf(t.treatmentId)).toEqual(orders);
    expect((await s.app.db.select().from(treatments).where(eq(treatments.id, t.treatmentId)))[0]!.status).toBe(1);
    expect(await rowOf(t.id)).toMatchObject({ status: 'received', toTreatmentId: null, outcome: null });
    if (theirs.length)
      await s.app.db
        .update(disease)
        .set({ name })
        .where(
          inArray(
            disease.id,
            theirs.map((r) => r.id),
          ),
        );
    expect((await step(expert, 'reject', t.id, { reason: '无床位' })).body.code).toBe(0);
    expect(await ordersOf(t.treatmentId)).toEqual(orders);

    const c = await transfer();
    expect((await step(doctor, 'cancel', c.id, {})).body.code).toBe(0);
    expect((await rowOf(c.id)).status).toBe('cancelled');
  });

  it('answers code 1 on every id to a third organization’s user and an unrelated member of the receiving one, and records the receiving side’s reads', async () => {
    const t = await transfer();
    const calls: [string, string, unknown?][] = [
      ['GET', `${R}/info/${t.id}`],
      ['GET', `${R}/transferPreview/${t.id}`],
      ['POST', `${R}/receive/${t.id}`],
      ['POST', `${R}/accept/${t.id}`],
      ['POST', `${R}/reject/${t.id}`, { reason: 'x' }],
      ['POST', `${R}/arrive/${t.id}`],
      ['POST', `${R}/complete/${t.id}`],
      ['POST', `${R}/cancel/${t.id}`, {}],
    ];
    // a doctor of the centre in another office: an unrelated member of the receiving organization
    const [otherOffice] = (await api(expert, 'GET', `${R}/targets`)).body.data[0].offices.filter(
      (o: { id: number }) => o.id !== expert.officeId,
    );
    await member('13900000046', org2, RoleId.doctor, otherOffice.id);
    const elsewhere = await login('13900000046');
    for (const who of [third, elsewhere])
      for (const [method, url, b] of calls) {
        const res = await api(who, method as 'GET' | 'POST', url, b, 'en');
        expect(res.body, url).toMatchObject({ code: 1, msg: 'Referral not found' });
      }
    for (const who of [third, elsewhere]) {
      const list = await api(who, 'GET', `${R}/list?box=received&kind=transfer&limit=1000`);
      expect(list.body.data.list.map((r: { id: number }) => r.id)).not.toContain(t.id);
    }
    expect(await rowOf(t.id)).toMatchObject({ status: 'requested' });
    expect(await readsOf(t.id)).toEqual([]);
    await api(doctor, 'GET', `${R}/info/${t.id}`);
    await api(expert, 'GET', `${R}/info/${t.id}`);
    await api(expert, 'GET', `${R}/list?box=received&kind=transfer&limit=1000`);
    expect((await readsOf(t.id)).map((r) => [r.what, r.userId, r.organizationId])).toEqual([
      ['detail', expert.userId, org2],
      ['list', expert.userId, org2],
    ]);
    await step(doctor, 'cancel', t.id, {});
  });
});

describe('who sees a referral', () => {
  it('answers code 1 on every id to a third organization’s user and an unrelated member of the receiving one', async () => {
    const id = await refer();
    const calls: [string, string, unknown?][] = [
      ['GET', `${R}/info/${id}`],
      ['POST', `${R}/receive/${id}`],
      ['POST', `${R}/accept/${id}`],
      ['POST', `${R}/reject/${id}`, { reason: 'x' }],
      ['POST', `${R}/arrive/${id}`],
      ['POST', `${R}/complete/${id}`],
      ['POST', `${R}/cancel/${id}`, {}],
    ];
    for (const who of [third])
      for (const [method, url, b] of calls) {
        const res = await api(who, method as 'GET' | 'POST', url, b, 'en');
        expect(res.body, url).toMatchObject({ code: 1, msg: 'Referral not found' });
      }
    // the centre's therapist holds no referral permission: refused before the id is looked at
    for (const [method, url, b] of calls)
      expect((await api(stranger, method as 'GET' | 'POST', url, b)).status, url).toBe(403);
    // a doctor of the centre in another office is an unrelated member of the receiving organization
    const [otherOffice] = (await api(expert, 'GET', `${R}/targets`)).body.data[0].offices.filter(
      (o: { id: number }) => o.id !== expert.officeId,
    );
    expect(otherOffice).toBeTruthy();
    await member('13900000043', org2, RoleId.doctor, otherOffice.id);
    const elsewhere = await login('13900000043');
    expect(elsewhere.officeId).toBe(otherOffice.id);
    for (const [method, url, b] of calls)
      expect((await api(elsewhere, method as 'GET' | 'POST', url, b)).body.code, url).toBe(1);
    const idsOf = async (who: Who) =>
      (await api(who, 'GET', `${R}/list?box=received&limit=1000`)).body.data.list.map((r: { id: number }) => r.id);
    expect(await idsOf(elsewhere)).not.toContain(id);
    expect(await idsOf(third)).toEqual([]);
    expect((await api(third, 'GET', `${R}/info/999999`, undefined, 'en')).body.code).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'requested' });
    await step(doctor, 'cancel', id);
  });

  it('records every read by the receiving side, not the sending side’s', async () => {
    const id = await refer();
    expect(await readsOf(id)).toEqual([]);
    await api(doctor, 'GET', `${R}/info/${id}`);
    await api(doctor, 'GET', `${R}/list?box=sent`);
    expect(await readsOf(id)).toEqual([]);
    await api(expert, 'GET', `${R}/info/${id}`);
    await api(expert, 'GET', `${R}/list?box=received&limit=1000`);
    const reads = await readsOf(id);
    expect(reads.map((r) => [r.what, r.userId, r.organizationId])).toEqual([
      ['detail', expert.userId, org2],
      ['list', expert.userId, org2],
    ]);
    expect(reads[0]!.patientId).toBe((await rowOf(id)).patientId);
    await step(doctor, 'cancel', id);
  });

  it('keeps the receiving side’s access for the retention after the end, the sender’s for good', async () => {
    const id = await refer();
    await step(expert, 'receive', id);
    await step(expert, 'reject', id, { reason: '无床位' });
    expect((await api(expert, 'GET', `${R}/info/${id}`)).body.code).toBe(0);
    s.clock.advance(31 * 86_400_000);
    doctor.token = (await s.loginInto(DEMO.doctor)).token;
    expert.token = (await s.loginInto(DEMO.expert)).token;
    expect((await api(expert, 'GET', `${R}/info/${id}`)).body.code).toBe(1);
    const ids = (await api(expert, 'GET', `${R}/list?box=received&limit=1000`)).body.data.list.map(
      (r: { id: number }) => r.id,
    );
    expect(ids).not.toContain(id);
    expect((await api(doctor, 'GET', `${R}/info/${id}`)).body.code).toBe(0);
  });
});

describe('one open referral per patient and course', () => {
  it('refuses a second open referral, also when two are made at once, and allows one after the end', async () => {
    const b = body();
    const [a, c] = await Promise.all([
      api(doctor, 'POST', `${R}/request`, b, 'en'),
      api(doctor, 'POST', `${R}/request`, b, 'en'),
    ]);
    const codes = [a.body.code, c.body.code].sort();
    expect(codes).toEqual([0, 409]);
    const loser = a.body.code === 0 ? c : a;
    expect(loser.body.msg).toBe('This course already has an open referral: finish or cancel it first');
    const open = await s.app.db
      .select()
      .from(referrals)
      .where(and(eq(referrals.patientId, b.patientId), eq(referrals.treatmentId, b.treatmentId)));
    expect(open.filter((r) => r.status === 'requested')).toHaveLength(1);
    expect((await api(doctor, 'POST', `${R}/request`, b)).body.code).toBe(409);
    const id = (a.body.code === 0 ? a : c).body.data.id as number;
    await step(doctor, 'cancel', id);
    const again = await api(doctor, 'POST', `${R}/request`, b);
    expect(again.body.code).toBe(0);
    await step(doctor, 'cancel', again.body.data.id);
  });
});

describe('inside one organization', () => {
  it('sends the referral to another office: its doctors receive it, the rest of the organization is the sender', async () => {
    const targets = (await api(doctor, 'GET', `${R}/targets`)).body.data;
    const office = targets[0].offices.find((o: { id: number }) => o.id !== doctor.officeId);
    expect(office).toBeTruthy();
    await member('13900000044', org1, RoleId.doctor, office.id);
    const colleague = await login('13900000044');
    expect(colleague.officeId).toBe(office.id);
    const id = await refer({ toOrganizationId: org1, toOfficeId: office.id });
    const received = await api(colleague, 'GET', `${R}/list?box=received`);
    expect(received.body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    expect((await api(colleague, 'GET', `${R}/info/${id}`)).body.data.side).toBe('receiver');
    expect((await api(doctor, 'GET', `${R}/info/${id}`)).body.data.side).toBe('sender');
    expect((await step(doctor, 'receive', id)).body.code).toBe(409);
    expect((await step(colleague, 'receive', id)).body.code).toBe(0);
    expect((await step(colleague, 'accept', id)).body.code).toBe(0);
    expect((await readsOf(id)).map((r) => r.userId)).toEqual([colleague.userId, colleague.userId]);
    await step(doctor, 'cancel', id);
  });
});

describe('the product switch', () => {
  it('hides the screen and refuses the calls where telemedicine is switched off', async () => {
    const menuUrls = async (who: Who) => {
      const nav = (await api(who, 'GET', '/sys/menu/nav')).body;
      const walk = (list: { url: string | null; list: unknown[] }[]): string[] =>
        list.flatMap((n) => [...(n.url ? [n.url] : []), ...walk(n.list as never)]);
      return walk(nav.menuList);
    };
    expect(await menuUrls(doctor)).toContain('/patient/patientReferral');
    expect(await menuUrls(doctor)).toContain('/transferTreatment/treatmentList');
    const off = await createOrganization(s.app.db, { 'zh-CN': '未开通机构', en: 'Switched off' });
    await member('13900000045', off, RoleId.doctor);
    const outsider = await login('13900000045');
    expect(outsider.organizationId).toBe(off);
    expect(await menuUrls(outsider)).not.toContain('/patient/patientReferral');
    expect(await menuUrls(outsider)).not.toContain('/transferTreatment/treatmentList');
    expect((await api(outsider, 'GET', `${R}/list?box=sent&kind=transfer`)).status).toBe(403);
    expect((await api(outsider, 'GET', `${R}/list?box=sent`)).status).toBe(403);
    expect((await api(outsider, 'GET', `${R}/targets`)).status).toBe(403);
  });
});
