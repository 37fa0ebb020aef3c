// `node bench/screen-only.mjs`: the big screen on a year of work orders, on PostgreSQL (BENCH_DATABASE_URL, which is
// emptied), with the existing build: fresh demo data, 100,000 patients (BENCH_PATIENTS) and their year of work orders
// (bench/year.mjs), then the screen's measures. It replaces the big-screen section of docs/benchmarks.md and writes
// bench/results/screen.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { replaceBenchmarkSection, machine, root, startServer } from './lib.mjs';
import { seedPatients } from './seed.mjs';
import { benchScreen, renderScreen, seedWorkOrderYear } from './year.mjs';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL');
const PATIENTS = Number(process.env.BENCH_PATIENTS || 100_000);
const port = Number(process.env.BENCH_PORT || 8390);
const GOALS = { screenRefreshMs: 200 };

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
  const orders = await seedWorkOrderYear(db, 1);
  const ordersSec = Math.round((performance.now() - t0) / 100) / 10;
  await db.close();
  console.log(JSON.stringify({ patientsSec, ordersSec, orders }));
  server = await startServer({ port, env, dataDir });
  let screen;
  try {
    screen = { ...(await benchScreen(server.url)), refreshCount: 40 };
  } finally {
    await server.stop();
  }
  const result = { date: new Date().toISOString(), machine: machine(), load, patientsSec, ordersSec, orders, screen };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/screen.json'), JSON.stringify(result, null, 2) + '\n');
  const m = result.machine;
  const section = [
    ...renderScreen({ screen, orders, goals: GOALS }),
    `Measured alone (\`node bench/screen-only.mjs\`, PostgreSQL) on ${result.date.slice(0, 16).replace('T', ' ')} UTC, ${m.cpu},`,
    `${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}; load average at the start ${load.join(' / ')}; seeding took`,
    `${patientsSec} s (patients) and ${ordersSec} s (work orders).`,
    '',
  ].join('\n');
  replaceBenchmarkSection('## Big screen', section);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
