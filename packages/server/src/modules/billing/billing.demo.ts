import { inArray } from 'drizzle-orm';
import { BillingPerm, RefundReason, RoleId, settlementAmounts, type ChargeItemInput } from '@rehab/shared';
import type { DemoContext } from '../../kernel/module';
import { masterRows } from '../master-data';
import { coursesOfPatient, patientsInTreatment } from '../patients';
import { staffWithRoles } from '../roles';
import { billables, createCharges } from './billing.charges';
import type { BillingHost, Scope } from './billing.kernel';
import { topUp } from './billing.prepaid';
import { settlementInfo } from './billing.read';
import { decideRefund, executeRefund, requestRefund } from './billing.refunds';
import { settle } from './billing.settle';
import { openShift } from './billing.shifts';
import { billCharges } from './billing.tables';

const ALL = new Set<string>(Object.values(BillingPerm));

/**
 * A morning at the till of the first demo organization, through the billing use cases themselves: the cashier's
 * shift; registrations and courses charged and paid in cash, by WeChat Pay, split between cash and Alipay with a
 * membership discount and the jiao let go, and from the prepaid balance after a top-up; a patient short of balance
 * (a real cost message to the front desk and the therapist); a refund paid out after finance approved it and one
 * waiting for finance; a patient still waiting at the till. The shift stays open, so the cashier can go on.
 */
export async function seedDemoBilling(ctx: DemoContext) {
  const [organizationId] = await ctx.organizationIds();
  if (!organizationId) return;
  // the seed has no live channel: messages are written, nobody is rung
  const host = { ...ctx.host, live: { notify: () => undefined } } as BillingHost;
  const first = async (roleId: number) => (await staffWithRoles(ctx.db, organizationId, [roleId], { order: 'id' }))[0];
  const [cashierUser, financeUser, adminUser] = [
    await first(RoleId.cashier),
    await first(RoleId.finance),
    await first(RoleId.orgAdmin),
  ];
  const registered = (await masterRows(ctx.db, 'registered', organizationId)).find((r) => r.status === 1 && r.fee);
  const member = (await masterRows(ctx.db, 'member', organizationId)).find((r) => r.status === 1);
  const patients = await patientsInTreatment(ctx.db, organizationId, 6);
  if (!cashierUser || !financeUser || !adminUser || !registered || !member || patients.length < 6) return;
  const scope = (userId: number, roleId: number): Scope => ({
    organizationId,
    userId,
    roleIds: [roleId],
    permissions: ALL,
    locale: 'zh-CN',
  });
  const cashier = scope(cashierUser.id, RoleId.cashier);
  const finance = scope(financeUser.id, RoleId.finance);
  const admin = scope(adminUser.id, RoleId.orgAdmin);
  let n = 0;
  const key = () => `demo-billing-${++n}`;
  const pay = (payType: string, amount: number, extra: { tendered?: number; outTradeNo?: string } = {}) => ({
    payType,
    amount,
    tendered: extra.tendered,
    outTradeNo: extra.outTradeNo,
  });

  /** Charges a patient's registration and every prescribed project of the active course. */
  const chargeCourse = async (patientId: number) => {
    const course = (await coursesOfPatient(ctx.db, organizationId, patientId)).find((c) => c.status === 1)!;
    const items = (await billables(ctx.db, cashier, patientId, course.id)).flatMap((b): ChargeItemInput[] =>
      b.sourceType === 'registration'
        ? [{ sourceType: 'registration' as const, treatmentId: course.id, registeredId: registered.id as number }]
        : b.sourceType === 'project'
          ? [{ sourceType: 'project' as const, projectId: b.sourceId }]
          : [],
    );
    const ids = await createCharges(host, cashier, { patientId, items });
    const lines = await ctx.db.select().from(billCharges).where(inArray(billCharges.id, ids));
    return { ids, lines };
  };

  await openShift(host, cashier, { idempotencyKey: key(), float: 50_000 });
  const [p1, p2, p3, p4, p5, p6] = patients as [number, number, number, number, number, number];

  // cash, the patient hands over round notes
  const a = await chargeCourse(p1);
  const dueA = settlementAmounts(a.lines).totalFen;
  const s1 = await settle(host, cashier, {
    idempotencyKey: key(),
    patientId: p1,
    chargeIds: a.ids,
    roundOff: false,
    payments: [pay('1', dueA, { tendered: Math.ceil(dueA / 10_000) * 10_000 })],
  });
  // WeChat Pay, the trade number from the scanner
  const b = await chargeCourse(p2);
  const s2 = await settle(host, cashier, {
    idempotencyKey: key(),
    patientId: p2,
    chargeIds: b.ids,
    roundOff: false,
    payments: [pay('2', settlementAmounts(b.lines).totalFen, { outTradeNo: '4200002026112508301234' })],
  });
  // a member: the discount on the treatment, the jiao let go, part cash and the rest by Alipay
  const c = await chargeCourse(p3);
  const dueC = settlementAmounts(c.lines, { discount: String(member.discount), roundOff: true }).totalFen;
  const cash = Math.min(10_000, dueC - 100);
  await settle(host, cashier, {
    idempotencyKey: key(),
    patientId: p3,
    chargeIds: c.ids,
    memberId: member.id as number,
    roundOff: true,
    payments: [pay('1', cash, { tendered: cash }), pay('3', dueC - cash, { outTradeNo: '2026112522001400012345' })],
  });
  // prepaid: a top-up by bank card, then the bill from the balance
  const d = await chargeCourse(p4);
  const dueD = settlementAmounts(d.lines).totalFen;
  await topUp(host, cashier, {
    idempotencyKey: key(),
    patientId: p4,
    amount: Math.ceil(dueD / 100_000) * 100_000 + 50_000,
    payType: '4',
    outTradeNo: 'POS-0001-2026',
  } as never);
  await settle(host, cashier, {
    idempotencyKey: key(),
    patientId: p4,
    chargeIds: d.ids,
    roundOff: false,
    payments: [pay('6', dueD)],
  });
  // short of balance: the lines wait for a top-up, the front desk and the therapist get a cost message
  const e = await chargeCourse(p5);
  await topUp(host, cashier, {
    idempotencyKey: key(),
    patientId: p5,
    amount: 5_000,
    payType: '1',
    tendered: 5_000,
  } as never);
  await settle(host, cashier, {
    idempotencyKey: key(),
    patientId: p5,
    chargeIds: e.ids,
    roundOff: false,
    payments: [pay('6', settlementAmounts(e.lines).totalFen)],
  }).catch(() => undefined);
  // still at the till
  await chargeCourse(p6);

  // the registration of the WeChat payer refunded after finance approved it: a re-issued receipt for the rest
  const reg = (await settlementInfo(ctx.db, cashier, s2.settlement.id)).lines.find(
    (l) => l.sourceType === 'registration',
  );
  if (reg) {
    const asked = await requestRefund(host, cashier, {
      idempotencyKey: key(),
      settlementId: s2.settlement.id,
      lines: [{ chargeId: reg.chargeId, quantity: 1 }],
      reasonCode: RefundReason.cashierError as never,
      reason: '挂号类型选错，应为康复复诊',
    });
    await decideRefund(host, finance, { idempotencyKey: key(), id: asked.id, note: '核实无误' }, true);
    await executeRefund(host, cashier, { idempotencyKey: key(), id: asked.id });
  }
  // two sessions the patient will not come for, waiting for finance
  const project = (await settlementInfo(ctx.db, cashier, s1.settlement.id)).lines.find(
    (l) => l.sourceType === 'project' && l.quantity >= 6,
  );
  if (project)
    await requestRefund(host, admin, {
      idempotencyKey: key(),
      settlementId: s1.settlement.id,
      lines: [{ chargeId: project.chargeId, quantity: 2 }],
      reasonCode: RefundReason.declined as never,
      reason: '患者出差，最后两次治疗不做',
    }).catch(() => undefined);
}
