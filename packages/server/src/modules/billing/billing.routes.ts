import { PayStatus, billingEndpoints as endpoints, toPage, type Locale } from '@rehab/shared';
import { defineRoute, type RouteDef } from '../../http/route';
import type { SessionContext } from '../../http/session';
import { scopedRoutes } from '../../http/scoped-routes';
import { clinicTimeZone, clockNow } from '../../kernel/clock';
import { masterRows } from '../master-data';
import { currentOrganization } from '../organizations';
import { billables, createCharges, patientOrMissing, voidCharge } from './billing.charges';
import { entitlementRows, useEntitlement } from './billing.packages';
import { dailyReport } from './billing.daily';
import { scopeOf, type Scope } from './billing.kernel';
import { topUp } from './billing.prepaid';
import {
  accountEntries,
  chargeRows,
  listSettlements,
  receiptOf,
  receiptRow,
  settlementInfo,
  settlementsOfPatient,
} from './billing.read';
import { receiptPdf } from './billing.receipt';
import {
  cancelRefund,
  decideRefund,
  executeRefund,
  listRefunds,
  refundRuleRows,
  refundSignature,
  requestRefund,
  requestWithdraw,
  saveRefundRules,
  signRefundDecision,
} from './billing.refunds';
import { settle } from './billing.settle';
import {
  acceptHandover,
  closeShift,
  currentShift,
  handOver,
  listShifts,
  openShift,
  receivers,
  reopenShift,
  shiftInfo,
} from './billing.shifts';
import { billReceipts } from './billing.tables';
import { eq, sql } from 'drizzle-orm';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import type { AppContext } from '../../context';
import { balanceOf } from './billing.account';

const r = scopedRoutes((session: SessionContext, locale: Locale) => scopeOf(session, locale));

/** The bill of a patient: charges, what can be charged, settlements, requests, the balance and totals. */
async function bill(app: AppContext, scope: Scope, body: { patientId: number; treatmentId?: number }) {
  const patient = await patientOrMissing(app.db, scope, body.patientId);
  const [charges, billable, settlements, refunds, entitlements, balanceFen] = await Promise.all([
    chargeRows(app.db, scope, body.patientId, body.treatmentId),
    billables(app.db, scope, body.patientId, body.treatmentId),
    settlementsOfPatient(app.db, scope, body.patientId),
    listRefunds(app.db, scope, { page: 1, limit: 100, patientId: body.patientId }),
    entitlementRows(app.db, scope, body.patientId, clockNow()),
    balanceOf(app.db, body.patientId),
  ]);
  const unpaid = charges.filter((c) => c.payStatus === PayStatus.unpaid || c.payStatus === PayStatus.paymentPending);
  return {
    patient: { id: patient.id, name: patient.name, phone: patient.phone },
    charges,
    billable,
    settlements,
    refunds: refunds.list,
    entitlements,
    balanceFen,
    totals: {
      unpaidFen: unpaid.reduce((s, c) => s + c.amountFen, 0),
      paidFen: settlements.filter((s) => s.kind === 'charge').reduce((s, x) => s + x.totalFen, 0),
      refundedFen: settlements.filter((s) => s.kind === 'reversal').reduce((s, x) => s + x.totalFen, 0),
    },
  };
}

/**
 * Outpatient billing (issue 15; docs/decisions.md "Outpatient billing"). Money writes (settle, top-up, refund
 * request, decision and pay-out, shift open and close) take the idempotency key the dialog minted; a replay answers
 * the first answer. The organization is the session's; another organization's rows answer 404.
 */
export const billingRoutes: RouteDef[] = [
  defineRoute(endpoints.status, {
    // no electronic fiscal receipt or payment terminal adapter ships: the screens say "not configured"
    handler: async () => ({ data: { eReceiptAdapter: null, paymentTerminalAdapter: null } }),
  }),
  // reads of a patient's bill, settlements and account are in the access log (issue 22)
  r.data(endpoints.bill, bill, { audit: (body) => ({ kind: 'record', patientId: body.patientId, subject: 'bill' }) }),
  r.data(endpoints.chargeCreate, async (app, scope, body) => {
    const ids = await createCharges(app, scope, body);
    return (await chargeRows(app.db, scope, body.patientId)).filter((c) => ids.includes(c.id));
  }),
  r.data(endpoints.entitlementUse, (app, scope, body) => useEntitlement(app, scope, body)),
  r.action(endpoints.chargeVoid, (app, scope, body) => voidCharge(app, scope, body.id, body.reason)),
  r.data(endpoints.settle, async (app, scope, body) => settle(app, scope, body)),
  r.page(endpoints.settlementList, (app, scope, body) => listSettlements(app.db, scope, body), { patientRows: true }),
  r.info(endpoints.settlementInfo, (app, scope, id) => settlementInfo(app.db, scope, id), {
    audit: (id, data) => ({ kind: 'record', patientId: data.patientId, subject: `settlement ${id}` }),
  }),
  r.info(endpoints.receiptPrint, async (app, scope, id) =>
    runUnitOfWork(app, async ({ tx }) => {
      await receiptOf(tx, scope, id);
      const [row] = await tx
        .update(billReceipts)
        .set({ printCount: sql`${billReceipts.printCount} + 1` })
        .where(eq(billReceipts.id, id))
        .returning();
      return receiptRow(row!, null);
    }),
  ),
  defineRoute(endpoints.receiptPdf, {
    handler: async ({ app, session, locale, params, reply, auditRead }) => {
      const scope = scopeOf(session, locale);
      const { organization } = await currentOrganization(app, session);
      const { pdf, receiptNo } = await receiptPdf(
        app.db,
        scope,
        params.id,
        organization?.nameLang?.[locale] ?? organization?.name ?? '',
        clinicTimeZone(),
      );
      auditRead({ kind: 'report', subject: `receipt ${receiptNo}` });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="receipt-${receiptNo}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  }),
  defineRoute(endpoints.account, {
    handler: async ({ app, session, locale, body, auditRead }) => {
      const scope = scopeOf(session, locale);
      await patientOrMissing(app.db, scope, body.patientId);
      auditRead({ kind: 'record', patientId: body.patientId, subject: 'prepaid account' });
      const { list, total, balanceFen } = await accountEntries(app.db, scope, body.patientId, body.page, body.limit);
      return { data: toPage(list, total, body.page, body.limit), balanceFen };
    },
  }),
  r.data(endpoints.topUp, (app, scope, body) => topUp(app, scope, body)),
  r.data(endpoints.withdrawRequest, (app, scope, body) => requestWithdraw(app, scope, body)),
  r.data(endpoints.refundRequest, (app, scope, body) => requestRefund(app, scope, body)),
  r.page(endpoints.refundList, (app, scope, body) => listRefunds(app.db, scope, body), { patientRows: true }),
  r.data(endpoints.refundApprove, (app, scope, body) => decideRefund(app, scope, body, true)),
  r.data(endpoints.refundReject, (app, scope, body) => decideRefund(app, scope, body, false)),
  r.data(endpoints.refundSign, (app, scope, body) => signRefundDecision(app, scope, body.id)),
  r.info(endpoints.refundSignature, (app, scope, id) => refundSignature(app.db, scope, id)),
  r.data(endpoints.refundCancel, (app, scope, body) => cancelRefund(app, scope, body)),
  r.data(endpoints.refundExecute, (app, scope, body) => executeRefund(app, scope, body)),
  defineRoute(endpoints.shiftCurrent, {
    handler: async ({ app, session, locale }) => ({ data: await currentShift(app.db, scopeOf(session, locale)) }),
  }),
  r.data(endpoints.shiftOpen, (app, scope, body) => openShift(app, scope, body)),
  r.data(endpoints.shiftClose, (app, scope, body) => closeShift(app, scope, body)),
  r.data(endpoints.shiftHandover, (app, scope, body) => handOver(app, scope, body)),
  r.info(endpoints.shiftAccept, (app, scope, id) => acceptHandover(app, scope, id)),
  r.data(endpoints.shiftReopen, (app, scope, body) => reopenShift(app, scope, body)),
  r.page(endpoints.shiftList, (app, scope, body) => listShifts(app.db, scope, body)),
  r.info(endpoints.shiftInfo, (app, scope, id) => shiftInfo(app.db, scope, id)),
  defineRoute(endpoints.handoverTargets, {
    handler: async ({ app, session, locale }) => ({ data: await receivers(app.db, scopeOf(session, locale)) }),
  }),
  r.data(endpoints.daily, (app, scope, body) => dailyReport(app.db, scope, body)),
  defineRoute(endpoints.members, {
    handler: async ({ app, session, locale }) => ({
      data: (await masterRows(app.db, 'member', session.organizationId!))
        .filter((m) => m.status === 1)
        .map((m) => ({
          id: m.id as number,
          name: String((locale === 'en' && m.nameEn) || m.name),
          discount: String(m.discount),
        })),
    }),
  }),
  defineRoute(endpoints.refundRules, {
    handler: async ({ app, session, locale }) => ({ data: await refundRuleRows(app.db, scopeOf(session, locale)) }),
  }),
  r.action(endpoints.refundRulesSave, (app, scope, body) => saveRefundRules(app, scope, body.rules)),
];
