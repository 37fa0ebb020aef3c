import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BillingPerm, RoleId } from '@rehab/shared';
import { users } from '../src/db/schema';
import { AppError } from '../src/http/errors';
import { patients } from '../src/modules/patients/patients.tables';
import { createCharges } from '../src/modules/billing/billing.charges';
import { dailyReport } from '../src/modules/billing/billing.daily';
import type { Scope } from '../src/modules/billing/billing.kernel';
import { topUp } from '../src/modules/billing/billing.prepaid';
import { settlementInfo } from '../src/modules/billing/billing.read';
import { decideRefund, executeRefund, requestRefund, requestWithdraw } from '../src/modules/billing/billing.refunds';
import { settle } from '../src/modules/billing/billing.settle';
import { openShift } from '../src/modules/billing/billing.shifts';
import {
  billAccountEntries,
  billAccounts,
  billJournalLines,
  billSettlements,
} from '../src/modules/billing/billing.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

// A randomized day at the till: 1,000 operations (charges and settlements with split payments, discounts and
// round-off, top-ups, refunds asked, approved and paid out, withdrawals), some refused on purpose. Afterwards the
// journal balances, the prepaid liability equals the patients' balances, every ledger adds up and the daily
// report's identity holds.

let s: TestServer;
let cashier: Scope;
let requester: Scope;
let approver: Scope;
let patientIds: number[];

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const idOf = async (phone: string) =>
  (await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;

beforeAll(async () => {
  s = await startTestServer();
  const [org] = await s.app.db
    .execute<{ id: number }>(sql`SELECT id FROM sys_organization ORDER BY id LIMIT 1`)
    .then((r) => r.rows);
  const organizationId = Number(org!.id);
  const all = new Set<string>(Object.values(BillingPerm));
  cashier = {
    organizationId,
    userId: await idOf(DEMO.cashier),
    roleIds: [RoleId.cashier],
    permissions: all,
    locale: 'zh-CN',
  };
  requester = {
    organizationId,
    userId: await idOf(DEMO.orgAdmin),
    roleIds: [RoleId.orgAdmin],
    permissions: all,
    locale: 'zh-CN',
  };
  approver = {
    organizationId,
    userId: await idOf(DEMO.finance),
    roleIds: [RoleId.finance, RoleId.orgAdmin],
    permissions: all,
    locale: 'zh-CN',
  };
  patientIds = (
    await s.app.db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.organizationId, organizationId))
      .orderBy(patients.id)
      .limit(6)
  ).map((p) => p.id);
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('the billing journal', () => {
  it('balances after a randomized sequence of 1,000 operations', async () => {
    const rnd = random(20261125);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    let n = 0;
    const key = () => `journal-${++n}-${Math.floor(rnd() * 1e9)}`;
    const balances = new Map<number, number>();
    const settled: { id: number; patientId: number }[] = [];
    const tally = { ok: 0, refused: 0 };
    const attempt = async (work: () => Promise<unknown>) => {
      try {
        await work();
        tally.ok++;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        tally.refused++;
      }
    };
    await openShift(s.app, cashier, { idempotencyKey: key(), float: 50_000 });

    for (let op = 0; op < 1000; op++) {
      const patientId = pick(patientIds);
      const roll = rnd();
      if (roll < 0.2) {
        const amount = 100 * (1 + Math.floor(rnd() * 500));
        await attempt(async () => {
          const r = await topUp(s.app, cashier, {
            idempotencyKey: key(),
            patientId,
            amount,
            payType: pick(['1', '3', '4']),
            tendered: undefined,
            outTradeNo: `T${op}`,
          });
          balances.set(patientId, r.balanceFen);
        });
      } else if (roll < 0.6) {
        const items = Array.from({ length: 1 + Math.floor(rnd() * 3) }, (_, i) => ({
          sourceType: 'manual' as const,
          name: `项目${op}-${i}`,
          unitPrice: 1 + Math.floor(rnd() * 30_000),
          quantity: 1 + Math.floor(rnd() * 4),
        }));
        await attempt(async () => {
          const ids = await createCharges(s.app, cashier, { patientId, items });
          let due = items.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0);
          const roundOff = rnd() < 0.3;
          if (roundOff) due -= due % 100;
          const prepaid = Math.min(balances.get(patientId) ?? 0, rnd() < 0.4 ? Math.floor(due / 2) : 0);
          const scan = Math.floor((due - prepaid) * rnd());
          const cash = due - prepaid - scan;
          const payments = [
            ...(prepaid > 0 ? [{ payType: '6', amount: prepaid }] : []),
            ...(scan > 0 ? [{ payType: '2', amount: scan, outTradeNo: `W${op}` }] : []),
            ...(cash > 0 ? [{ payType: '1', amount: cash, tendered: cash + Math.floor(rnd() * 5000) }] : []),
          ];
          const r = await settle(s.app, cashier, {
            idempotencyKey: key(),
            patientId,
            chargeIds: ids,
            roundOff,
            payments: payments as never,
          });
          settled.push({ id: r.settlement.id, patientId });
          balances.set(patientId, r.settlement.balanceFen);
        });
      } else if (roll < 0.9 && settled.length) {
        const target = pick(settled);
        await attempt(async () => {
          const info = await settlementInfo(s.app.db, cashier, target.id);
          const line = pick(info.lines.filter((l) => l.amountFen > 0));
          const asked = await requestRefund(s.app, requester, {
            idempotencyKey: key(),
            settlementId: target.id,
            lines: [{ chargeId: line.chargeId, quantity: 1 + Math.floor(rnd() * line.quantity) }],
            reasonCode: 1 as never,
            reason: '随机退费',
          });
          if (rnd() < 0.15) {
            await decideRefund(s.app, approver, { idempotencyKey: key(), id: asked.id }, false);
            return;
          }
          await decideRefund(s.app, approver, { idempotencyKey: key(), id: asked.id }, true);
          await executeRefund(s.app, cashier, { idempotencyKey: key(), id: asked.id });
        });
      } else {
        await attempt(async () => {
          const asked = await requestWithdraw(s.app, requester, {
            idempotencyKey: key(),
            patientId,
            amount: 100 * (1 + Math.floor(rnd() * 50)),
            reason: '退预交金',
          });
          await decideRefund(s.app, approver, { idempotencyKey: key(), id: asked.id }, true);
          await executeRefund(s.app, cashier, { idempotencyKey: key(), id: asked.id });
        });
      }
    }
    expect(tally.ok).toBeGreaterThan(500);
    expect(tally.refused).toBeGreaterThan(0);

    const [journal] = (await s.app.db
      .select({
        debit: sql<number>`sum(${billJournalLines.debitFen})`,
        credit: sql<number>`sum(${billJournalLines.creditFen})`,
        prepaid: sql<number>`sum(CASE WHEN ${billJournalLines.account} = 'prepaid' THEN ${billJournalLines.creditFen} - ${billJournalLines.debitFen} ELSE 0 END)`,
      })
      .from(billJournalLines)) as [{ debit: number; credit: number; prepaid: number }];
    expect(Number(journal.debit)).toBe(Number(journal.credit));
    const [{ total }] = (await s.app.db
      .select({ total: sql<number>`coalesce(sum(${billAccounts.balanceFen}), 0)` })
      .from(billAccounts)) as [{ total: number }];
    expect(Number(journal.prepaid)).toBe(Number(total));
    // every ledger adds up to its balance, and no entry left it below zero
    const ledgers = await s.app.db
      .select({
        id: billAccounts.id,
        balance: billAccounts.balanceFen,
        sum: sql<number>`sum(${billAccountEntries.amountFen})`,
        min: sql<number>`min(${billAccountEntries.balanceAfterFen})`,
      })
      .from(billAccounts)
      .innerJoin(billAccountEntries, eq(billAccountEntries.accountId, billAccounts.id))
      .groupBy(billAccounts.id, billAccounts.balanceFen);
    for (const l of ledgers) {
      expect(Number(l.sum)).toBe(l.balance);
      expect(Number(l.min)).toBeGreaterThanOrEqual(0);
    }
    // refunds never exceed what they reverse
    const over = await s.app.db.execute(sql`
      SELECT o.id FROM bill_settlement o JOIN bill_settlement r ON r.reversal_of = o.id
      GROUP BY o.id, o.total_fen HAVING sum(r.total_fen) > o.total_fen`);
    expect(over.rows).toHaveLength(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(s.clock.now());
    const report = await dailyReport(s.app.db, cashier, { date: today });
    expect(report.identity.holds).toBe(true);
    expect(report.journal.debitFen).toBe(report.journal.creditFen);
    expect(report.settlementCount).toBe(
      Number(
        (
          await s.app.db
            .select({ n: sql<number>`count(*)` })
            .from(billSettlements)
            .where(and(eq(billSettlements.kind, 'charge')))
        )[0]!.n,
      ),
    );
  }, 300_000);
});
