// A/B comparison of two server builds on the patient list, on one PostgreSQL database: the five requests of the
// bench (patients-api.mjs), measured in alternating rounds (A then B, then B then A ...) so that the load of a shared
// machine falls on both alike. Reports per request the median over rounds of p50, p99 and requests/s, and the CPU
// milliseconds per request of the server process and of the database's backends (less noisy than the latencies).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_perf \
//     node bench/patient-list-ab.mjs path/to/a/main.mjs path/to/b/main.mjs
//
// A build's main.mjs must sit below packages/server (it finds the migrations by walking up), e.g. a copy of the
// current dist in packages/server/.tmp/base/. The database is emptied and seeded (BENCH_PATIENTS per organization,
// default 100000) unless it already holds that many patients. AB_ROUNDS (default 3) rounds of BENCH_DURATION
// (default 5) seconds per request and build; AB_CASES=first,deep picks requests; AB_NODE_ARGS_A / AB_NODE_ARGS_B
// pass node options (e.g. --max-semi-space-size=32) to one build; BENCH_PORT (default 8390) the first port.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { autocannonRun, cpuTicks as ticks, median, signIn, startServer } from './lib.mjs';
import { PATIENT_CONNECTIONS, patientListCases } from './patients-api.mjs';
import { seedPatients } from './seed.mjs';

const [mainA, mainB] = process.argv.slice(2).map((p) => path.resolve(p));
const url = process.env.BENCH_DATABASE_URL;
if (!mainA || !mainB || !url) throw new Error('usage: BENCH_DATABASE_URL=... node bench/patient-list-ab.mjs A B');
const PATIENTS = Number(process.env.BENCH_PATIENTS || 100_000);
const DURATION = Number(process.env.BENCH_DURATION || 5);
const ROUNDS = Number(process.env.AB_ROUNDS || 3);
const PORT = Number(process.env.BENCH_PORT || 8390);
const nodeArgs = (v) => (v ? v.split(' ').filter(Boolean) : []);

const client = new pg.Client({ connectionString: url });
await client.connect();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehab-ab-'));
const env = { DATABASE_URL: url };

const seeded = await client
  .query('SELECT count(*)::int AS n FROM pat_patient')
  .then((r) => r.rows[0].n >= PATIENTS * 2)
  .catch(() => false);
if (!seeded) {
  console.log(`seeding ${PATIENTS} patients in each of two organizations ...`);
  await client.query(
    'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
  );
  // the demo data and the schema, by a first start
  const s = await startServer({ port: PORT, env, dataDir, main: mainA });
  await s.stop();
  const db = { query: (text) => client.query(text).then((r) => (Array.isArray(r) ? r.at(-1) : r)) };
  await seedPatients(db, 1, PATIENTS);
  await seedPatients(db, 2, PATIENTS);
  await client.query('VACUUM ANALYZE');
}

const backends = async () =>
  (
    await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    )
  ).rows.map((r) => r.pid);

const sides = [
  { name: 'A', main: mainA, nodeArgs: nodeArgs(process.env.AB_NODE_ARGS_A), port: PORT },
  { name: 'B', main: mainB, nodeArgs: nodeArgs(process.env.AB_NODE_ARGS_B), port: PORT + 1 },
];
for (const side of sides)
  side.server = await startServer({ port: side.port, env, dataDir, main: side.main, nodeArgs: side.nodeArgs });
try {
  // one sign-in for both (a new sign-in replaces the account's other session): the session is in the database
  const { token } = await signIn(sides[0].server.url, '13800000019');
  for (const side of sides) {
    side.token = token;
    side.call = async (method, p, body) => {
      const res = await fetch(`${side.server.url}/api${p}`, {
        method,
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      if (json.code !== 0) throw new Error(`${side.name} ${p}: ${json.code} ${json.msg}`);
      return json;
    };
  }
  const { base, cases: all } = await patientListCases(sides[0].call);
  const wanted = process.env.AB_CASES?.split(',');
  const cases = wanted ? all.filter((c) => wanted.includes(c.key)) : all;
  const run = async (side, body, duration) => {
    for (let i = 0; i < 3; i++) await side.call('POST', '/sys/patient/queryOutPatientPage', body);
    const pids = await backends();
    const before = { node: ticks(side.server.pid), pg: new Map(pids.map((p) => [p, ticks(p)])) };
    const r = await autocannonRun({
      url: `${side.server.url}/api/sys/patient/queryOutPatientPage`,
      method: 'POST',
      connections: PATIENT_CONNECTIONS,
      duration,
      headers: { 'content-type': 'application/json', token: side.token },
      body: JSON.stringify(body),
    });
    let pgTicks = 0;
    for (const p of new Set([...pids, ...(await backends())])) pgTicks += ticks(p) - (before.pg.get(p) ?? 0);
    const done = Math.max(1, r.reqPerSec * duration);
    return {
      ...r,
      nodeMsPerReq: ((ticks(side.server.pid) - before.node) * 10) / done,
      pgMsPerReq: (pgTicks * 10) / done,
    };
  };
  // warm-up, not recorded
  for (const side of sides) await run(side, base, 2);
  const results = new Map(cases.map((c) => [c.key, { A: [], B: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const r = await run(side, c.body, DURATION);
        if (r.non2xx || r.errors) throw new Error(`${side.name} ${c.key}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        results.get(c.key)[side.name].push(r);
      }
    }
    console.log(`round ${round + 1} of ${ROUNDS} done (load ${os.loadavg()[0].toFixed(1)})`);
  }
  const fmt = (runs, k, digits = 0) => median(runs.map((r) => r[k])).toFixed(digits);
  console.log('\nmedians over rounds: p50 / p99 ms, requests/s, node / PostgreSQL CPU ms per request');
  for (const c of cases) {
    const r = results.get(c.key);
    for (const s of ['A', 'B'])
      console.log(
        `${c.label.padEnd(34)} ${s}: p50 ${fmt(r[s], 'p50ms')} p99 ${fmt(r[s], 'p99ms')} rps ${fmt(r[s], 'reqPerSec')} ` +
          `node ${fmt(r[s], 'nodeMsPerReq', 2)} pg ${fmt(r[s], 'pgMsPerReq', 2)}`,
      );
  }
} finally {
  for (const side of sides) await side.server?.stop();
  await client.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
