// `node bench/day.mjs`: the calls of a clinic's day on a year of data (issue 23), on PostgreSQL (BENCH_DATABASE_URL,
// which is emptied unless BENCH_DAY_REUSE=1 keeps the data of a previous run), with the existing build: 100,000
// patients (BENCH_PATIENTS) and their year of work orders (bench/year.mjs: about two million), then every call a
// screen makes on load, each alone (16 connections, BENCH_DURATION seconds, default 5) and as a mix (50 connections),
// once with the answer caches working and once with ANSWER_CACHE=off. It replaces the section "A clinic's day" of
// docs/benchmarks.md and writes bench/results/day.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { replaceBenchmarkSection, autocannonRun, machine, root, signIn, startServer } from './lib.mjs';
import { seedPatients } from './seed.mjs';
import { seedWorkOrderYear } from './year.mjs';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL');
const PATIENTS = Number(process.env.BENCH_PATIENTS || 100_000);
const DURATION = Number(process.env.BENCH_DURATION || 5);
const REUSE = process.env.BENCH_DAY_REUSE === '1';
const port = Number(process.env.BENCH_PORT || 8392);
// the goals, on PostgreSQL: every call uncached at least 1,000 req/s with p99 under 50 ms
const GOALS = { reqPerSec: 1000, p99ms: 50 };

/** The calls of the day, as the screens send them on load (the home page, the work orders, the workbench ...). */
function dayCalls(session) {
  const o = session.organization.id;
  const office = session.office?.id ?? 0;
  return [
    { key: 'orders', method: 'POST', path: '/sys/referral/list', body: { page: 1, limit: 10 }, weight: 3 },
    {
      key: 'ordersPast',
      method: 'POST',
      path: '/sys/referral/list',
      body: { page: 30, limit: 10, status: 3 },
      weight: 1,
    },
    { key: 'home', method: 'GET', path: `/sys/index/info/${o}/${office}`, weight: 3 },
    { key: 'workload', method: 'GET', path: '/sys/workload/today', weight: 1 },
    { key: 'nav', method: 'GET', path: '/sys/menu/nav', weight: 2 },
    { key: 'assess', method: 'POST', path: '/sys/assess/list', body: { page: 1, limit: 10 }, weight: 1 },
    { key: 'userInfo', method: 'GET', path: '/sys/user/info', weight: 2 },
    { key: 'orgs', method: 'GET', path: '/sys/organization/chooseOrganizationList', weight: 1 },
    { key: 'messages', method: 'GET', path: '/sys/message/list?page=1&limit=10', weight: 1 },
    { key: 'unread', method: 'POST', path: '/sys/message/countUnreadMessage', body: {}, weight: 2 },
    { key: 'offices', method: 'POST', path: '/sys/office/list', body: { page: 1, limit: 10 }, weight: 1 },
    {
      key: 'schedule',
      method: 'POST',
      path: '/schedulingManagement/viewList',
      body: { expired: false, executeStatus: 0, therapistTeamFilter: 1 },
      weight: 1,
    },
    { key: 'templates', method: 'GET', path: '/sys/projecttemplate/selectBox', weight: 1 },
    {
      key: 'patients',
      method: 'POST',
      path: '/sys/patient/queryOutPatientPage',
      body: { mine: 0, unassigned: 0, page: 1, limit: 10 },
      weight: 2,
    },
  ];
}

const request = (c, token) => ({
  method: c.method,
  path: `/api${c.path}`,
  headers: { token, 'content-type': 'application/json' },
  ...(c.body ? { body: JSON.stringify(c.body) } : {}),
});

async function measure(serverUrl) {
  const who = await signIn(serverUrl, '13800000019');
  const calls = dayCalls(who.session);
  for (const c of calls) await who.call(c.method, c.path, c.body); // each answers code 0 (signIn's call checks it)
  const alone = {};
  for (const c of calls) {
    alone[c.key] = await autocannonRun({
      url: serverUrl,
      connections: 16,
      duration: DURATION,
      requests: [request(c, who.token)],
    });
  }
  const weighted = calls.flatMap((c) => Array.from({ length: c.weight }, () => request(c, who.token)));
  const mix = await autocannonRun({ url: serverUrl, connections: 50, duration: DURATION * 2, requests: weighted });
  return { calls: calls.map(({ key, method, path, body }) => ({ key, method, path, body })), alone, mix };
}

const load = os.loadavg().map((v) => Math.round(v * 10) / 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehab-bench-'));
const env = { DATABASE_URL: url };
let seeded = null;
try {
  if (!REUSE) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
    );
    await admin.end();
    const first = await startServer({ port, env, dataDir });
    await first.stop();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const db = { query: (text) => client.query(text).then((r) => (Array.isArray(r) ? r.at(-1) : r)) };
    let t0 = performance.now();
    await seedPatients(db, 1, PATIENTS);
    const patientsSec = Math.round((performance.now() - t0) / 100) / 10;
    t0 = performance.now();
    const orders = await seedWorkOrderYear(db, 1);
    seeded = { patientsSec, ordersSec: Math.round((performance.now() - t0) / 100) / 10, orders };
    await client.end();
    console.log(JSON.stringify(seeded));
  }
  const results = {};
  for (const [mode, extra] of [
    ['cached', {}],
    ['uncached', { ANSWER_CACHE: 'off' }],
  ]) {
    const server = await startServer({ port, env: { ...env, ...extra }, dataDir });
    try {
      results[mode] = await measure(server.url);
    } finally {
      await server.stop();
    }
    console.log(mode, JSON.stringify(results[mode].mix));
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const count = async (t) => (await client.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n;
  const data = { patients: await count('pat_patient'), orders: await count('wo_work_order') };
  await client.end();
  const result = { date: new Date().toISOString(), machine: machine(), load, seeded, data, results };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/day.json'), JSON.stringify(result, null, 2) + '\n');
  writeSection(result);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function writeSection({ date, machine: m, load, seeded, data, results }) {
  const { calls } = results.cached;
  const pass = (r) => (r.reqPerSec >= GOALS.reqPerSec && r.p99ms < GOALS.p99ms && r.non2xx === 0 ? 'pass' : '**fail**');
  const row = (label, c, u) =>
    `| ${label} | ${c.reqPerSec} | ${c.p50ms} | ${c.p99ms} | ${u.reqPerSec} | ${u.p50ms} | ${u.p99ms} | ${c.non2xx + u.non2xx + c.errors + u.errors} | ${pass(u)} |`;
  const lines = [
    "## A clinic's day (a year: " + data.orders.toLocaleString('en') + ' work orders)',
    '',
    `PostgreSQL, ${data.patients.toLocaleString('en')} patients and ${data.orders.toLocaleString('en')} work orders`,
    '(bench/year.mjs). Each call alone at 16 connections for ' + DURATION + ' s, signed in as the organization',
    'administrator; the mix is every call at once, weighted as a home page and the work-order screens load, at 50',
    'connections. "Cached": as deployed; "uncached": `ANSWER_CACHE=off` (the patient list and the schedule view',
    `compute every answer). Goal (issue 23): every call uncached at least ${GOALS.reqPerSec} req/s with p99 under ${GOALS.p99ms} ms.`,
    '',
    '| Call | Cached req/s | p50 ms | p99 ms | Uncached req/s | p50 ms | p99 ms | Errors | Goal |',
    '|---|---|---|---|---|---|---|---|---|',
    ...calls.map((c) =>
      row(
        `${c.method} ${c.path}${c.body ? ' ' + JSON.stringify(c.body).replace(/\|/g, '\\|') : ''}`,
        results.cached.alone[c.key],
        results.uncached.alone[c.key],
      ),
    ),
    row('**mix** (50 connections)', results.cached.mix, results.uncached.mix),
    '',
    `Measured (\`node bench/day.mjs\`) on ${date.slice(0, 16).replace('T', ' ')} UTC, ${m.cpu}, ${m.cores} cores,`,
    `${m.memoryGiB} GiB, Node ${m.node}; load average at the start ${load.join(' / ')}` +
      (seeded ? `; seeding took ${seeded.patientsSec} s (patients) and ${seeded.ordersSec} s (work orders).` : '.'),
    '',
  ];
  replaceBenchmarkSection("## A clinic's day", lines.join('\n'));
}
