import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { PayStatus, formatFen } from '@rehab/shared';
import { users } from '../src/db/schema';
import { tableOf } from '../src/modules/master-data/master-data.tables';
import { treatmentProjects, treatments } from '../src/modules/patients/patients.tables';
import { workOrders } from '../src/modules/work-orders/work-orders.tables';
import { messages } from '../src/modules/messages/messages.tables';
import {
  billAccounts,
  billCharges,
  billIdempotency,
  billJournalLines,
  billPayments,
  billReceipts,
  billSettlements,
} from '../src/modules/billing/billing.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

// Outpatient billing over HTTP (issue 15): charges once per source, settlement with split payment, idempotent
// replays, the concurrent settle race, receipts, refunds with approval (not by the requester, not of executed
// sessions), the prepaid ledger never negative, shifts locking their settlements, the daily report's identity and a
// journal that balances.

let s: TestServer;
type Who = { token: string; organizationId: number; userId: number };
let cashier: Who;
let finance: Who;
let admin: Who;
let other: Who; // super administrator in the second organization
let patientId: number;
let treatmentId: number;
let projectId: number;
let registeredId: number;

const api = (method: string, url: string, who: Who, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who.token, body, lang });
const post = (url: string, who: Who, body?: unknown, lang?: string) => api('POST', url, who, body, lang);
let keySeq = 0;
const key = () => `test-key-${Date.now()}-${++keySeq}`;

async function who(account: string, organizationIndex = 0): Promise<Who> {
  const login = await s.loginInto(account, organizationIndex);
  const [u] = await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, account));
  return { ...login, userId: u!.id };
}

const counts = async () => ({
  settlements: Number((await s.app.db.select({ n: count() }).from(billSettlements))[0]!.n),
  payments: Number((await s.app.db.select({ n: count() }).from(billPayments))[0]!.n),
  receipts: Number((await s.app.db.select({ n: count() }).from(billReceipts))[0]!.n),
  charges: JSON.stringify(await s.app.db.select().from(billCharges).orderBy(billCharges.id)),
});

async function refusedWithoutWrites(status: number, call: () => Promise<{ status: number; body: any }>) {
  const before = await counts();
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(status);
  expect(await counts()).toEqual(before);
  return res;
}

async function manualCharge(name: string, unitPrice: string, quantity = 1) {
  const res = await post('/sys/pay/charge/create', cashier, {
    patientId,
    items: [{ sourceType: 'manual', name, unitPrice, quantity }],
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data[0].id as number;
}

/** Sells the demo package of ten neck-and-shoulder sessions to a patient: answers the charge's creation. */
async function sellDemoPackage(patient: number) {
  const pkgTable = tableOf('treatPackage');
  const [pkg] = await s.app.db
    .select({ id: pkgTable.id })
    .from(pkgTable)
    .where(and(eq(pkgTable.organizationId, cashier.organizationId), eq(pkgTable.name, '颈肩康复10次套餐')));
  const sold = await post('/sys/pay/charge/create', cashier, {
    patientId: patient,
    items: [{ sourceType: 'package', packageId: pkg!.id }],
  });
  expect(sold.body.code, JSON.stringify(sold.body)).toBe(0);
  return sold;
}

beforeAll(async () => {
  s = await startTestServer();
  cashier = await who(DEMO.cashier);
  finance = await who(DEMO.finance);
  admin = await who(DEMO.orgAdmin);
  other = await who(DEMO.superAdmin, 1);
  // a patient of the first organization with an active course and a prescribed project of several sessions
  const [p] = await s.app.db
    .select({
      patientId: treatmentProjects.patientId,
      treatmentId: treatmentProjects.treatmentId,
      id: treatmentProjects.id,
    })
    .from(treatmentProjects)
    .innerJoin(treatments, eq(treatments.id, treatmentProjects.treatmentId))
    .where(
      and(
        eq(treatments.organizationId, cashier.organizationId),
        eq(treatments.status, 1),
        eq(treatmentProjects.status, 1),
        sql`${treatmentProjects.totalDosage} >= 3`,
        sql`EXISTS (SELECT 1 FROM wo_work_order o WHERE o.project_id = ${treatmentProjects.id})`,
        // not one of the patients of the till's demo day
        sql`NOT EXISTS (SELECT 1 FROM bill_charge c WHERE c.patient_id = ${treatmentProjects.patientId})`,
      ),
    )
    .orderBy(treatmentProjects.id)
    .limit(1);
  ({ patientId, treatmentId } = p!);
  projectId = p!.id;
  const reg = tableOf('registered');
  const [r] = await s.app.db
    .select({ id: reg.id })
    .from(reg)
    .where(and(eq(reg.organizationId, cashier.organizationId), eq(reg.name, '专科门诊')));
  registeredId = r!.id;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('billing', () => {
  it('takes no money without an open shift, and opens one shift per cashier, idempotently', async () => {
    // the demo day left the cashier's shift open: close it as counted
    const demo = (await post('/sys/pay/shift/current', cashier)).body.data;
    const counted = demo.report.expected.map((e: any) => ({
      payType: e.payType,
      counted: (e.amountFen / 100).toFixed(2),
    }));
    const closedDemo = await post('/sys/pay/shift/close', cashier, {
      idempotencyKey: key(),
      id: demo.id,
      counts: counted,
    });
    expect(closedDemo.body.code, JSON.stringify(closedDemo.body)).toBe(0);
    expect(closedDemo.body.data.differenceFen).toBe(0);
    const charge = await manualCharge('病历本', '2.00');
    const res = await refusedWithoutWrites(409, () =>
      post(
        '/sys/pay/settle',
        cashier,
        { idempotencyKey: key(), patientId, chargeIds: [charge], payments: [{ payType: '1', amount: '2' }] },
        'en',
      ),
    );
    expect(res.body.msg).toMatch(/Open your shift/);
    const k = key();
    const opened = await post('/sys/pay/shift/open', cashier, { idempotencyKey: k, float: '200.00' });
    expect(opened.body.code, JSON.stringify(opened.body)).toBe(0);
    expect(opened.body.data.floatFen).toBe(20000);
    const replay = await post('/sys/pay/shift/open', cashier, { idempotencyKey: k, float: '200.00' });
    expect(replay.body.data.id).toBe(opened.body.data.id);
    expect((await post('/sys/pay/shift/open', cashier, { idempotencyKey: key(), float: '0' })).status).toBe(409);
    const current = await post('/sys/pay/shift/current', cashier);
    expect(current.body.data.report.expected).toEqual([{ payType: '1', amountFen: 20000 }]);
    await post('/sys/pay/charge/void', cashier, { id: charge, reason: 'test' });
  });

  it('charges a registration and a course once, also under concurrent saves', async () => {
    const bill = await post('/sys/pay/bill', cashier, { patientId });
    expect(bill.body.code, JSON.stringify(bill.body)).toBe(0);
    expect(
      bill.body.data.billable.some((b: any) => b.sourceType === 'registration' && b.sourceId === treatmentId),
    ).toBe(true);
    expect(bill.body.data.billable.some((b: any) => b.sourceType === 'project' && b.sourceId === projectId)).toBe(true);
    const items = [
      { sourceType: 'registration', treatmentId, registeredId },
      { sourceType: 'project', projectId },
    ];
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post('/sys/pay/charge/create', cashier, { patientId, items })),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const created = results.find((r) => r.body.code === 0)!.body.data;
    expect(created.map((c: any) => c.sourceType)).toEqual(['registration', 'project']);
    expect(created[0].amountFen).toBe(2000);
    const [project] = await s.app.db.select().from(treatmentProjects).where(eq(treatmentProjects.id, projectId));
    expect(created[1].quantity).toBe(project!.totalDosage);
    expect(created[1].amountFen).toBe(Math.round(Number(project!.unitPrice) * 100) * project!.totalDosage);
    const again = await post('/sys/pay/bill', cashier, { patientId });
    expect(again.body.data.billable.some((b: any) => b.sourceType === 'project' && b.sourceId === projectId)).toBe(
      false,
    );
  });

  it("names the bill in the reader's language: the English names are snapshotted with the Chinese ones", async () => {
    const template = tableOf('projectTemplate');
    const [t] = await s.app.db
      .select({ name: template.name, nameEn: template.nameEn })
      .from(treatmentProjects)
      .innerJoin(template, eq(template.id, treatmentProjects.templateId))
      .where(eq(treatmentProjects.id, projectId));
    expect(t?.nameEn, 'the demo project template has an English name').toBeTruthy();
    const zh = (await post('/sys/pay/bill', cashier, { patientId })).body.data;
    const en = (await post('/sys/pay/bill', cashier, { patientId }, 'en')).body.data;
    const named = (bill: any, type: string) => bill.charges.find((c: any) => c.sourceType === type)?.name;
    expect(named(zh, 'registration')).toBe('挂号费（专科门诊）');
    expect(named(en, 'registration')).toMatch(/^Registration fee \(.+\)$/);
    expect(named(en, 'project')).toBe(t!.nameEn);
    expect(named(zh, 'project')).not.toBe(t!.nameEn);
    // a line charged before English names were kept reads in Chinese on English screens
    const manual = await manualCharge('病历本', '2.00');
    const enAgain = (await post('/sys/pay/bill', cashier, { patientId }, 'en')).body.data;
    expect(enAgain.charges.find((c: any) => c.id === manual).name).toBe('病历本');
    await post('/sys/pay/charge/void', cashier, { id: manual, reason: 'test' });
  });

  it('refuses bad payments with a clear message and writes nothing', async () => {
    const charges = (await post('/sys/pay/bill', cashier, { patientId })).body.data.charges.filter(
      (c: any) => c.payStatus === 0,
    );
    const ids = charges.map((c: any) => c.id);
    const due = charges.reduce((n: number, c: any) => n + c.amountFen, 0);
    const base = { patientId, chargeIds: ids };
    const r1 = await refusedWithoutWrites(400, () =>
      post(
        '/sys/pay/settle',
        cashier,
        { ...base, idempotencyKey: key(), payments: [{ payType: '1', amount: '1.00' }] },
        'en',
      ),
    );
    expect(r1.body.msg).toMatch(/do not add up/);
    const r2 = await refusedWithoutWrites(400, () =>
      post(
        '/sys/pay/settle',
        cashier,
        { ...base, idempotencyKey: key(), payments: [{ payType: '2', amount: (due / 100).toFixed(2) }] },
        'en',
      ),
    );
    expect(r2.body.msg).toMatch(/trade number/);
    await refusedWithoutWrites(400, () =>
      post('/sys/pay/settle', cashier, {
        ...base,
        idempotencyKey: key(),
        payments: [{ payType: '1', amount: '1.234' }],
      }),
    );
    await refusedWithoutWrites(400, () =>
      post('/sys/pay/settle', cashier, { ...base, idempotencyKey: 'x', payments: [] }),
    );
  });

  it('settles with a split payment once: replays answer the first answer, and of twenty racing settles one wins', async () => {
    const charges = (await post('/sys/pay/bill', cashier, { patientId })).body.data.charges.filter(
      (c: any) => c.payStatus === 0,
    );
    const ids = charges.map((c: any) => c.id);
    const due = charges.reduce((n: number, c: any) => n + c.amountFen, 0);
    const cash = 5000;
    const body = (k: string) => ({
      idempotencyKey: k,
      patientId,
      chargeIds: ids,
      payments: [
        { payType: '1', amount: (cash / 100).toFixed(2), tendered: '100' },
        { payType: '2', amount: ((due - cash) / 100).toFixed(2), outTradeNo: '4200001234202611250001' },
      ],
    });
    const racing = await Promise.all(Array.from({ length: 20 }, () => post('/sys/pay/settle', cashier, body(key()))));
    const won = racing.filter((r) => r.body.code === 0);
    expect(won).toHaveLength(1);
    for (const r of racing.filter((x) => x.body.code !== 0)) {
      expect(r.status).toBe(409);
      expect(r.body.msg).toMatch(/不是待缴费状态|already/);
    }
    const first = won[0]!.body.data;
    expect(first.replayed).toBe(false);
    expect(first.settlement.totalFen).toBe(due);
    expect(first.settlement.receiptNo).toMatch(/^SJ\d{4}-\d{6}$/);
    const cashPayment = first.settlement.payments.find((p: any) => p.payType === '1');
    expect(cashPayment).toMatchObject({ amountFen: cash, tenderedFen: 10000, changeFen: 5000 });
    // the answer is built from what the settle wrote: exactly what the settlement reads back as
    const readBack = async (id: number, lang?: string) =>
      (await api('GET', `/sys/pay/settlement/info/${id}`, cashier, undefined, lang)).body.data;
    expect(first.settlement).toEqual(await readBack(first.settlement.id));
    // the winner's key replayed (a double click, a retry after a timeout): the same answer, nothing new
    const before = await counts();
    const [stored] = await s.app.db
      .select({ key: billIdempotency.key })
      .from(billIdempotency)
      .where(
        and(
          eq(billIdempotency.action, 'settle'),
          sql`${billIdempotency.key} LIKE 'test-key-%'`,
          sql`${billIdempotency.answer} IS NOT NULL`,
        ),
      );
    const replay = await post('/sys/pay/settle', cashier, body(stored!.key));
    expect(replay.body.data.replayed).toBe(true);
    expect(replay.body.data.settlement.id).toBe(first.settlement.id);
    expect(await counts()).toEqual(before);
    const statuses = (await post('/sys/pay/bill', cashier, { patientId })).body.data.charges
      .filter((c: any) => ids.includes(c.id))
      .map((c: any) => c.payStatus);
    expect(statuses.every((x: number) => x === PayStatus.paid)).toBe(true);
    // with a round-off line of its own, in English
    // (a small one: later tests look for this patient's larger settlement)
    const odd = await manualCharge('康复评估', '1.88');
    const rounded = await post(
      '/sys/pay/settle',
      cashier,
      { idempotencyKey: key(), patientId, chargeIds: [odd], roundOff: true, payments: [{ payType: '4', amount: '1' }] },
      'en',
    );
    expect(rounded.body.code, JSON.stringify(rounded.body)).toBe(0);
    const r = rounded.body.data.settlement;
    expect(r.lines.map((l: any) => [l.name, l.amountFen])).toEqual([
      ['康复评估', 188],
      ['Round-off', -88],
    ]);
    expect(r).toEqual(await readBack(r.id, 'en'));
  });

  it('prints receipts, counts reprints and renders the PDF', async () => {
    const list = await post('/sys/pay/settlement/list', cashier, { page: 1, limit: 10, patientId });
    const settlement = list.body.data.list[0];
    const info = await api('GET', `/sys/pay/settlement/info/${settlement.id}`, cashier);
    const receipt = info.body.data.receipts[0];
    expect((await post(`/sys/pay/receipt/print/${receipt.id}`, cashier)).body.data.printCount).toBe(1);
    expect((await post(`/sys/pay/receipt/print/${receipt.id}`, cashier)).body.data.printCount).toBe(2);
    const pdf = await fetch(`${s.base}/api/sys/pay/receipt/pdf/${receipt.id}`, { headers: { token: cashier.token } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
  });

  it("answers 404 for another organization's bill, settlement and receipt", async () => {
    const settlement = (await post('/sys/pay/settlement/list', cashier, { page: 1, limit: 1 })).body.data.list[0];
    expect((await post('/sys/pay/bill', other, { patientId })).status).toBe(404);
    expect((await api('GET', `/sys/pay/settlement/info/${settlement.id}`, other)).status).toBe(404);
    const receipt = (await api('GET', `/sys/pay/settlement/info/${settlement.id}`, cashier)).body.data.receipts[0];
    expect((await api('GET', `/sys/pay/receipt/pdf/${receipt.id}`, other)).status).toBe(404);
  });

  it('refunds with approval: never above what is left, never by the requester, never an executed session', async () => {
    const bill = (await post('/sys/pay/bill', cashier, { patientId })).body.data;
    const settlement = bill.settlements.find((x: any) => x.kind === 'charge' && x.totalFen > 200);
    const info = (await api('GET', `/sys/pay/settlement/info/${settlement.id}`, cashier)).body.data;
    const registration = info.lines.find((l: any) => l.sourceType === 'registration');
    const project = info.lines.find((l: any) => l.sourceType === 'project');
    const request = (lines: any[], k = key()) =>
      post(
        '/sys/pay/refund/request',
        cashier,
        { idempotencyKey: k, settlementId: settlement.id, lines, reasonCode: 1, reason: '患者放弃' },
        'en',
      );
    const tooMuch = await request([{ chargeId: registration.chargeId, quantity: 2 }]);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.msg).toMatch(/can still be refunded/);
    // a session executed (a completed work order of the project) stays paid
    const [order] = await s.app.db.select().from(workOrders).where(eq(workOrders.projectId, projectId)).limit(1);
    await s.app.db.update(workOrders).set({ status: 3, completedAt: new Date() }).where(eq(workOrders.id, order!.id));
    const executed = await request([{ chargeId: project.chargeId, quantity: project.quantity }]);
    expect(executed.status, JSON.stringify(executed.body)).toBe(409);
    expect(executed.body.msg).toMatch(/\d+ session\(s\) of .* were already executed/);
    // the organization administrator (who holds every billing permission) asks, so only the requester rule stops them
    const asked = await post('/sys/pay/refund/request', admin, {
      idempotencyKey: key(),
      settlementId: settlement.id,
      lines: [{ chargeId: registration.chargeId, quantity: 1 }],
      reasonCode: 3,
      reason: '挂号类型选错',
    });
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(0);
    expect(asked.body.data.status).toBe('pending');
    expect(asked.body.data.amountFen).toBeGreaterThan(0);
    const again = await request([{ chargeId: project.chargeId, quantity: 1 }]);
    expect(again.status).toBe(409);
    const charge = (await post('/sys/pay/bill', cashier, { patientId })).body.data.charges.find(
      (c: any) => c.id === registration.chargeId,
    );
    expect(charge.payStatus).toBe(PayStatus.refundPending);
    const self = await post('/sys/pay/refund/approve', admin, { idempotencyKey: key(), id: asked.body.data.id }, 'en');
    expect(self.status).toBe(403);
    expect(self.body.msg).toMatch(/cannot approve or reject their own/);
    expect(
      (await post('/sys/pay/refund/approve', cashier, { idempotencyKey: key(), id: asked.body.data.id })).status,
    ).toBe(403);
    const list = await post('/sys/pay/refund/list', admin, { page: 1, limit: 10, status: 'pending' });
    expect(list.body.data.list[0]).toMatchObject({ id: asked.body.data.id, canDecide: false });
    expect(
      (await post('/sys/pay/refund/list', finance, { page: 1, limit: 10, status: 'pending' })).body.data.list[0]
        .canDecide,
    ).toBe(true);
    const approved = await post('/sys/pay/refund/approve', finance, {
      idempotencyKey: key(),
      id: asked.body.data.id,
      note: 'ok',
    });
    expect(approved.body.code, JSON.stringify(approved.body)).toBe(0);
    expect(approved.body.data.status).toBe('approved');
    // paid out by hand: the payments must add up to the refund, and each be a pay type of the dictionary (that
    // refusal is told as it is, not as a wrong total)
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    const short = await post(
      '/sys/pay/refund/execute',
      cashier,
      {
        idempotencyKey: key(),
        id: asked.body.data.id,
        payments: [{ payType: '1', amount: yuan(asked.body.data.amountFen - 1) }],
      },
      'en',
    );
    expect(short.body.msg).toMatch(/must add up to the refund/);
    const unknownType = await post(
      '/sys/pay/refund/execute',
      cashier,
      {
        idempotencyKey: key(),
        id: asked.body.data.id,
        payments: [{ payType: '88', amount: yuan(asked.body.data.amountFen) }],
      },
      'en',
    );
    expect(unknownType.body.msg).toBe('The payment type 88 is not in the dictionary');
    const paidOut = await post('/sys/pay/refund/execute', cashier, { idempotencyKey: key(), id: asked.body.data.id });
    expect(paidOut.body.code, JSON.stringify(paidOut.body)).toBe(0);
    expect(paidOut.body.data.status).toBe('executed');
    const after = (await api('GET', `/sys/pay/settlement/info/${settlement.id}`, cashier)).body.data;
    expect(after.refundedFen).toBe(asked.body.data.amountFen);
    expect(after.receipts[0].voidedAt).not.toBeNull();
    expect(after.receipts[1]).toMatchObject({
      kind: 'reissue',
      amountFen: settlement.totalFen - asked.body.data.amountFen,
    });
    expect(after.receiptNo).toBe(after.receipts[1].receiptNo);
    const refunded = (await post('/sys/pay/bill', cashier, { patientId })).body.data.charges.find(
      (c: any) => c.id === registration.chargeId,
    );
    expect(refunded.payStatus).toBe(PayStatus.refunded);
    await s.app.db.update(workOrders).set({ status: 1, completedAt: null }).where(eq(workOrders.id, order!.id));
  });

  it('never pays out more cash than the drawer holds', async () => {
    const drawer = async () =>
      (await post('/sys/pay/shift/current', cashier)).body.data.report.expected.find((e: any) => e.payType === '1')
        ?.amountFen ?? 0;
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    const price = (await drawer()) + 10_000;
    const charge = await manualCharge('康复辅具', yuan(price));
    const settled = await post('/sys/pay/settle', cashier, {
      idempotencyKey: key(),
      patientId,
      chargeIds: [charge],
      payments: [{ payType: '4', amount: yuan(price) }],
    });
    expect(settled.body.code, JSON.stringify(settled.body)).toBe(0);
    const asked = await post('/sys/pay/refund/request', cashier, {
      idempotencyKey: key(),
      settlementId: settled.body.data.settlement.id,
      lines: [{ chargeId: charge, quantity: 1 }],
      reasonCode: 1,
      reason: '患者放弃',
    });
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(0);
    const id = asked.body.data.id;
    expect((await post('/sys/pay/refund/approve', finance, { idempotencyKey: key(), id })).body.code).toBe(0);
    const inDrawer = await drawer();
    const before = await counts();
    const inCash = await post(
      '/sys/pay/refund/execute',
      cashier,
      { idempotencyKey: key(), id, payments: [{ payType: '1', amount: yuan(price) }] },
      'en',
    );
    expect(inCash.status, JSON.stringify(inCash.body)).toBe(409);
    expect(inCash.body.msg).toBe(
      `The cash drawer holds ${formatFen(inDrawer)}: ${formatFen(price)} cannot be paid out in cash. Choose another way to refund`,
    );
    expect(await counts()).toEqual(before);
    // back to the card it was paid with: no cash leaves the drawer
    const toCard = await post('/sys/pay/refund/execute', cashier, { idempotencyKey: key(), id });
    expect(toCard.body.code, JSON.stringify(toCard.body)).toBe(0);
    expect(await drawer()).toBe(inDrawer);
  });

  it('sells a package, pays completed sessions with it once, and refunds the unused part prorated', async () => {
    // another patient's project with work orders and nothing on the bill
    const [p] = await s.app.db
      .select({ patientId: treatmentProjects.patientId, id: treatmentProjects.id, name: treatmentProjects.name })
      .from(treatmentProjects)
      .where(
        and(
          eq(treatmentProjects.organizationId, cashier.organizationId),
          sql`${treatmentProjects.patientId} <> ${patientId}`,
          sql`(SELECT count(*) FROM wo_work_order o WHERE o.project_id = ${treatmentProjects.id}) >= 4`,
          sql`NOT EXISTS (SELECT 1 FROM bill_charge c WHERE c.patient_id = ${treatmentProjects.patientId})`,
        ),
      )
      .orderBy(treatmentProjects.id)
      .limit(1);
    const owner = p!.patientId;
    const orders = await s.app.db
      .select({ id: workOrders.id, status: workOrders.status })
      .from(workOrders)
      .where(eq(workOrders.projectId, p!.id))
      .orderBy(workOrders.id)
      .limit(4);
    const [done1, done2, done3, notDone] = orders;
    const restore = orders.map((o) => ({ ...o }));
    await s.app.db
      .update(workOrders)
      .set({ status: 3, completedAt: new Date() })
      .where(sql`${workOrders.id} IN (${done1!.id}, ${done2!.id}, ${done3!.id})`);
    await s.app.db.update(workOrders).set({ status: 1 }).where(eq(workOrders.id, notDone!.id));
    const sold = await sellDemoPackage(owner);
    const chargeId = sold.body.data[0].id;
    const bill = async (lang?: string) => (await post('/sys/pay/bill', cashier, { patientId: owner }, lang)).body.data;
    let card = (await bill('en')).entitlements[0];
    expect(card).toMatchObject({
      chargeId,
      name: 'Neck and shoulder, 10 sessions',
      sessionsTotal: 10,
      sessionsLeft: 10,
      state: 'unpaid',
    });
    // valid for the package's 90 days from the sale
    expect(Date.parse(card.validUntil) - Date.now()).toBeGreaterThan(89 * 86_400_000);
    const use = (workOrderIds: number[], k = key()) =>
      post('/sys/pay/entitlement/use', cashier, { idempotencyKey: k, entitlementId: card.id, workOrderIds }, 'en');
    const unpaid = await refusedWithoutWrites(409, () => use([done1!.id]));
    expect(unpaid.body.msg).toMatch(/is not paid yet/);
    const paid = await post('/sys/pay/settle', cashier, {
      idempotencyKey: key(),
      patientId: owner,
      chargeIds: [chargeId],
      payments: [{ payType: '4', amount: '1200.00' }],
    });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(0);
    expect((await refusedWithoutWrites(409, () => use([notDone!.id]))).body.msg).toMatch(/completed/);
    // two racing uses of the same sessions: one wins; a replay answers the first answer
    // (either may win: the replay uses the winner's key, since a refused attempt keeps no answer)
    const keys = [key(), key()];
    const raced = await Promise.all(keys.map((k) => use([done1!.id, done2!.id], k)));
    expect(raced.filter((r) => r.body.code === 0)).toHaveLength(1);
    const winner = keys[raced.findIndex((r) => r.body.code === 0)];
    const replay = await use([done1!.id, done2!.id], winner);
    expect(replay.body.data).toMatchObject({ sessionsUsed: 2 });
    card = (await bill()).entitlements[0];
    expect(card).toMatchObject({ state: 'active', sessionsUsed: 2, sessionsLeft: 8 });
    expect(card.uses.map((u: any) => u.workOrderId).sort()).toEqual([done1!.id, done2!.id].sort());
    // a session paid by the package is charged neither per session nor with its course
    const after = await bill();
    expect(after.billable.some((b: any) => b.sourceType === 'workOrder' && b.sourceId === done1!.id)).toBe(false);
    expect(after.billable.some((b: any) => b.sourceType === 'project' && b.sourceId === p!.id)).toBe(false);
    const again = await post(
      '/sys/pay/charge/create',
      cashier,
      { patientId: owner, items: [{ sourceType: 'workOrder', workOrderId: done1!.id }] },
      'en',
    );
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/paid with a package session/);
    const course = await post(
      '/sys/pay/charge/create',
      cashier,
      { patientId: owner, items: [{ sourceType: 'project', projectId: p!.id }] },
      'en',
    );
    expect(course.status).toBe(409);
    // the third session is charged in money; then the package cannot take it
    const money = await post('/sys/pay/charge/create', cashier, {
      patientId: owner,
      items: [{ sourceType: 'workOrder', workOrderId: done3!.id }],
    });
    expect(money.body.code, JSON.stringify(money.body)).toBe(0);
    expect((await refusedWithoutWrites(409, () => use([done3!.id]))).body.msg).toMatch(/already on the bill/);
    await post('/sys/pay/charge/void', cashier, { id: money.body.data[0].id, reason: 'test' });
    // refund: the 8 unused sessions' part of 1,200.00 (960.00); the used ones stay paid
    const asked = await post('/sys/pay/refund/request', cashier, {
      idempotencyKey: key(),
      settlementId: paid.body.data.settlement.id,
      lines: [{ chargeId, quantity: 1 }],
      reasonCode: 1,
      reason: '患者放弃',
    });
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(0);
    expect(asked.body.data.amountFen).toBe(96_000);
    expect((await refusedWithoutWrites(409, () => use([done3!.id]))).body.msg).toMatch(/refund .* is being asked/);
    expect(
      (await post('/sys/pay/refund/approve', finance, { idempotencyKey: key(), id: asked.body.data.id })).body.code,
    ).toBe(0);
    const out = await post('/sys/pay/refund/execute', cashier, { idempotencyKey: key(), id: asked.body.data.id });
    expect(out.body.code, JSON.stringify(out.body)).toBe(0);
    const info = (await api('GET', `/sys/pay/settlement/info/${paid.body.data.settlement.id}`, cashier)).body.data;
    expect(info.refundedFen).toBe(96_000);
    expect(info.receipts.at(-1)).toMatchObject({ kind: 'reissue', amountFen: 24_000 });
    expect((await bill()).entitlements[0].state).toBe('refunded');
    expect((await refusedWithoutWrites(409, () => use([done3!.id]))).body.msg).toMatch(/was refunded/);
    for (const o of restore) await s.app.db.update(workOrders).set({ status: o.status }).where(eq(workOrders.id, o.id));
  });

  it('gives a package session back when the execution it paid for is withdrawn, and takes it again once re-executed', async () => {
    const [p] = await s.app.db
      .select({ patientId: treatmentProjects.patientId, id: treatmentProjects.id })
      .from(treatmentProjects)
      .where(
        and(
          eq(treatmentProjects.organizationId, cashier.organizationId),
          sql`(SELECT count(*) FROM wo_work_order o WHERE o.project_id = ${treatmentProjects.id} AND o.status = 1) >= 1`,
          sql`NOT EXISTS (SELECT 1 FROM bill_charge c WHERE c.patient_id = ${treatmentProjects.patientId})`,
        ),
      )
      .orderBy(treatmentProjects.id)
      .limit(1);
    const owner = p!.patientId;
    const [order] = await s.app.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(and(eq(workOrders.projectId, p!.id), eq(workOrders.status, 1)))
      .orderBy(workOrders.id)
      .limit(1);
    const handle = (action: 'execute' | 'withdraw') =>
      api('PUT', '/sys/referral/handleState', admin, { id: order!.id, action });
    expect((await handle('execute')).body.code).toBe(0);
    const sold = await sellDemoPackage(owner);
    const paid = await post('/sys/pay/settle', cashier, {
      idempotencyKey: key(),
      patientId: owner,
      chargeIds: [sold.body.data[0].id],
      payments: [{ payType: '4', amount: '1200.00' }],
    });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(0);
    const card = async () =>
      (await post('/sys/pay/bill', cashier, { patientId: owner }, 'en')).body.data.entitlements[0];
    const entitlementId = (await card()).id;
    const use = () =>
      post(
        '/sys/pay/entitlement/use',
        cashier,
        { idempotencyKey: key(), entitlementId, workOrderIds: [order!.id] },
        'en',
      );
    expect((await use()).body.data.sessionsUsed).toBe(1);

    // withdrawn: the session is back, the use stays listed as returned
    expect((await handle('withdraw')).body.code).toBe(0);
    let now = await card();
    expect(now).toMatchObject({ sessionsUsed: 0, sessionsLeft: 10, state: 'active' });
    expect(now.uses).toHaveLength(1);
    expect(now.uses[0]).toMatchObject({ workOrderId: order!.id });
    expect(now.uses[0].returnedAt).toEqual(expect.any(String));
    // an unfinished order takes no session; executed again, it takes one anew
    expect((await refusedWithoutWrites(409, use)).body.msg).toMatch(/completed/);
    expect((await handle('execute')).body.code).toBe(0);
    expect((await use()).body.data.sessionsUsed).toBe(1);
    now = await card();
    expect(now.uses.map((u: any) => u.returnedAt === null)).toEqual([false, true]);
    // the use rows are append-only: only the return is ever recorded, once
    const rows = await s.app.db.execute(
      sql`SELECT id FROM bill_entitlement_use WHERE work_order_id = ${order!.id} ORDER BY id`,
    );
    const [returnedId] = (rows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    await expect(s.app.db.execute(sql`DELETE FROM bill_entitlement_use WHERE id = ${returnedId}`)).rejects.toThrow();
    await expect(
      s.app.db.execute(sql`UPDATE bill_entitlement_use SET returned_at = NULL WHERE id = ${returnedId}`),
    ).rejects.toThrow();
    await handle('withdraw');
  });

  it('keeps the prepaid balance never negative: short balance waits for a top-up, concurrent consumes stop at zero', async () => {
    const top = await post('/sys/pay/account/topUp', cashier, {
      idempotencyKey: key(),
      patientId,
      amount: '100',
      payType: '1',
      tendered: '100',
    });
    expect(top.body.code, JSON.stringify(top.body)).toBe(0);
    expect(top.body.data.balanceFen).toBe(10000);
    const big = await manualCharge('康复辅具', '150.00');
    const messagesBefore = Number((await s.app.db.select({ n: count() }).from(messages))[0]!.n);
    const short = await post(
      '/sys/pay/settle',
      cashier,
      { idempotencyKey: key(), patientId, chargeIds: [big], payments: [{ payType: '6', amount: '150' }] },
      'en',
    );
    expect(short.status).toBe(409);
    expect(short.body.msg).toMatch(/prepaid balance \(100\.00\) is less than 150\.00/);
    const waiting = (await post('/sys/pay/bill', cashier, { patientId })).body.data.charges.find(
      (c: any) => c.id === big,
    );
    expect(waiting.payStatus).toBe(PayStatus.paymentPending);
    await expect
      .poll(async () => Number((await s.app.db.select({ n: count() }).from(messages))[0]!.n))
      .toBeGreaterThan(messagesBefore);
    const [cost] = await s.app.db
      .select()
      .from(messages)
      .orderBy(sql`${messages.id} DESC`)
      .limit(1);
    expect(cost!.category).toBe('cost');
    await post('/sys/pay/account/topUp', cashier, {
      idempotencyKey: key(),
      patientId,
      amount: '60',
      payType: '3',
      outTradeNo: '2026112522001',
    });
    const back = (await post('/sys/pay/bill', cashier, { patientId })).body.data.charges.find((c: any) => c.id === big);
    expect(back.payStatus).toBe(PayStatus.unpaid);
    const paid = await post('/sys/pay/settle', cashier, {
      idempotencyKey: key(),
      patientId,
      chargeIds: [big],
      payments: [{ payType: '6', amount: '150' }],
    });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(0);
    expect(paid.body.data.settlement.balanceFen).toBe(1000);
    // ten racing consumes of 2.00 against a balance of 10.00: five succeed
    const small = [];
    for (let i = 0; i < 10; i++) small.push(await manualCharge(`材料${i}`, '2.00'));
    const race = await Promise.all(
      small.map((id) =>
        post('/sys/pay/settle', cashier, {
          idempotencyKey: key(),
          patientId,
          chargeIds: [id],
          payments: [{ payType: '6', amount: '2' }],
        }),
      ),
    );
    expect(race.filter((r) => r.body.code === 0)).toHaveLength(5);
    const [account] = await s.app.db.select().from(billAccounts).where(eq(billAccounts.patientId, patientId));
    expect(account!.balanceFen).toBe(0);
    const ledger = await post('/sys/pay/account/entries', cashier, { patientId, page: 1, limit: 50 });
    expect(ledger.body.balanceFen).toBe(0);
    expect(ledger.body.data.list.every((e: any) => e.balanceAfterFen >= 0)).toBe(true);
    for (const id of small) await post('/sys/pay/charge/void', cashier, { id, reason: 'test' });
  });

  it('closes the shift with counts (a difference needs its reason), locks it, hands it over and lets a supervisor reopen it', async () => {
    const current = (await post('/sys/pay/shift/current', cashier)).body.data;
    const counts = current.report.expected.map((e: any) => ({
      payType: e.payType,
      counted: (e.amountFen / 100).toFixed(2),
    }));
    const cash = counts.find((c: any) => c.payType === '1');
    cash.counted = (Number(cash.counted) - 1).toFixed(2);
    const noReason = await post(
      '/sys/pay/shift/close',
      cashier,
      { idempotencyKey: key(), id: current.id, counts },
      'en',
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toMatch(/give the reason/);
    cash.reason = '找零差错';
    const closed = await post('/sys/pay/shift/close', cashier, { idempotencyKey: key(), id: current.id, counts });
    expect(closed.body.code, JSON.stringify(closed.body)).toBe(0);
    expect(closed.body.data.status).toBe('closed');
    expect(closed.body.data.differenceFen).toBe(-100);
    // closed: no settlement can be added to it
    const charge = await manualCharge('复印病历', '1.00');
    const locked = await post('/sys/pay/settle', cashier, {
      idempotencyKey: key(),
      patientId,
      chargeIds: [charge],
      payments: [{ payType: '1', amount: '1' }],
    });
    expect(locked.status).toBe(409);
    const handed = await post('/sys/pay/shift/handover', cashier, { id: current.id, toUserId: finance.userId });
    expect(handed.body.code, JSON.stringify(handed.body)).toBe(0);
    expect((await post(`/sys/pay/shift/accept/${current.id}`, admin)).status).toBe(403);
    const accepted = await post(`/sys/pay/shift/accept/${current.id}`, finance);
    expect(accepted.body.data.status).toBe('handedOver');
    expect((await post('/sys/pay/shift/reopen', cashier, { id: current.id, reason: 'x' })).status).toBe(403);
    const reopened = await post('/sys/pay/shift/reopen', finance, { id: current.id, reason: '补录一笔' });
    expect(reopened.body.code, JSON.stringify(reopened.body)).toBe(0);
    expect(reopened.body.data).toMatchObject({ status: 'open', reopenedCount: 1 });
    await post('/sys/pay/charge/void', cashier, { id: charge, reason: 'test' });
  });

  it('reports the day: the identity holds and the journal balances', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(s.clock.now());
    const report = await post('/sys/pay/daily', finance, { date: today });
    expect(report.body.code, JSON.stringify(report.body)).toBe(0);
    const d = report.body.data;
    expect(d.identity.holds).toBe(true);
    expect(d.journal.debitFen).toBe(d.journal.creditFen);
    expect(d.settlementCount).toBeGreaterThan(0);
    // this test's receipts: the refunded settlement's first voided, its re-issue used, the printed one reprinted
    const ours = (await post('/sys/pay/bill', cashier, { patientId })).body.data.settlements.filter(
      (x: any) => x.kind === 'charge',
    );
    const receipts = (
      await Promise.all(ours.map((x: any) => api('GET', `/sys/pay/settlement/info/${x.id}`, cashier)))
    ).flatMap((r) => r.body.data.receipts);
    for (const r of receipts) expect(d.receipts.used).toContain(r.receiptNo);
    for (const r of receipts.filter((x: any) => x.voidedAt)) expect(d.receipts.voided).toContain(r.receiptNo);
    for (const r of receipts.filter((x: any) => x.printCount > 1)) expect(d.receipts.reprinted).toContain(r.receiptNo);
    expect(receipts.some((x: any) => x.voidedAt)).toBe(true);
    expect(receipts.some((x: any) => x.printCount > 1)).toBe(true);
    expect(d.refunds.map((x: any) => x.patientName)).toContain(
      (await post('/sys/pay/bill', cashier, { patientId })).body.data.patient.name,
    );
    const [{ debit, credit }] = (await s.app.db
      .select({
        debit: sql<number>`coalesce(sum(${billJournalLines.debitFen}), 0)`,
        credit: sql<number>`coalesce(sum(${billJournalLines.creditFen}), 0)`,
      })
      .from(billJournalLines)) as [{ debit: number; credit: number }];
    expect(Number(debit)).toBe(Number(credit));
    const mine = await post('/sys/pay/daily', cashier, { date: today, cashierId: cashier.userId });
    expect(mine.body.data.identity.holds).toBe(true);
  });
});
