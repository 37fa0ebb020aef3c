// `npm test`: every suite in order, stopping at the first failure, then one summary line.
//   locale parity -> type check -> unit and API tests (vitest: shared, server on PGlite and, with
//   TEST_DATABASE_URL, on PostgreSQL, web) -> browser tests (Playwright with Debian's Chromium on the built app).
// SKIP_E2E=1 leaves the browser tests out (for a quick loop); CI never sets it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const started = Date.now();
let passed = 0;
let failed = 0;
let skipped = 0;

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const t0 = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function finish(ok) {
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`\nAll suites ${ok ? 'passed' : 'did not pass'} in ${seconds} s.`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(ok ? 0 : 1);
}

function count(file, read) {
  try {
    const counts = read(JSON.parse(fs.readFileSync(file, 'utf8')));
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
  } catch {
    /* the suite failed before writing its report: its own output says why */
  }
}

if (!run('locales', 'node', ['scripts/check-locales.mjs'])) finish(false);
if (!run('types', 'npm', ['run', '--silent', 'typecheck'])) finish(false);

const vitestReport = path.join(tmp, 'vitest-report.json');
fs.rmSync(vitestReport, { force: true });
const unitOk = run('unit and API tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
count(vitestReport, (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
}));
if (!unitOk) finish(false);

if (process.env.SKIP_E2E === '1') {
  console.log('\nSKIP_E2E=1: browser tests left out.');
  finish(true);
}
if (!run('browser prerequisites', 'node', ['scripts/ensure-browser.mjs'])) finish(false);
if (!run('build', 'npm', ['run', '--silent', 'build'])) finish(false);
const e2eReport = path.join(tmp, 'e2e-report.json');
fs.rmSync(e2eReport, { force: true });
const e2eOk = run(
  'browser tests',
  'npx',
  ['playwright', 'test', '--config', 'packages/e2e/playwright.config.ts', '--reporter=list,json'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  },
);
count(e2eReport, (r) => ({
  passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
  failed: r.stats?.unexpected ?? 0,
  skipped: r.stats?.skipped ?? 0,
}));
finish(e2eOk);
