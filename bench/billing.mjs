// Outpatient billing on a year of data (issue 15): 500,000 settlements of the demo organization spread over the
// last 365 days (each with its charge line, payment, receipt and journal entry), then a settlement under load
// (16 connections, a new charge and a new idempotency key per request), the daily settlement report of the busiest
// day, and the settlement list (first page, a name search, a month), each one call at a time, uncached.
import { autocannonRun, median, signIn } from './lib.mjs';

export const SETTLE_CONNECTIONS = 16;
/** settles measured at fewer connections too, beside the goal's (no goal of their own) */
export const SETTLE_TILLS = [1, 4];
export const BILLING_GOALS = { settleP99Ms: 50, reportMs: 1000, listMs: 1000 };

const nextId = async (db, table) =>
  Number((await db.query(`SELECT coalesce(max(id), 0) + 1 AS n FROM ${table}`)).rows[0].n);
const syncSequence = (table) =>
  `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}));`;

/**
 * `count` settlements of organization `organizationId` over the last year, and `charges` unpaid charge lines of one
 * patient for the settle load. The rows are written as the server writes them; the balance and append-only triggers
 * are held off while seeding (session_replication_role), the numbers use their own prefix (BJ, BS).
 */
export async function seedBilling(db, organizationId, count, charges) {
  const o = organizationId;
  const patients = (await db.query(`SELECT count(*) AS n FROM pat_patient WHERE organization_id = ${o}`)).rows[0].n;
  const p0 = Number((await db.query(`SELECT min(id) AS id FROM pat_patient WHERE organization_id = ${o}`)).rows[0].id);
  const cashier = Number(
    (await db.query(`SELECT user_id AS id FROM sys_user_role WHERE organization_id = ${o} AND role_id = 13 LIMIT 1`))
      .rows[0].id,
  );
  const c0 = await nextId(db, 'bill_charge');
  const s0 = await nextId(db, 'bill_settlement');
  const j0 = await nextId(db, 'bill_journal_entry');
  const shift = await nextId(db, 'bill_shift');
  await db.query(`
    SET session_replication_role = replica;
    INSERT INTO bill_shift (id, organization_id, cashier_id, status, float_fen, opened_at, closed_at, difference_fen)
      VALUES (${shift}, ${o}, ${cashier}, 'closed', 0, now() - interval '366 days', now() - interval '1 day', 0);
    CREATE TEMP TABLE bench_s AS
      SELECT g, ${p0} + (g::bigint * 7919) % ${patients} AS patient, 100 * (1 + g % 480) AS fen,
        date_trunc('day', now()) - (g % 365) * interval '1 day' + interval '8 hours' + ((g::bigint * 104729) % 32400) * interval '1 second' AS at,
        ((g % 4) + 1)::text AS pay, 1 + g % 4 AS category
      FROM generate_series(1, ${count}) g;
    INSERT INTO bill_charge (id, organization_id, patient_id, source_type, name, category, unit_price_fen, quantity,
        amount_fen, pay_status, settlement_id, created_by, created_at, updated_at)
      SELECT ${c0} + g, ${o}, patient, 'manual', '康复治疗费', category, fen, 1, fen, 1, ${s0} + g, ${cashier}, at, at FROM bench_s;
    INSERT INTO bill_settlement (id, organization_id, settlement_no, kind, patient_id, total_fen, cashier_id, shift_id, created_at)
      SELECT ${s0} + g, ${o}, 'BS' || lpad(g::text, 7, '0'), 'charge', patient, fen, ${cashier}, ${shift}, at FROM bench_s;
    INSERT INTO bill_settlement_line (settlement_id, charge_id, quantity, amount_fen)
      SELECT ${s0} + g, ${c0} + g, 1, fen FROM bench_s;
    INSERT INTO bill_payment (settlement_id, pay_type, amount_fen, out_trade_no)
      SELECT ${s0} + g, pay, fen, CASE WHEN pay IN ('2', '3') THEN 'T' || g END FROM bench_s;
    INSERT INTO bill_receipt (organization_id, receipt_no, kind, settlement_id, amount_fen, print_count, cashier_id, shift_id, created_at)
      SELECT ${o}, 'BJ' || lpad(g::text, 7, '0'), 'settlement', ${s0} + g, fen, 1, ${cashier}, ${shift}, at FROM bench_s;
    INSERT INTO bill_journal_entry (id, organization_id, kind, settlement_id, cashier_id, occurred_at)
      SELECT ${j0} + g, ${o}, 'settle', ${s0} + g, ${cashier}, at FROM bench_s;
    INSERT INTO bill_journal_line (entry_id, account, debit_fen, credit_fen)
      SELECT ${j0} + g, 'clearing:' || pay, fen, 0 FROM bench_s
      UNION ALL SELECT ${j0} + g, 'revenue:' || category, 0, fen FROM bench_s;
    DROP TABLE bench_s;
    SET session_replication_role = DEFAULT;
    ${['bill_charge', 'bill_settlement', 'bill_journal_entry', 'bill_shift'].map(syncSequence).join('\n')}
    INSERT INTO bill_charge (organization_id, patient_id, source_type, name, category, unit_price_fen, quantity,
        amount_fen, pay_status, created_by)
      SELECT ${o}, ${p0}, 'manual', '材料费', 4, 100, 1, 100, 0, ${cashier} FROM generate_series(1, ${charges});
  `);
  for (const t of [
    'bill_charge',
    'bill_settlement',
    'bill_settlement_line',
    'bill_payment',
    'bill_receipt',
    'bill_journal_entry',
    'bill_journal_line',
  ])
    await db.query(`VACUUM ANALYZE ${t}`);
  return { settlements: count, patientId: p0 };
}

const timed = async (fn, runs = 5) => {
  const times = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await fn();
    times.push(performance.now() - t0);
  }
  return { medianMs: Math.round(median(times)), maxMs: Math.round(Math.max(...times)), last };
};

/** Settle under load, then the daily report and the settlement list one call at a time (each uncached). */
export async function benchBilling(url, { patientId, duration }) {
  // the cashier signs in with a code; the organization administrator holds the same permissions and signs in
  // with the password
  const { token, call } = await signIn(url, '13800000019');
  const current = await call('POST', '/sys/pay/shift/current', {});
  if (!current.data)
    await call('POST', '/sys/pay/shift/open', { idempotencyKey: `bench-open-${Date.now()}`, float: '0' });
  const bill = await call('POST', '/sys/pay/bill', { patientId });
  const unpaid = bill.data.charges.filter((c) => c.payStatus === 0 && c.amountFen === 100).map((c) => c.id);
  let next = 0;
  const run = Date.now();
  const settleLoad = (connections) =>
    autocannonRun({
      url: `${url}/api/sys/pay/settle`,
      method: 'POST',
      connections,
      duration,
      headers: { 'content-type': 'application/json', token },
      requests: [
        {
          setupRequest: (req) => {
            const i = next++;
            return {
              ...req,
              body: JSON.stringify({
                idempotencyKey: `bench-${run}-${i}`,
                patientId,
                chargeIds: [unpaid[i % unpaid.length]],
                payments: [{ payType: '1', amount: '1.00' }],
              }),
            };
          },
        },
      ],
    });
  // one till at a time and four tills at once (a department's front desk), then the goal's 16 connections
  const settleBy = {};
  for (const connections of SETTLE_TILLS) settleBy[connections] = await settleLoad(connections);
  const settle = await settleLoad(SETTLE_CONNECTIONS);
  if (next > unpaid.length) throw new Error(`${next} settles for ${unpaid.length} charges: seed more`);
  console.log(`  settle (${SETTLE_CONNECTIONS} connections): ${JSON.stringify(settle)}`);

  // the busiest day of the year (the report asks by clinic day)
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() - 86_400_000));
  const report = await timed(() => call('POST', '/sys/pay/daily', { date: day }));
  const cashierReport = await timed(() =>
    call('POST', '/sys/pay/daily', { date: day, cashierId: bill.data.settlements[0]?.cashierId ?? undefined }),
  );
  const listFirst = await timed(() => call('POST', '/sys/pay/settlement/list', { page: 1, limit: 10 }));
  const listSearch = await timed(() =>
    call('POST', '/sys/pay/settlement/list', { page: 1, limit: 10, keyword: bill.data.patient.name.slice(0, 2) }),
  );
  const monthFrom = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const listMonth = await timed(() =>
    call('POST', '/sys/pay/settlement/list', { page: 50, limit: 10, from: monthFrom, to: day }),
  );
  const out = {
    settle,
    settleBy,
    settles: next,
    report: { day, settlements: report.last.data.settlementCount, medianMs: report.medianMs, maxMs: report.maxMs },
    cashierReport: { medianMs: cashierReport.medianMs, maxMs: cashierReport.maxMs },
    listFirst: { total: listFirst.last.data.totalCount, medianMs: listFirst.medianMs, maxMs: listFirst.maxMs },
    listSearch: { total: listSearch.last.data.totalCount, medianMs: listSearch.medianMs, maxMs: listSearch.maxMs },
    listMonth: { total: listMonth.last.data.totalCount, medianMs: listMonth.medianMs, maxMs: listMonth.maxMs },
  };
  console.log(`  report and lists: ${JSON.stringify(out)}`);
  return out;
}

/** The section of docs/benchmarks.md. */
export function renderBilling(backends) {
  const pass = (ok) => (ok ? 'pass' : '**fail**');
  const lines = [
    '## Outpatient billing (a year: 500,000 settlements)',
    '',
    'The demo organization with its 100,000 benchmark patients and 500,000 settlements over the last 365 days (about',
    '1,370 a day; each with its charge line, payment, receipt and journal entry: `bench/billing.mjs`). A settlement',
    `under load: \`POST /api/sys/pay/settle\` at ${SETTLE_CONNECTIONS} connections, each request a new charge line and a new`,
    'idempotency key (the whole use case: key claimed, open shift locked, line locked, numbers taken, settlement, line,',
    'payment, receipt and journal written, the answer built and stored), after the same at 1 and 4 connections (one',
    'till, and four tills at once: the load of a department front desk). Then one call at a time, median of five,',
    'none cached: the daily settlement report of yesterday (organization and one cashier) and the settlement list.',
    '',
    '| Backend | Measure | Result | Goal |',
    '|---|---|---|---|',
  ];
  for (const [name, b] of Object.entries(backends)) {
    if (!b.billing) continue;
    const x = b.billing;
    const pg = name === 'PostgreSQL';
    const goal = (ok, text) => (pg ? `${text}: ${pass(ok)}` : '(no goal)');
    lines.push(
      `| ${name} | settle, ${SETTLE_CONNECTIONS} connections | ${x.settle.reqPerSec} req/s, p50 ${x.settle.p50ms} ms, p99 ${x.settle.p99ms} ms, non-2xx ${x.settle.non2xx} (${x.settles} settlements) | ${goal(x.settle.p99ms <= BILLING_GOALS.settleP99Ms && !x.settle.non2xx, `p99 at most ${BILLING_GOALS.settleP99Ms} ms`)} |`,
      ...Object.entries(x.settleBy ?? {}).map(
        ([c, r]) =>
          `| ${name} | settle, ${c} connection${c === '1' ? '' : 's'} | ${r.reqPerSec} req/s, p50 ${r.p50ms} ms, p99 ${r.p99ms} ms, non-2xx ${r.non2xx} | (no goal) |`,
      ),
      `| ${name} | daily report, organization (${x.report.settlements} settlements that day) | ${x.report.medianMs} ms (max ${x.report.maxMs}) | ${goal(x.report.maxMs < BILLING_GOALS.reportMs, 'under 1 s')} |`,
      `| ${name} | daily report, one cashier | ${x.cashierReport.medianMs} ms (max ${x.cashierReport.maxMs}) | ${goal(x.cashierReport.maxMs < BILLING_GOALS.reportMs, 'under 1 s')} |`,
      `| ${name} | settlement list, first page (${x.listFirst.total} in all) | ${x.listFirst.medianMs} ms (max ${x.listFirst.maxMs}) | ${goal(x.listFirst.maxMs < BILLING_GOALS.listMs, 'under 1 s')} |`,
      `| ${name} | settlement list, a patient name search (${x.listSearch.total}) | ${x.listSearch.medianMs} ms (max ${x.listSearch.maxMs}) | ${goal(x.listSearch.maxMs < BILLING_GOALS.listMs, 'under 1 s')} |`,
      `| ${name} | settlement list, a month, page 50 (${x.listMonth.total}) | ${x.listMonth.medianMs} ms (max ${x.listMonth.maxMs}) | ${goal(x.listMonth.maxMs < BILLING_GOALS.listMs, 'under 1 s')} |`,
    );
  }
  lines.push('');
  return lines;
}
