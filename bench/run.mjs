// `npm run bench`: builds the product, measures it and writes docs/benchmarks.md (with the machine it ran on).
// Runs on PGlite, and on PostgreSQL too when BENCH_DATABASE_URL is set (its database is emptied first).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { benchAuthApi } from './auth-api.mjs';
import { benchLoginPage } from './login-page.mjs';
import { machine, root, startServer } from './lib.mjs';

const GOALS = { loginJsGzipKB: 220 };

execSync('npm run --silent build', { cwd: root, stdio: 'inherit' });

const results = { date: new Date().toISOString(), machine: machine(), backends: {} };
const backends = [{ name: 'PGlite', env: {} }];
if (process.env.BENCH_DATABASE_URL)
  backends.push({ name: 'PostgreSQL', env: { DATABASE_URL: process.env.BENCH_DATABASE_URL } });

for (const [i, backend] of backends.entries()) {
  if (backend.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: backend.env.DATABASE_URL });
    await client.connect();
    await client.query(
      'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
    );
    await client.end();
  }
  const server = await startServer({ port: 8390 + i, env: backend.env });
  try {
    console.log(`\n${backend.name}: login page ...`);
    const page = i === 0 ? await benchLoginPage(server.url) : null;
    console.log(`${backend.name}: sign-in and menu throughput ...`);
    const api = await benchAuthApi(server.url);
    results.backends[backend.name] = { page, api };
    console.log(JSON.stringify(results.backends[backend.name], null, 2));
  } finally {
    await server.stop();
  }
}

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/latest.json'), JSON.stringify(results, null, 2) + '\n');
fs.writeFileSync(path.join(root, 'docs/benchmarks.md'), render(results));
console.log('\nwrote docs/benchmarks.md');

function render(r) {
  const m = r.machine;
  const lines = [
    '# Benchmarks',
    '',
    '`npm run bench` builds the product, starts the built server on fresh demo data and measures it; it rewrites this',
    'file and `bench/results/latest.json`. Set `BENCH_DATABASE_URL` to measure on PostgreSQL as well (that database is',
    'emptied). Figures from a shared 2-core machine are noisy: compare runs on the same machine.',
    '',
    `Last run: ${r.date.slice(0, 16).replace('T', ' ')} UTC on ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}.`,
    '',
    '## Login page (Chromium, cold load, median of five)',
    '',
    '| Measure | Result | Goal |',
    '|---|---|---|',
  ];
  const page = r.backends.PGlite.page;
  lines.push(
    `| JavaScript, gzip -9 | ${page.jsGzipKB} KB in ${page.scriptFiles} files | at most ${GOALS.loginJsGzipKB} KB |`,
  );
  lines.push(`| JavaScript as transferred (brotli) | ${page.jsTransferredKB} KB | |`);
  lines.push(`| Time until the login form is visible | ${page.formVisibleMs} ms | |`);
  lines.push('', '## Sign-in and menu load (autocannon, 10 s)', '');
  lines.push(
    '| Backend | Call | Connections | Requests/s | p50 ms | p99 ms | Non-2xx |',
    '|---|---|---|---|---|---|---|',
  );
  for (const [name, b] of Object.entries(r.backends)) {
    lines.push(
      `| ${name} | POST /api/sys/login (argon2id verify + new session) | 8 | ${b.api.login.reqPerSec} | ${b.api.login.p50ms} | ${b.api.login.p99ms} | ${b.api.login.non2xx} |`,
    );
    lines.push(
      `| ${name} | GET /api/sys/menu/nav | 20 | ${b.api.menu.reqPerSec} | ${b.api.menu.p50ms} | ${b.api.menu.p99ms} | ${b.api.menu.non2xx} |`,
    );
  }
  lines.push(
    '',
    'Sign-in is bound by argon2id (19 MiB, 2 passes: about 25-40 ms of one core per sign-in) by design. For the',
    'measurement the rate limit (20 per minute per IP and account) is lifted, and so is the lockout limit: the load',
    'signs one account in from 8 connections at once, and the lockout counts sign-ins in flight as attempts (so that',
    'parallel guesses get no more than five tries), which would refuse most of them.',
    '',
  );
  return lines.join('\n');
}
