import type { FastifyInstance } from 'fastify';
import { endpointsByModule, type Endpoint } from '@rehab/shared';
import { accessLabel, buildOpenApi, jsonSchemaOf } from './openapi';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const anchor = (module: string, name: string) => `${module}-${name}`;

function schemaBlock(title: string, schema: unknown) {
  return `<details><summary>${title}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function endpointSection(module: string, name: string, e: Endpoint) {
  const schemas = [
    e.params ? schemaBlock('params', jsonSchemaOf(e.params, 'input')) : '',
    e.query ? schemaBlock('query', jsonSchemaOf(e.query, 'input')) : '',
    e.body ? schemaBlock(e.kind === 'upload' ? 'body (multipart fields)' : 'body', jsonSchemaOf(e.body, 'input')) : '',
    e.kind === 'download'
      ? '<p>answer: a file</p>'
      : schemaBlock('response (added to { code, msg })', jsonSchemaOf(e.response, 'output')),
  ].join('');
  return `<section id="${anchor(module, name)}">
<h3><code class="m">${e.method}</code> <code>/api${escapeHtml(e.path)}</code></h3>
<p>${escapeHtml(e.summary['zh-CN'])}<br>${escapeHtml(e.summary.en)}</p>
<p class="access">access: <code>${escapeHtml(accessLabel(e.access))}</code>${e.kind === 'json' ? '' : ` · ${e.kind}`}</p>
${schemas}
</section>`;
}

/** The reference page of the contracts: plain HTML, no script, nothing from elsewhere. */
export function renderApiDocs(): string {
  const byModule = new Map<string, { name: string; endpoint: Endpoint }[]>();
  for (const { module, name, endpoint } of endpointsByModule()) {
    byModule.set(module, [...(byModule.get(module) ?? []), { name, endpoint }]);
  }
  const toc = [...byModule]
    .map(
      ([module, list]) =>
        `<li><a href="#${module}">${module}</a><ul>${list
          .map(
            ({ name, endpoint }) =>
              `<li><a href="#${anchor(module, name)}"><code>${endpoint.method} ${escapeHtml(endpoint.path)}</code></a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const body = [...byModule]
    .map(
      ([module, list]) =>
        `<h2 id="${module}">${module}</h2>${list.map(({ name, endpoint }) => endpointSection(module, name, endpoint)).join('')}`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rehab Clinic API</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:960px;padding:0 1rem;color:#222}
code,pre{font-family:ui-monospace,monospace}pre{background:#f5f5f5;padding:.5rem;overflow:auto}
section{border-top:1px solid #ddd;padding:.5rem 0}.m{font-weight:bold}.access{color:#555}
</style></head><body>
<h1>Rehab Clinic API</h1>
<p>Every answer is the envelope <code>{ code, msg }</code> (code 0: success) with the response fields below. Signed-in calls send the <code>token</code> header. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<nav><ul>${toc}</ul></nav>
${body}
</body></html>
`;
}

/** GET /api/openapi.json and GET /api/docs (public): the contracts as OpenAPI 3.1 and as a page to read. */
export function registerApiDocs(api: FastifyInstance) {
  let openApi: Record<string, unknown> | undefined;
  let html: string | undefined;
  api.get('/openapi.json', { config: { access: 'public' } }, async () => (openApi ??= buildOpenApi()));
  api.get('/docs', { config: { access: 'public' } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send((html ??= renderApiDocs())),
  );
}
