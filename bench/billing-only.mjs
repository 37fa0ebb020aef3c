// `node bench/billing-only.mjs`: the billing part of `npm run bench` alone, on PostgreSQL (BENCH_DATABASE_URL, which
// is emptied), with the existing build: fresh demo data, 100,000 patients (BENCH_PATIENTS) and a year of settlements
// (BENCH_SETTLEMENTS) in the demo organization, then the billing measures. It replaces the billing section of
// docs/benchmarks.md and writes bench/results/billing.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchBilling, renderBilling, seedBilling } from './billing.mjs';
import { machine, replaceBenchmarkSection, root, startServer } from './lib.mjs';
import { seedPatients } from './seed.mjs';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL');
const PATIENTS = Number(process.env.BENCH_PATIENTS || 100_000);
const SETTLEMENTS = Number(process.env.BENCH_SETTLEMENTS || 500_000);
const DURATION = Number(process.env.BENCH_DURATION || 5);
const port = Number(process.env.BENCH_PORT || 8390);
// BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': the measured server's own node flags (a profile of the load)
const nodeArgs = (process.env.BENCH_NODE_ARGS || '').split(' ').filter(Boolean);

const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;');
await admin.end();
const env = { DATABASE_URL: url };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehab-bench-'));
const load = os.loadavg().map((v) => Math.round(v * 10) / 10);
try {
  let server = await startServer({ port, env, dataDir });
  await server.stop();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const db = {
    query: (text) => client.query(text).then((r) => (Array.isArray(r) ? r.at(-1) : r)),
    close: () => client.end(),
  };
  let t0 = performance.now();
  await seedPatients(db, 1, PATIENTS);
  const patientsSec = Math.round((performance.now() - t0) / 100) / 10;
  t0 = performance.now();
  const seeded = await seedBilling(db, 1, SETTLEMENTS, 20_000);
  const billingSec = Math.round((performance.now() - t0) / 100) / 10;
  await db.close();
  console.log(JSON.stringify({ patientsSec, billingSec }));
  server = await startServer({ port, env, dataDir, nodeArgs });
  let billing;
  try {
    billing = await benchBilling(server.url, { patientId: seeded.patientId, duration: DURATION });
  } finally {
    await server.stop();
  }
  const result = { date: new Date().toISOString(), machine: machine(), load, patientsSec, billingSec, billing };
  fs.writeFileSync(path.join(root, 'bench/results/billing.json'), JSON.stringify(result, null, 2) + '\n');
  const m = result.machine;
  const section = [
    ...renderBilling({ PostgreSQL: { billing } }),
    `Measured alone (\`node bench/billing-only.mjs\`, PostgreSQL) on ${result.date.slice(0, 16).replace('T', ' ')} UTC, ${m.cpu},`,
    `${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}; load average at the start ${load.join(' / ')}; seeding took`,
    `${patientsSec} s (patients) and ${billingSec} s (settlements).`,
    '',
  ].join('\n');
  replaceBenchmarkSection('## Outpatient billing', section);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
