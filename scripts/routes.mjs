// Prints the API table of the shared endpoint contracts: method, path (under /api), access, summary.
// `npm run routes` (English summaries), `npm run routes -- --zh` (Chinese). Runs the TypeScript sources through tsx.
import { endpointsByModule } from '../packages/shared/src/index.ts';

const zh = process.argv.includes('--zh');
const access = (a) => (typeof a === 'object' ? a.permission : a);
const rows = endpointsByModule().map(({ module, endpoint: e }) => [
  module,
  e.method,
  `/api${e.path}`,
  access(e.access),
  (zh ? e.summary['zh-CN'] : e.summary.en) + (e.kind === 'json' ? '' : ` [${e.kind}]`),
]);
const head = ['MODULE', 'METHOD', 'PATH', 'ACCESS', 'SUMMARY'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) =>
  r
    .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i])))
    .join('  ')
    .trimEnd();
console.log([line(head), ...rows.map(line)].join('\n'));
console.log(`\n${rows.length} endpoints, each declared once as a shared contract.`);
