import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../src/http/route';
import { apiRoutes } from '../src/routes';
import { DEMO, startTestServer, type TestServer } from './harness';

/**
 * No input makes the server answer 500: every route gets bodies, queries and path values of the wrong shape, and
 * must answer a 4xx (or success) in the envelope.
 */
let s: TestServer;
let token: string;
let organizationId: number;
beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  ({ token, organizationId } = await s.loginInto(DEMO.superAdmin));
});
afterAll(async () => {
  await s?.close();
});

const huge = 'x'.repeat(100_000);
const FIELDS = [
  'account',
  'phone',
  'email',
  'password',
  'address',
  'type',
  'verificationCode',
  'loginRoleType',
  'isLogin',
  'rememberMe',
  'name',
  'keepLogin',
  'oldPassword',
  'newPassword',
  'id',
  'page',
  'limit',
];
const VALUES: unknown[] = [null, true, -1.5, 3_000_000_000, 1e308, '', huge, 'a\u0000b', [1, 2], { $ne: 1 }];

/** raw request bodies: not JSON objects, or objects with every field of a wrong type */
const RAW_BODIES: string[] = [
  'null',
  '[{}]',
  '"string"',
  '42',
  '{"a":',
  '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}',
];
const OBJECT_BODIES: Record<string, unknown>[] = VALUES.map((v) => Object.fromEntries(FIELDS.map((f) => [f, v])));

const QUERIES = [
  '?page=abc',
  '?page=-1&limit=0',
  '?limit=100000',
  '?page=99999999999999999999',
  '?id=1e400',
  '?id[]=1',
  '?id=1&id=2',
  `?id=${'9'.repeat(400)}`,
  '?id=%00',
  '?officeId=3000000000&id=1',
];
const PATH_VALUES = ['abc', '-1', '0', '1.5', '3000000000', '%00', '%E0%A4%A', 'x'.repeat(2000)];

function fill(route: RouteDef, value: string) {
  return '/api' + route.url.replace(/:(\w+)/g, () => value);
}

/** Logout takes any body and ends the session: it gets its own token, at the end. */
const ordered = apiRoutes.filter((r) => r.url !== '/sys/logout');

/** One field wrong at a time, the others right: reaches the handlers and the database, not only the schemas. */
const TARGETED: Record<string, Record<string, unknown>[]> = {
  '/sys/login': [
    { account: DEMO.superAdmin, password: 'a\u0000b', loginRoleType: 2 },
    { account: DEMO.doctor, password: 'Rehab@2026', loginRoleType: 1, verificationCode: 'a\u0000b' },
    { account: DEMO.doctor, password: 'Rehab@2026', loginRoleType: 1, verificationCode: huge },
    { account: DEMO.superAdmin, password: huge.slice(0, 100_000), loginRoleType: 2 },
    { account: DEMO.superAdmin, password: 'x', loginRoleType: 3 },
  ],
  '/sys/sendLoginVerificationCode': [{ type: 1, address: 'a\u0000b@rehab.example' }],
  '/sys/resetPassword': [
    { address: DEMO.doctor, password: 'Kestrel@2027', verificationCode: '12345\u0000' },
    { address: 'a\u0000b@x.cn', password: 'Kestrel@2027', verificationCode: '123456' },
  ],
  '/sys/user/updatePersonalInfo': [
    { name: 'a\u0000b' },
    { name: '\ud800\udc00' },
    { email: 'a\u0000b@rehab.example' },
    { name: '\u202e' },
  ],
  '/sys/user/password': [
    { oldPassword: 'a\u0000b', newPassword: 'Kestrel@2027' },
    { oldPassword: huge.slice(0, 100_000), newPassword: 'Kestrel@2027' },
  ],
};

async function expectNoServerError(method: string, url: string, body?: string, contentType = 'application/json') {
  const res = await fetch(s.base + url, {
    method,
    headers: { token, ...(body === undefined ? {} : { 'content-type': contentType }) },
    body,
  });
  const text = await res.text();
  const where = `${method} ${url.slice(0, 120)} ${body?.slice(0, 80) ?? ''}`;
  expect(res.status, where).toBeLessThan(500);
  // a download (the treatment card PDF, an attachment) or a FHIR resource answers in its own format; every refusal
  // is still the JSON envelope
  if (res.status === 200 && !(res.headers.get('content-type') ?? '').startsWith('application/json')) return res.status;
  let json: { code?: number } = {};
  expect(() => (json = JSON.parse(text)), where).not.toThrow();
  expect(json.code, where).not.toBe(500);
  expect(typeof json.code, where).toBe('number');
  if (res.status !== 200) expect(json.code, where).toBe(res.status);
  return res.status;
}

type Request = [method: string, url: string, body?: string, contentType?: string];

/** Runs the requests a few at a time (the server is shared and has nothing to race on here), failing on the first 5xx. */
async function runAll(requests: Request[], concurrency = 4) {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const [method, url, body, contentType] = requests[next++]!;
      await expectNoServerError(method, url, body, contentType);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * The two sweeps below send about twenty requests per route: their time grows with the route table. On a two-core
 * machine loaded by other work they took 105 to 110 s on PostgreSQL and over 200 s on PGlite.
 */
const SWEEP_TIMEOUT_MS = 480_000;

describe('no input answers 500', () => {
  it(
    'POST and PUT bodies of the wrong shape',
    async () => {
      const requests: Request[] = [];
      for (const route of ordered.filter((r) => r.method !== 'GET')) {
        const url = fill(route, '1');
        for (const body of RAW_BODIES) requests.push([route.method, url, body]);
        for (const body of [...OBJECT_BODIES, ...(TARGETED[route.url] ?? [])])
          requests.push([route.method, url, JSON.stringify(body)]);
        requests.push([route.method, url, 'a=1&b=2', 'application/x-www-form-urlencoded']);
        requests.push([route.method, url, '<xml/>', 'text/plain']);
      }
      await runAll(requests);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
    SWEEP_TIMEOUT_MS,
  );

  it('a body past the size limit answers 413', async () => {
    const res = await fetch(`${s.base}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: 'en' },
      body: JSON.stringify({ account: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413, msg: 'The request is too large' });
  });

  it(
    'queries and path values of the wrong shape',
    async () => {
      const requests: Request[] = [];
      for (const route of ordered) {
        const body = route.method === 'GET' ? undefined : '{}';
        // queries reach the routes that read one: every GET, and those with a query schema
        if (route.method === 'GET' || route.query) {
          for (const query of QUERIES) requests.push([route.method, fill(route, '1') + query, body]);
        }
        if (route.url.includes(':')) {
          for (const value of PATH_VALUES) requests.push([route.method, fill(route, value), body]);
          // the own organization with a department past the integer range
          const url = `/api${route.url.replace(':organizationId', String(organizationId)).replace(/:(\w+)/g, '3000000000')}`;
          requests.push([route.method, url, body]);
        }
      }
      await runAll(requests);
    },
    SWEEP_TIMEOUT_MS,
  );

  it('the session is still good: nothing above signed it out or changed the password', async () => {
    expect((await s.api('GET', '/api/sys/user/info', { token })).body.code).toBe(0);
  });

  it('strange headers', async () => {
    const cases: Record<string, string>[] = [
      { token: 'x'.repeat(300) },
      { token: '\u00ff' },
      { language: 'x'.repeat(1000) },
      { 'accept-language': ',,,;q=' },
    ];
    for (const headers of cases) {
      const res = await fetch(`${s.base}/api/sys/user/info`, { headers });
      expect(res.status).toBe(401);
    }
  });

  it('logout, with any body', async () => {
    for (const body of ['{"a":', 'null', '[]', JSON.stringify(OBJECT_BODIES[6])]) {
      await expectNoServerError('POST', '/api/sys/logout', body);
    }
    expect((await s.api('GET', '/api/sys/user/info', { token })).status).toBe(401);
  });
});
