import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { loadConfig, type AppConfig } from '../src/config';
import type { SmsProvider } from '../src/modules/auth/delivery';
import { createServerLogger, startServer } from '../src/server';
import { ManualClock } from '../src/kernel/clock';
import { accessLogs } from '../src/modules/logs/logs.tables';
import { DEMO_PASSWORD } from '../src/db/seed';
import { withDatabase } from './global-setup';

export { DEMO_PASSWORD };

export const DEMO = {
  superAdmin: '13800000001',
  orgAdmin: '13800000019',
  doctor: '13800000011',
  therapist: '13800000010',
  therapist2: '13800000020',
  cashier: '13800000013',
  finance: '13800000014',
  /** the community centre's doctor, the remote-consultation expert (issue 17) */
  expert: '13800000021',
} as const;

export type ApiResult = { status: number; body: Record<string, any> & { code: number; msg: string } };

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * Boots the real server on a real database of its own (a copy of the seeded template) on a free port, and talks
 * to it over HTTP. `TEST_BACKEND=postgres` runs it on a fresh PostgreSQL database instead of PGlite.
 */
export async function startTestServer(
  overrides: Partial<AppConfig> = {},
  env: Record<string, string> = {},
  options: { sms?: SmsProvider; logLines?: string[] } = {},
) {
  const id = crypto.randomBytes(4).toString('hex');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rehab-test-${id}-`));
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (process.env.TEST_BACKEND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `rehab_t_${process.ppid}_${id}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await createFromTemplate(admin, name, inject('pgTemplate'));
    await admin.end();
    databaseUrl = withDatabase(url, name);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    fs.cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
  }
  const config = loadConfig(
    // the sign-in proof of work off unless a test asks for it (security.test.ts), as the delays' tests count 429s
    { NODE_ENV: 'test', LOGIN_CAPTCHA_AFTER: '0', ...env },
    {
      dataDir,
      databaseUrl,
      webDist: null,
      logLevel: 'silent',
      seedDemo: true,
      // tests sign the same accounts in many times a minute from one address; rate-limit.test.ts sets its own limits
      rateLimit: { loginPerMinute: 1000, codePerMinute: 1000 },
      // the same for the limits per address (security.test.ts sets its own): every test client is 127.0.0.1
      codesPerCallerPerHour: 100_000,
      // the jobs run when a test calls them (or the scheduler's tick): a scheduler following the test's clock would
      // fire them by itself right after the test moves the clock; jobs.test.ts turns it on
      scheduler: { ...loadConfig({}).scheduler, enabled: false },
      signInDelays: { ...loadConfig({}).signInDelays, addressFree: 100_000 },
      ...overrides,
    },
  );
  // `logLines` captures everything the server logs (at debug level), for tests that read the log itself
  const captured = options.logLines;
  const logger = (captured
    ? createServerLogger('debug', { write: (line: string) => void captured.push(line) })
    : pino({ level: process.env.TEST_LOG ?? 'silent' })) as unknown as FastifyBaseLogger;
  // the server's clock: tests move it forward (an idle limit, a code's lifetime) instead of sleeping
  const clock = new ManualClock();
  const { server, app } = await startServer(config, { logger, sms: options.sms, clock });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address() as { port: number };
  const base = `http://127.0.0.1:${address.port}`;

  async function api(
    method: string,
    url: string,
    options: { body?: unknown; token?: string; lang?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResult> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.token = options.token;
    if (options.lang) headers.language = options.lang;
    const res = await fetch(base + url, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = { code: -1, msg: text };
    }
    return { status: res.status, body };
  }

  /** POST /api/sys/login with any body, as the login form sends it. */
  function login(body: Record<string, unknown>, options: { lang?: string; headers?: Record<string, string> } = {}) {
    return api('POST', '/api/sys/login', { body, ...options });
  }

  /** Sends a login (or reset) code to an address and answers the code the demo mode wrote for it. */
  async function sendCode(address: string, purpose: 'login' | 'reset' = 'login') {
    const url = purpose === 'login' ? '/api/sys/sendLoginVerificationCode' : '/api/sys/sendResetPasswordCode';
    const res = await api('POST', url, { body: { type: address.includes('@') ? 1 : 2, address } });
    if (res.body.code !== 0) throw new Error(`code for ${address}: ${JSON.stringify(res.body)}`);
    const code = lastCode(address, purpose);
    if (!code) throw new Error(`no code written for ${address}`);
    return code;
  }

  /** Administrator login (type 2), confirming a sign-in elsewhere; answers the token. */
  async function loginAdmin(account: string, password = DEMO_PASSWORD) {
    const res = await api('POST', '/api/sys/login', { body: { account, password, loginRoleType: 2, isLogin: 1 } });
    if (res.body.code !== 0) throw new Error(`login ${account} failed: ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  }

  /** The newest demo-mode code written for an address (DATA_DIR/verification-codes.log). */
  function lastCode(address: string, purpose: string = 'login') {
    const file = path.join(dataDir, 'verification-codes.log');
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n') : [];
    const hit = lines
      .reverse()
      .find((l) => l.split(' ')[1] === purpose && l.split(' ')[2]?.toLowerCase() === address.toLowerCase());
    return hit?.split(' ')[3];
  }

  /** Staff login (type 1) with a fresh code, confirming a sign-in elsewhere. */
  async function loginStaff(account: string, password = DEMO_PASSWORD) {
    const type = account.includes('@') ? 1 : 2;
    const sent = await api('POST', '/api/sys/sendLoginVerificationCode', { body: { type, address: account } });
    if (sent.body.code !== 0) throw new Error(`code for ${account}: ${JSON.stringify(sent.body)}`);
    const verificationCode = lastCode(account);
    const res = await api('POST', '/api/sys/login', {
      body: { account, password, loginRoleType: 1, verificationCode, isLogin: 1 },
    });
    if (res.body.code !== 0) throw new Error(`login ${account} failed: ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  }

  /** Signs in and enters an organization (the first selectable one unless given). */
  async function loginInto(account: string, organizationIndex = 0, officeId?: number) {
    const admin = [DEMO.superAdmin, DEMO.orgAdmin].includes(account as never);
    const token = admin ? await loginAdmin(account) : await loginStaff(account);
    const orgs = await api('GET', '/api/sys/organization/chooseOrganizationList', { token });
    const org = orgs.body.data.list[organizationIndex];
    const office = officeId ?? org.offices[0]?.id;
    const chosen = await api(
      'GET',
      `/api/sys/organization/chooseOrganization?id=${org.id}${office ? `&officeId=${office}` : ''}`,
      {
        token,
      },
    );
    if (chosen.body.code !== 0) throw new Error(`choose organization failed: ${JSON.stringify(chosen.body)}`);
    return { token, organizationId: org.id as number, officeId: office as number | undefined };
  }

  /**
   * The access-log rows matching `where`: the log is written once the answer has gone out, so they are looked for
   * again until `atLeast` are there (no fixed wait).
   */
  async function accessRows(where: (r: typeof accessLogs.$inferSelect) => boolean, atLeast = 1) {
    for (let i = 0; i < 200; i++) {
      const rows = (await app.db.select().from(accessLogs)).filter(where);
      if (rows.length >= atLeast) return rows;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('access log rows did not appear');
  }

  async function close() {
    await server.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  return {
    base,
    api,
    app,
    accessRows,
    clock,
    server,
    config,
    dataDir,
    login,
    sendCode,
    loginAdmin,
    loginStaff,
    loginInto,
    lastCode,
    close,
  };
}

async function createFromTemplate(admin: pg.Client, name: string, template: string) {
  // CREATE DATABASE ... TEMPLATE needs the template to have no other connection: retry while one closes
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (err) {
      if (attempt > 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}
