import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const dataRoot = path.join(root, '.tmp/e2e');
import {
  BASE_URL,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  E2E_WORKERS,
  HIS_TEST_ORIGIN,
  HIS_TEST_SECRET,
  slotServers,
} from './tests/servers';

// The clinic's time zone, the servers' default SCHEDULER_TIMEZONE: the browser (timezoneId below) and the specs'
// own date arithmetic (this process and its workers) see the same day as the servers, also between 16:00 and 24:00
// UTC, when a UTC machine is already on the next day in Shanghai. Clinic browsers run on the clinic's clock.
const CLINIC_TIME_ZONE = 'Asia/Shanghai';
process.env.TZ = CLINIC_TIME_ZONE;

const serverEnv = (port: number, dir: string, extra: Record<string, string> = {}) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: path.join(dataRoot, dir),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  // a short resend cooldown for verification codes: specs that sign the same account in again wait seconds, not a
  // minute (the 60 s production default is covered by the API tests)
  CODE_COOLDOWN_SECONDS: '5',
  // the whole suite signs in from 127.0.0.1: the per-address limits (30 codes an hour, 30 failed sign-ins across
  // accounts) would stop it halfway; the API tests cover those limits at their production values
  RATE_LIMIT_CODES_PER_CALLER_PER_HOUR: '10000',
  LOGIN_ADDRESS_FREE_FAILURES: '10000',
  // the sign-in proof of work (auth.spec.ts) at 16^3 tries instead of 16^4: a second on a busy machine's browser
  CAPTCHA_DIFFICULTY: '3',
  // the hospital-system entry (the treatment record frame, treatment-record.spec.ts): the secret the spec signs with,
  // and the page of the stand-in hospital system that frames the record
  HIS_SSO_SECRET: HIS_TEST_SECRET,
  HIS_FRAME_ANCESTORS: HIS_TEST_ORIGIN,
  // the camera spec's media gateway (a free port of this machine) and the demo cameras' stream (CSP connect-src)
  CSP_MEDIA_ORIGINS: 'http://127.0.0.1:* https://test-streams.mux.dev',
  ...extra,
});

// every run starts from fresh demo data; Playwright loads this file again in each worker, after the servers have
// started, so only the main process cleans up
const slots = Array.from({ length: E2E_WORKERS }, (_, slot) => slotServers(slot));
if (!process.env.TEST_WORKER_INDEX) {
  for (const { mainData: main, shortIdleData: idle } of slots)
    for (const dir of [main, idle]) fs.rmSync(path.join(dataRoot, dir), { recursive: true, force: true });
}

export default defineConfig({
  testDir: './tests',
  outputDir: `./test-results/${slotServers(0).mainData}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // each worker has its own servers (tests/servers.ts): spec files run side by side without sharing any data
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'zh-CN',
    timezoneId: CLINIC_TIME_ZONE,
    viewport: { width: 1366, height: 768 },
    screenshot: 'only-on-failure',
    // a trace costs every test its recording (a snapshot per action): on two cores the suite ran about 28% longer
    // with 'retain-on-failure' (statistics + work-orders: 168 s against 122 s). A failure keeps its screenshot; a
    // retry (CI) records its trace. E2E_TRACE=retain-on-failure records every test again, for a local hunt.
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | undefined) ?? 'on-first-retry',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: slots.flatMap(({ port, mainData: main, shortIdleData: idle, baseUrl, shortIdleUrl }) => [
    {
      command: 'node ../server/dist/main.mjs',
      url: `${baseUrl}/api/sys/version/getCurrentVersion`,
      env: serverEnv(port, main),
      reuseExistingServer: false,
      timeout: 240_000,
    },
    {
      command: 'node ../server/dist/main.mjs',
      url: `${shortIdleUrl}/api/sys/version/getCurrentVersion`,
      // QR login requests expire after a second there: the QR login spec's expiry (qr-login.spec.ts)
      env: serverEnv(port + 1, idle, { SESSION_IDLE_MS: '6000', QR_LOGIN_LIFETIME_MS: '1000' }),
      reuseExistingServer: false,
      timeout: 240_000,
    },
  ]),
});
