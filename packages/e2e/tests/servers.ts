import fs from 'node:fs';
/**
 * Where the servers under test listen and keep their data. Every Playwright worker slot has its own pair of servers
 * (main and short-idle) and data directories, so workers running at the same time never share demo data, sessions or
 * verification codes: slot N's main server listens on E2E_PORT + 2N and its short-idle server on the port after it.
 * E2E_PORT and the data directory names let two runs share a machine; E2E_BASE_URL / E2E_SHORT_IDLE_URL point the
 * specs at servers started elsewhere (then run one worker).
 */
/** The system's Chromium the suite runs, and its arguments (the config's launch options; a spec may add to them). */
export const CHROMIUM_PATH = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => fs.existsSync(p));
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The hospital-system entry's shared secret on the servers under test, and the origins allowed to frame the treatment
 * record: the stand-in hospital system of treatment-record.spec.ts, a page the spec serves itself on `localhost` (another
 * origin than the app's 127.0.0.1, and on this machine: Chromium keeps a page of a public address from framing a
 * loopback one).
 */
export const HIS_TEST_SECRET = 'e2e-hospital-system-secret';
export const HIS_TEST_ORIGIN = 'http://localhost:*';

/** how many workers run the browser suite (E2E_WORKERS, default 2: the servers and browsers share the machine) */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 8181);
const MAIN_BASE = process.env.E2E_MAIN_DATA ?? 'main';
const SHORT_IDLE_BASE = process.env.E2E_SHORT_IDLE_DATA ?? 'short-idle';

/** the servers of one worker slot */
export function slotServers(slot: number) {
  const port = E2E_BASE_PORT + 2 * slot;
  const suffix = slot === 0 ? '' : `-${slot}`;
  return {
    port,
    mainData: `${MAIN_BASE}${suffix}`,
    shortIdleData: `${SHORT_IDLE_BASE}${suffix}`,
    baseUrl: `http://127.0.0.1:${port}`,
    shortIdleUrl: `http://127.0.0.1:${port + 1}`,
  };
}

// the worker's slot (Playwright sets TEST_PARALLEL_INDEX in each worker; the main process is slot 0)
const mine = slotServers(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const E2E_PORT = mine.port;
export const MAIN_DATA = mine.mainData;
export const SHORT_IDLE_DATA = mine.shortIdleData;
export const BASE_URL = process.env.E2E_BASE_URL ?? mine.baseUrl;
/** a second server whose sessions go idle after a few seconds, for the idle-timeout dialog */
export const SHORT_IDLE_URL = process.env.E2E_SHORT_IDLE_URL ?? mine.shortIdleUrl;
