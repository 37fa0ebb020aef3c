import { z } from 'zod';
import { allEndpoints, defineEndpoint, endpoints } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { defineRoute } from '../src/http/route';
import { apiRoutes } from '../src/routes';
import { startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('the shared contracts', () => {
  it('each have exactly one server route with the same method, path and access', () => {
    for (const e of allEndpoints()) {
      const routes = apiRoutes.filter((r) => r.method === e.method && r.url === e.path);
      expect(routes, `${e.method} ${e.path}`).toHaveLength(1);
      expect(routes[0]!.access, `${e.method} ${e.path}`).toEqual(e.access);
    }
  });

  it('are all listed: every route declared from a contract names one of allEndpoints()', () => {
    const declared = new Set(allEndpoints());
    const fromContracts = apiRoutes.filter((r) => r.contract);
    expect(fromContracts.length).toBeGreaterThanOrEqual(Object.keys(endpoints.versions).length);
    for (const r of fromContracts) expect(declared.has(r.contract!), `${r.method} ${r.url}`).toBe(true);
    const keys = allEndpoints().map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('cover the whole API: every route of the composition root is declared from a contract', () => {
    const without = apiRoutes.filter((r) => !r.contract).map((r) => `${r.method} ${r.url}`);
    expect(without).toEqual([]);
  });
});

describe('the response check (on under NODE_ENV=test)', () => {
  const contract = defineEndpoint({
    method: 'GET',
    path: '/sys/contract-drift/:id',
    access: 'public',
    params: z.object({ id: z.coerce.number() }),
    response: z.strictObject({ data: z.strictObject({ id: z.number(), at: z.string() }) }),
    summary: { 'zh-CN': '测试', en: 'test' },
  });
  const route = defineRoute(contract, {
    handler: async ({ params }) =>
      params.id === 1
        ? { data: { id: 1, at: new Date(0) } }
        : // what a drifted handler answers: an extra field the contract does not name
          ({ data: { id: params.id, at: '', secret: 'x' } } as { data: { id: number; at: string } }),
  });

  it('passes an answer that matches (a Date goes out as its ISO string)', async () => {
    expect(s.app.config.checkResponses).toBe(true);
    const server = await buildApp(s.app, { routes: [route] });
    try {
      const res = await server.inject({ method: 'GET', url: '/api/sys/contract-drift/1' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 0, msg: expect.any(String), data: { id: 1, at: '1970-01-01T00:00:00.000Z' } });
    } finally {
      await server.close();
    }
  });

  it('answers 500 naming the path and the difference when it does not', async () => {
    const server = await buildApp(s.app, { routes: [route] });
    try {
      const res = await server.inject({ method: 'GET', url: '/api/sys/contract-drift/2' });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe(500);
      expect(res.json().msg).toContain('GET /sys/contract-drift/:id');
      expect(res.json().msg).toMatch(/data.*secret/);
    } finally {
      await server.close();
    }
  });

  it('lets the answer through when switched off (production)', async () => {
    const server = await buildApp(
      { ...s.app, config: { ...s.app.config, checkResponses: false } },
      { routes: [route] },
    );
    try {
      const res = await server.inject({ method: 'GET', url: '/api/sys/contract-drift/2' });
      expect(res.json()).toMatchObject({ code: 0, data: { secret: 'x' } });
    } finally {
      await server.close();
    }
  });
});

describe('GET /api/openapi.json', () => {
  it('is public and describes the contracts as OpenAPI 3.1', async () => {
    const res = await s.api('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as any;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.components.securitySchemes.token).toEqual({ type: 'apiKey', in: 'header', name: 'token' });
    expect(doc.tags.map((t: { name: string }) => t.name)).toContain('versions');
    for (const e of allEndpoints()) {
      const op = doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.path}`).toBeTruthy();
      expect(op.summary).toBe(e.summary['zh-CN']);
      expect(op.description).toContain(e.summary.en);
      expect(op.responses['200']).toBeTruthy();
    }
    // no Fastify-style segment is left in a path
    expect(Object.keys(doc.paths).filter((p) => p.includes(':'))).toEqual([]);
  });

  it('names the path parameters, the body and the envelope of the versions endpoints', async () => {
    const doc = (await s.api('GET', '/api/openapi.json')).body as any;
    const info = doc.paths['/sys/version/info/{id}'].get;
    expect(info.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(info.security).toEqual([{ token: [] }]);
    expect(info['x-access']).toEqual({ permission: 'sys:version:info' });
    const answer = info.responses['200'].content['application/json'].schema;
    expect(answer.required).toEqual(expect.arrayContaining(['code', 'msg', 'data']));
    expect(answer.properties.data.properties.createdAt).toEqual({ type: 'string' });

    const save = doc.paths['/sys/version/save'].post;
    const body = save.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['version', 'releaseNote']));
    expect(doc.paths['/sys/version/getCurrentVersion'].get.security).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('is a page of its own: every contract with its method, path, access and summary', async () => {
    const res = await fetch(`${s.base}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    // nothing loaded from elsewhere (the machines have no internet)
    expect(html).not.toMatch(/<script|<link|src="http/);
    for (const e of allEndpoints()) {
      expect(html).toContain(`/api${e.path}`);
      expect(html).toContain(e.summary.en.replace(/'/g, '&#39;'));
    }
    expect(html).toContain('permission sys:version:save');
  });
});
