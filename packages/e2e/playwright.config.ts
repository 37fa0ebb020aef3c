import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const dataRoot = path.join(root, '.tmp/e2e');
/** E2E_PORT and the data directory names let two runs share a machine (defaults: 8181/8182, main/short-idle) */
const port = Number(process.env.E2E_PORT ?? 8181);
const mainData = process.env.E2E_MAIN_DATA ?? 'main';
const shortIdleData = process.env.E2E_SHORT_IDLE_DATA ?? 'short-idle';
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
/** a second server whose sessions go idle after a few seconds, for the idle-timeout dialog */
export const SHORT_IDLE_URL = process.env.E2E_SHORT_IDLE_URL ?? `http://127.0.0.1:${port + 1}`;

const chromium = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => fs.existsSync(p));

const serverEnv = (port: number, dir: string, extra: Record<string, string> = {}) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: path.join(dataRoot, dir),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  ...extra,
});

// every run starts from fresh demo data; Playwright loads this file again in each worker, after the servers have
// started, so only the main process cleans up
if (!process.env.TEST_WORKER_INDEX) {
  for (const dir of [mainData, shortIdleData]) fs.rmSync(path.join(dataRoot, dir), { recursive: true, force: true });
}

export default defineConfig({
  testDir: './tests',
  outputDir: `./test-results/${mainData}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'zh-CN',
    viewport: { width: 1366, height: 768 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'node ../server/dist/main.mjs',
      url: `${BASE_URL}/api/sys/version/getCurrentVersion`,
      env: serverEnv(port, mainData),
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: 'node ../server/dist/main.mjs',
      url: `${SHORT_IDLE_URL}/api/sys/version/getCurrentVersion`,
      env: serverEnv(port + 1, shortIdleData, { SESSION_IDLE_MS: '6000' }),
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
