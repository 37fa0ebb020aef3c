// CPU per request: node server process + PostgreSQL backends of the database, over N requests by autocannon.
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuTicks as ticks } from './lib.mjs';
const [url, serverPid, path, bodyJson, token, amount, conns] = process.argv.slice(2);
const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
await c.connect();
const backends = async () =>
  (
    await c.query('select pid from pg_stat_activity where datname=current_database() and pid <> pg_backend_pid()')
  ).rows.map((r) => r.pid);
const pids0 = await backends();
const n0 = ticks(serverPid);
const b0 = new Map(pids0.map((p) => [p, ticks(p)]));
const r = await autocannon({
  url: url + path,
  method: 'POST',
  connections: Number(conns),
  amount: Number(amount),
  headers: { 'content-type': 'application/json', token },
  body: bodyJson,
});
const n1 = ticks(serverPid);
const pids1 = await backends();
let pgT = 0;
for (const p of new Set([...pids0, ...pids1])) pgT += ticks(p) - (b0.get(p) ?? 0);
const done = r.requests.total;
console.log(
  JSON.stringify({
    path,
    done,
    non2xx: r.non2xx,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    nodeMsPerReq: +(((n1 - n0) * 10) / done).toFixed(2),
    pgMsPerReq: +((pgT * 10) / done).toFixed(2),
  }),
);
await c.end();
