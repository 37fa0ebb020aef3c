// Tube and catheter care and equipment lease (issue 20): bad input writes nothing, another organization's rows are
// not found, permissions, reads of patient data in the access log, the change-due alert and the overdue lease on the
// application clock; the lease's deposit and rent on the patient's bill. (Product information is a master-data entity: master-data.test.ts covers it with the others.)
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleId } from '@rehab/shared';
import { hashPassword } from '../src/modules/auth';
import { userOrganizations, users } from '../src/modules/users/users.tables';
import { userRoles } from '../src/modules/roles/roles.tables';
import { messageRecipients, messages } from '../src/modules/messages/messages.tables';
import { tubes } from '../src/modules/tubes/tubes.tables';
import { leases } from '../src/modules/leases/leases.tables';
import { billCharges, billJournalLines } from '../src/modules/billing/billing.tables';
import { tubeChangeDueJob } from '../src/modules/tubes/tubes.jobs';
import { leaseOverdueJob } from '../src/modules/leases/leases.jobs';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

type Who = { token: string; organizationId: number };
let s: TestServer;
let doctor: Who;
let nurse2: Who; // a nurse and cashier of the other organization
let cashier: Who;
let therapist: Who;
let patientId: number;
const DAY = 86_400_000;

const api = (who: Who, method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who.token, body, lang });
const today = () => s.app.calendar.today();
const dayPlus = (n: number) => s.app.calendar.dayOf(new Date(s.clock.now().getTime() + n * DAY));
const rows = async (t: typeof tubes | typeof leases) => Number((await s.app.db.select({ n: count() }).from(t))[0]!.n);
const runJob = (job: typeof tubeChangeDueJob) => job.run({ app: s.app, params: {}, now: s.clock.now() });

/** Moves the clock by whole days; sessions idle for over an hour end, so everyone signs in again. */
async function advanceDays(n: number) {
  s.clock.advance(n * DAY);
  doctor = await s.loginInto(DEMO.doctor);
  cashier = await s.loginInto(DEMO.cashier);
  nurse2 = await s.loginInto('13900000051');
}

const accessRow = async (where: Parameters<TestServer['accessRows']>[0]) => (await s.accessRows(where))[0]!;

beforeAll(async () => {
  s = await startTestServer();
  doctor = await s.loginInto(DEMO.doctor);
  cashier = await s.loginInto(DEMO.cashier);
  therapist = await s.loginInto(DEMO.therapist);
  const expert = await s.loginInto(DEMO.expert);
  expect(expert.organizationId).not.toBe(doctor.organizationId);
  const [u] = await s.app.db
    .insert(users)
    .values({ name: '护士乙', phone: '13900000051', passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  await s.app.db.insert(userOrganizations).values({ userId: u!.id, organizationId: expert.organizationId });
  for (const roleId of [RoleId.nurse, RoleId.cashier])
    await s.app.db.insert(userRoles).values({ userId: u!.id, organizationId: expert.organizationId, roleId });
  nurse2 = await s.loginInto('13900000051');
  const picker = await api(doctor, 'GET', '/sys/pipeline/patients?keyword=');
  expect(picker.body.code).toBe(0);
  patientId = picker.body.data[0].id;
});
afterAll(() => s?.close());

const tube = (over: Record<string, unknown> = {}) => ({
  patientId,
  kind: 'urinary',
  site: '尿道',
  size: '16Fr',
  placedOn: today(),
  placedBy: '李护士',
  plannedChangeOn: dayPlus(2),
  ...over,
});
const risk = { consciousness: 1, cooperation: 1, discomfort: 0, mobility: 2, history: 0 };

describe('tubes', () => {
  let id: number;

  it('refuses bad input in the caller language and writes nothing', async () => {
    const before = await rows(tubes);
    const bad = await api(doctor, 'POST', '/sys/pipeline/save', tube({ kind: 'hose', site: '' }), 'en');
    expect(bad.body.code).not.toBe(0);
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.msg).toMatch(/invalid value|cannot be empty/);
    const early = await api(doctor, 'POST', '/sys/pipeline/save', tube({ plannedChangeOn: '2000-01-01' }));
    expect(early.body.msg).toBe('计划更换日期不能早于置管日期');
    const future = await api(doctor, 'POST', '/sys/pipeline/save', tube({ placedOn: dayPlus(1) }), 'en');
    expect(future.body.msg).toBe('The day placed cannot be in the future');
    expect(await rows(tubes)).toBe(before);
  });

  it('records a tube, lists it and shows its detail; the reads are in the access log', async () => {
    const saved = await api(doctor, 'POST', '/sys/pipeline/save', tube());
    expect(saved.body.code).toBe(0);
    id = saved.body.data.id;
    const page = await api(doctor, 'POST', '/sys/pipeline/page', { patientId });
    expect(page.body.data.list[0]).toMatchObject({ id, status: 'placed', changeDue: false, days: 0, riskLevel: null });
    const info = await api(doctor, 'GET', `/sys/pipeline/info/${id}`);
    expect(info.body.data).toMatchObject({ tube: { id, site: '尿道' }, cares: [] });
    const read = await accessRow((r) => r.kind === 'record' && r.subject === `tube ${id}`);
    expect(read).toMatchObject({ patientId, organizationId: doctor.organizationId });
  });

  it('care scores the risk of unplanned removal and moves the tube to maintained', async () => {
    const cared = await api(doctor, 'POST', '/sys/pipeline/care', {
      tubeId: id,
      action: 'clean',
      risk,
      note: '固定良好',
    });
    expect(cared.body.code).toBe(0);
    const info = await api(doctor, 'GET', `/sys/pipeline/info/${id}`);
    // urinary 1 + 1 + 1 + 0 + 2 + 0
    expect(info.body.data.tube).toMatchObject({ status: 'maintained', riskScore: 5, riskLevel: 'low' });
    expect(info.body.data.cares[0]).toMatchObject({ action: 'clean', riskScore: 5, caredByName: '王医生' });
    const badItem = await api(doctor, 'POST', '/sys/pipeline/care', {
      tubeId: id,
      action: 'clean',
      risk: { ...risk, history: 2 },
    });
    expect(badItem.body.code).not.toBe(0);
  });

  it("another organization's tube is not found; a role without the permission is refused", async () => {
    const info = await api(nurse2, 'GET', `/sys/pipeline/info/${id}`, undefined, 'en');
    expect(info.body.code).not.toBe(0);
    expect(info.body.msg).toBe('This tube does not exist or belongs to another organization');
    const care = await api(nurse2, 'POST', '/sys/pipeline/care', { tubeId: id, action: 'clean', risk });
    expect(care.body.code).not.toBe(0);
    const other = await api(nurse2, 'POST', '/sys/pipeline/save', tube());
    expect(other.body.code).not.toBe(0);
    expect((await api(nurse2, 'POST', '/sys/pipeline/page', {})).body.data.list).toEqual([]);
    const refused = await api(therapist, 'POST', '/sys/pipeline/page', {});
    expect(refused.status).toBe(403);
  });

  it('announces a change once when its day comes, on the application clock', async () => {
    expect(await runJob(tubeChangeDueJob)).toEqual({ tubesDue: 0 });
    await advanceDays(2);
    expect(await runJob(tubeChangeDueJob)).toEqual({ tubesDue: 1 });
    expect(await runJob(tubeChangeDueJob)).toEqual({ tubesDue: 0 });
    const [msg] = await s.app.db
      .select({ title: messages.title, link: messages.link, userId: messageRecipients.userId })
      .from(messages)
      .innerJoin(messageRecipients, eq(messageRecipients.messageId, messages.id))
      .where(eq(messages.link, `/pipeline/pipeline-detail/${patientId}/${id}/maintained`));
    expect(msg?.title).toMatch(/^管路到期更换/);
    const due = await api(doctor, 'POST', '/sys/pipeline/page', { changeDue: true });
    expect(due.body.data.list.map((t: { id: number }) => t.id)).toContain(id);
    // a new planned change re-arms the alert
    await api(doctor, 'POST', '/sys/pipeline/care', {
      tubeId: id,
      action: 'dressing',
      risk,
      plannedChangeOn: dayPlus(1),
    });
    await advanceDays(1);
    expect(await runJob(tubeChangeDueJob)).toEqual({ tubesDue: 1 });
  });

  it('removal takes a reason and ends the care', async () => {
    const removed = await api(doctor, 'POST', '/sys/pipeline/remove', {
      tubeId: id,
      reason: 'unplanned',
      removedOn: today(),
    });
    expect(removed.body.code).toBe(0);
    const again = await api(doctor, 'POST', '/sys/pipeline/care', { tubeId: id, action: 'clean', risk });
    expect(again.body.msg).toBe('该管路已拔除');
    const info = await api(doctor, 'GET', `/sys/pipeline/info/${id}`);
    expect(info.body.data.tube).toMatchObject({ status: 'removed', removalReason: 'unplanned', changeDue: false });
  });
});

describe('leases', () => {
  let equipment: { id: number; name: string; dailyPriceFen: number };
  let id: number;

  it('offers enabled equipment with its daily price in fen', async () => {
    const res = await api(cashier, 'GET', '/sys/lease/equipment');
    expect(res.body.code).toBe(0);
    equipment = res.body.data.find((e: { dailyPriceFen: number | null }) => e.dailyPriceFen);
    expect(equipment.dailyPriceFen).toBeGreaterThan(0);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await rows(leases);
    const reversed = await api(cashier, 'POST', '/sys/lease/save', {
      patientId,
      equipmentId: equipment.id,
      startOn: today(),
      plannedReturnOn: today(),
    });
    expect(reversed.body.msg).toBe('归还日期必须晚于开始日期');
    const negative = await api(cashier, 'POST', '/sys/lease/save', {
      patientId,
      equipmentId: equipment.id,
      startOn: today(),
      plannedReturnOn: dayPlus(3),
      depositFen: -1,
    });
    expect(negative.body.code).not.toBe(0);
    const foreign = await api(nurse2, 'POST', '/sys/lease/save', {
      patientId,
      equipmentId: equipment.id,
      startOn: today(),
      plannedReturnOn: dayPlus(3),
    });
    expect(foreign.body.code).not.toBe(0);
    expect(await rows(leases)).toBe(before);
  });

  it('leases, refuses the same equipment twice, and the doctor has no lease permission', async () => {
    const body = {
      patientId,
      equipmentId: equipment.id,
      startOn: today(),
      plannedReturnOn: dayPlus(3),
      depositFen: 50000,
    };
    const saved = await api(cashier, 'POST', '/sys/lease/save', body);
    expect(saved.body.code).toBe(0);
    id = saved.body.data.id;
    // the deposit is on the patient's bill, unpaid, in the deposit category
    const deposit = (await leaseLines(id)).find((c) => c.sourceType === 'leaseDeposit')!;
    expect(deposit).toMatchObject({ patientId, amountFen: 50000, quantity: 1, category: 6, payStatus: 0 });
    const bill = await api(cashier, 'POST', '/sys/pay/bill', { patientId });
    expect(bill.body.data.charges.map((c: { id: number }) => c.id)).toContain(deposit.id);
    const listed = await api(cashier, 'POST', '/sys/lease/page', {});
    expect(listed.body.data.list.find((l: { id: number }) => l.id === id)).toMatchObject({
      depositPayStatus: 0,
      rentPayStatus: null,
    });
    const twice = await api(cashier, 'POST', '/sys/lease/save', body, 'en');
    expect(twice.body.msg).toBe(`The equipment "${equipment.name}" is already leased out`);
    expect(
      (await api(cashier, 'GET', '/sys/lease/equipment')).body.data.map((e: { id: number }) => e.id),
    ).not.toContain(equipment.id);
    expect((await api(doctor, 'POST', '/sys/lease/page', {})).status).toBe(403);
    const other = await api(nurse2, 'POST', '/sys/lease/return', { id, returnedOn: today() });
    expect(other.body.code).not.toBe(0);
    expect((await api(nurse2, 'POST', '/sys/lease/page', {})).body.data.list).toEqual([]);
  });

  it('becomes overdue after its planned return day and settles the late rent on return', async () => {
    await advanceDays(3);
    expect(await leaseOverdueJob.run({ app: s.app, params: {}, now: s.clock.now() })).toEqual({ leasesOverdue: 0 });
    await advanceDays(2);
    expect(await leaseOverdueJob.run({ app: s.app, params: {}, now: s.clock.now() })).toEqual({ leasesOverdue: 1 });
    const page = await api(cashier, 'POST', '/sys/lease/page', { status: 'overdue' });
    expect(page.body.data.list[0]).toMatchObject({ id, status: 'overdue', lateDays: 2, days: 5 });
    const future = await api(cashier, 'POST', '/sys/lease/return', { id, returnedOn: dayPlus(1) });
    expect(future.body.msg).toBe('归还日期不能晚于今天');
    const back = await api(cashier, 'POST', '/sys/lease/return', { id, returnedOn: today() });
    expect(back.body.data).toMatchObject({
      status: 'returned',
      days: 5,
      lateDays: 2,
      depositFen: 50000,
      rentFen: 5 * equipment.dailyPriceFen,
    });
    const again = await api(cashier, 'POST', '/sys/lease/return', { id, returnedOn: today() });
    expect(again.body.msg).toBe('该租赁单已归还');
    await accessRow((r) => r.subject === 'leases' && r.organizationId === cashier.organizationId);
    // the rent is on the bill (five days at the daily price); the deposit, never paid, left it
    const lines = await leaseLines(id);
    expect(lines.find((c) => c.sourceType === 'lease')).toMatchObject({
      amountFen: 5 * equipment.dailyPriceFen,
      unitPriceFen: equipment.dailyPriceFen,
      quantity: 5,
      category: 5,
      payStatus: 0,
    });
    expect(lines.find((c) => c.sourceType === 'leaseDeposit')).toMatchObject({ payStatus: 9 });
    expect(back.body.data).toMatchObject({ depositPayStatus: null, rentPayStatus: 0 });
  });

  it('a paid deposit stays paid on return and is given back as a refund; the journal holds it as a deposit', async () => {
    const saved = await api(cashier, 'POST', '/sys/lease/save', {
      patientId,
      equipmentId: equipment.id,
      startOn: today(),
      plannedReturnOn: dayPlus(3),
      depositFen: 20000,
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const leaseId = saved.body.data.id as number;
    const deposit = (await leaseLines(leaseId)).find((c) => c.sourceType === 'leaseDeposit')!;
    const settled = await api(cashier, 'POST', '/sys/pay/settle', {
      idempotencyKey: `lease-deposit-${leaseId}`,
      patientId,
      chargeIds: [deposit.id],
      payments: [{ payType: '1', amount: '200.00' }],
    });
    expect(settled.body.code, JSON.stringify(settled.body)).toBe(0);
    const settlementId = settled.body.data.settlement.id as number;
    const posted = await s.app.db.select().from(billJournalLines).where(eq(billJournalLines.account, 'deposit'));
    expect(posted.map((l) => l.creditFen)).toContain(20000);
    const back = await api(cashier, 'POST', '/sys/lease/return', { id: leaseId, returnedOn: today() });
    expect(back.body.data).toMatchObject({ depositPayStatus: 1, rentPayStatus: 0, days: 1 });
    // a second return is refused and puts no second rent on the bill
    expect((await api(cashier, 'POST', '/sys/lease/return', { id: leaseId, returnedOn: today() })).body.code).not.toBe(
      0,
    );
    expect((await leaseLines(leaseId)).filter((c) => c.sourceType === 'lease')).toHaveLength(1);
    const refund = await api(cashier, 'POST', '/sys/pay/refund/request', {
      idempotencyKey: `lease-deposit-back-${leaseId}`,
      settlementId,
      lines: [{ chargeId: deposit.id, quantity: 1 }],
      reasonCode: 9,
      reason: '设备已归还，退押金',
    });
    expect(refund.body.code, JSON.stringify(refund.body)).toBe(0);
    expect(refund.body.data.amountFen).toBe(20000);
  });
});

/** The bill lines of a lease (its deposit and its rent), voided ones too. */
const leaseLines = (leaseId: number) =>
  s.app.db
    .select()
    .from(billCharges)
    .where(eq(billCharges.sourceId, leaseId))
    .then((rows) => rows.filter((c) => c.sourceType === 'lease' || c.sourceType === 'leaseDeposit'));
