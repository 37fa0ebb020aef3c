import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the built server on a fresh data directory (or on DATABASE_URL) and waits until it answers. With `dataDir`
 * it uses that directory and leaves it in place when stopped (the caller removes it). `main` runs another build
 * (an A/B comparison) than the worktree's packages/server/dist/main.mjs.
 */
export async function startServer({ port, env = {}, dataDir: given, main, nodeArgs = [] }) {
  const dataDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rehab-bench-'));
  const child = spawn('node', [...nodeArgs, main ?? path.join(root, 'packages/server/dist/main.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000000',
      // the load signs one account in from 8 connections at once; the lockout counts sign-ins in flight as
      // attempts (so parallel guesses get no more than 5 tries) and would refuse most of them
      LOGIN_MAX_FAILURES: '1000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/sys/version/getCurrentVersion`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
  };
}

export const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Signs an account in and into its first organization and department; answers the token and the browser session. */
export async function signIn(url, account, password = 'Rehab@2026') {
  const call = async (method, p, body, token) => {
    const res = await fetch(`${url}/api${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (json.code !== 0) throw new Error(`${p}: ${json.code} ${json.msg}`);
    return json;
  };
  const { token } = await call('POST', '/sys/login', { account, password, loginRoleType: 2, isLogin: 1 });
  const orgs = await call('GET', '/sys/organization/chooseOrganizationList', null, token);
  const org = orgs.data.list[0];
  const chosen = await call(
    'GET',
    `/sys/organization/chooseOrganization?id=${org.id}&officeId=${org.offices[0].id}`,
    null,
    token,
  );
  const nav = await call('GET', '/sys/menu/nav', null, token);
  const info = await call('GET', '/sys/user/info', null, token);
  const { id, name, phone, email, keepLogin } = info.data;
  // the browser session as the web app keeps it (lib/session.ts), to open a screen signed in
  const session = {
    token,
    user: { id, name, phone, email, keepLogin, roleIdList: chosen.data.roleIdList },
    roleIdList: chosen.data.roleIdList,
    organization: chosen.data.organization,
    office: chosen.data.office,
    offices: chosen.data.offices,
    menuList: nav.menuList,
    permissions: nav.permissions,
    caIntegration: chosen.data.caIntegration,
    passwordAtRisk: false,
    isFirst: false,
  };
  return { token, session, call: (method, p, body) => call(method, p, body, token) };
}

/** autocannon as a promise, summarized. */
export const autocannonRun = (opts) =>
  new Promise((resolve, reject) => {
    autocannon(opts, (err, r) =>
      err
        ? reject(err)
        : resolve({
            reqPerSec: Math.round(r.requests.average),
            p50ms: r.latency.p50,
            p99ms: r.latency.p99,
            non2xx: r.non2xx,
            errors: r.errors,
          }),
    );
  });

/** CPU clock ticks (1/100 s, user and system) a process has used so far; 0 once it has gone. */
export const cpuTicks = (pid) => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
};

/** Replaces the section of docs/benchmarks.md that starts with `heading` (or adds it before "## Bulk data"). */
export function replaceBenchmarkSection(heading, section) {
  const file = path.join(root, 'docs/benchmarks.md');
  const doc = fs.readFileSync(file, 'utf8');
  const start = doc.indexOf(heading);
  const next = start < 0 ? -1 : doc.indexOf('\n## ', start + 3);
  const updated =
    start < 0
      ? doc.replace('\n## Bulk data', `\n${section}\n## Bulk data`)
      : doc.slice(0, start) + section + (next < 0 ? '' : doc.slice(next + 1));
  fs.writeFileSync(file, updated);
  console.log('updated docs/benchmarks.md');
}
