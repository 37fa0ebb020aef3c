import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { productsOfApi, translate } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { roleMenus } from '../src/db/schema';
import { defineRoute, type RouteDef } from '../src/http/route';
import { clearPermissionCache } from '../src/modules/menus/permissions.service';
import { organizations } from '../src/modules/organizations/organizations.tables';
import { apiRoutes } from '../src/routes';
import { DEMO, startTestServer, type TestServer } from './harness';

/** the tests that call every route take longer as the API grows (and on a busy machine) */
const EVERY_ROUTE_MS = 180_000;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
});
afterAll(async () => {
  await s?.close();
});

const accessOf = (r: RouteDef) => (typeof r.access === 'object' ? 'permission' : r.access);
const permissionRoutes = apiRoutes.filter((r) => typeof r.access === 'object');
const nonPublic = apiRoutes.filter((r) => r.access !== 'public');

/** A concrete URL for a route: path parameters filled with plausible values. */
function urlOf(route: RouteDef, organizationId = 1) {
  return (
    '/api' +
    route.url.replace(/:(\w+)/g, (_, name: string) =>
      name === 'organizationId' ? String(organizationId) : name === 'officeId' ? '0' : '1',
    )
  );
}
const call = (route: RouteDef, token?: string, organizationId?: number) =>
  s.api(route.method, urlOf(route, organizationId), { token, body: route.method === 'GET' ? undefined : {} });
const label = (r: RouteDef) => `${r.method} ${r.url}`;

describe('the route table', () => {
  it('has routes, each with a declared access, under the spec paths', () => {
    expect(apiRoutes.length).toBeGreaterThan(10);
    for (const route of apiRoutes) {
      expect(['public', 'session', 'organization', 'permission'], label(route)).toContain(accessOf(route));
      if (typeof route.access === 'object')
        expect(route.access.permission, label(route)).toMatch(/^[a-z]+(:[A-Za-z]+)+$/);
      // spec paths are under /sys (and the spec's /schedulingManagement, GET /template/info/{id} and
      // hisHeartbeat/pageInfo and GET /place/selectUserPlaces of section 7); issue 6 names the scoring API /scales
      // and the FHIR resources /fhir
      expect(route.url, label(route)).toMatch(
        /^\/(sys\/|scales(\/|$)|fhir\/|schedulingManagement\/|template\/info\/|hisHeartbeat\/|place\/selectUserPlaces$)/,
      );
      expect(s.server.hasRoute({ method: route.method, url: `/api${route.url}` }), label(route)).toBe(true);
    }
    const keys = apiRoutes.map(label);
    expect(new Set(keys).size).toBe(keys.length);
  });

  // a gate on purpose: a route that anyone may call without signing in is added to this list in the same change
  it('keeps the public routes to sign-in and the version', () => {
    expect(
      apiRoutes
        .filter((r) => r.access === 'public')
        .map((r) => r.url)
        .sort(),
    ).toEqual(
      [
        '/sys/login',
        '/sys/resetPassword',
        '/sys/sendLoginVerificationCode',
        '/sys/sendResetPasswordCode',
        '/sys/version/getCurrentVersion',
        // the sign-in check after failures (issue 22): a signed proof-of-work challenge, rate limited per address
        '/sys/captcha/challenge',
        // the hospital-system entry: refused without the shared secret (HIS_SSO_SECRET) and a signature
        '/sys/ssoLogin',
        // the maintenance notice the login page shows before anyone signs in
        '/sys/break/current',
        // a device's self-registration: refused without the organization's registration key, rate limited
        '/sys/device/register',
        // a partner system's heartbeat: its secret token names the monitor (rate-limited)
        '/hisHeartbeat/push/:token',
        // the media gateway's auth hook: lets a reader in only with a camera play token we signed
        '/sys/camera/gatewayAuth',
        // the QR collaborative login (issue 19): bound to the asking browser by a nonce cookie, rate limited
        '/sys/ca/getCALoginQrCode',
        '/sys/ca/pollLoginStatus/:signDataId/:code',
        // the patients' mini-program (issue 20): published content only, the organization in the path; an education
        // item by its unguessable per-send token (the read receipt)
        '/sys/applet/:organizationId/home/:kind',
        '/sys/applet/:organizationId/categories',
        '/sys/applet/:organizationId/items',
        '/sys/applet/:organizationId/item/:id',
        '/sys/applet/:organizationId/media/:id',
        '/sys/applet/education/:token',
        // a home-training task by its unguessable per-task link (only its hash is stored); reports rate limited
        '/sys/applet/task/:token',
        '/sys/applet/task/:token/report',
      ].sort(),
    );
  });

  it(
    'answers 401 to every non-public route without a token, or with an unknown one',
    async () => {
      for (const route of nonPublic) {
        for (const token of [undefined, 'unknown-token']) {
          const res = await call(route, token);
          expect(res.status, label(route)).toBe(401);
          expect(res.body.code, label(route)).toBe(401);
        }
      }
    },
    EVERY_ROUTE_MS,
  );

  it(
    'answers 403 to organization and permission routes before an organization is chosen',
    async () => {
      const token = await s.loginAdmin(DEMO.superAdmin);
      for (const route of apiRoutes.filter((r) => r.access === 'organization' || typeof r.access === 'object')) {
        const res = await call(route, token);
        expect(res.status, label(route)).toBe(403);
        expect(res.body.msgKey, label(route)).toBe('error.noOrganization');
      }
    },
    EVERY_ROUTE_MS,
  );

  it(
    'answers 403 to every permission route for a session whose roles lack the permission',
    async () => {
      expect(permissionRoutes.length).toBeGreaterThan(0);
      // CA integration on, so that the signature log (gated by it like a product) is among the routes let through
      await s.app.db.update(organizations).set({ caIntegration: true });
      clearPermissionCache();
      // a session that holds every permission gets through
      const admin = await s.loginInto(DEMO.superAdmin);
      for (const route of permissionRoutes) {
        const res = await call(route, admin.token, admin.organizationId);
        expect(res.status, label(route)).not.toBe(403);
        expect(res.status, label(route)).toBeLessThan(500);
      }
      // the therapist role loses every grant
      await s.app.db.delete(roleMenus).where(eq(roleMenus.roleId, 10));
      clearPermissionCache();
      const { token, organizationId } = await s.loginInto(DEMO.therapist2);
      const nav = await s.api('GET', '/api/sys/menu/nav', { token });
      expect(nav.body.permissions).toEqual([]);
      for (const route of permissionRoutes) {
        const res = await call(route, token, organizationId);
        expect(res.status, label(route)).toBe(403);
        // a route of a product the organization has not switched on is refused for that reason first
        const keys = productsOfApi(route.url).length ? ['error.forbidden', 'product.disabled'] : ['error.forbidden'];
        expect(res.body.code, label(route)).toBe(403);
        expect(keys, label(route)).toContain(res.body.msgKey);
      }
    },
    EVERY_ROUTE_MS,
  );
});

describe('registering routes', () => {
  it('refuses a route that declares no access', async () => {
    const bogus = { method: 'GET', url: '/sys/bogus', handler: async () => ({}) } as unknown as RouteDef;
    await expect(buildApp(s.app, { routes: [bogus] })).rejects.toThrow(/GET \/api\/sys\/bogus declares no access/);
  });

  it('builds with routes that do', async () => {
    const ok = { method: 'GET', url: '/sys/ok', access: 'public', handler: async () => ({ data: 1 }) } as RouteDef;
    const app = await buildApp(s.app, { routes: [ok] });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/sys/ok' });
      expect(res.json()).toMatchObject({ code: 0, data: 1 });
    } finally {
      // the context (and its database) belongs to the shared server: close only this instance's listeners
      await app.close();
    }
  });
});

describe('an unexpected error', () => {
  it('answers the 500 envelope and logs the query without its values', async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'error' },
      { write: (line: string) => void lines.push(line) },
    ) as unknown as FastifyBaseLogger;
    const broken = defineRoute({
      method: 'GET',
      url: '/sys/broken',
      access: 'public',
      handler: async ({ app }) => {
        await app.db.execute(sql`SELECT * FROM no_such_table WHERE secret = ${'s3cr3t-value'}`);
      },
    });
    const app = await buildApp({ ...s.app, log }, { routes: [broken] });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/sys/broken', headers: { language: 'en' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 500, msg: translate('en', 'error.internal'), msgKey: 'error.internal' });
      expect(res.body).not.toContain('no_such_table');
      const logged = lines.join('\n');
      expect(logged).toContain('no_such_table');
      expect(logged).not.toContain('s3cr3t-value');
    } finally {
      await app.close();
    }
  });
});
