import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, { SCHEDULER_TIMEZONE: 'Europe/Berlin' });
});
afterAll(async () => {
  await s?.close();
});

describe('runtime config', () => {
  it("hands the clinic's time zone (SCHEDULER_TIMEZONE) to the web app", async () => {
    const res = await fetch(`${s.base}/runtime-config.js`);
    expect(res.status).toBe(200);
    const script = await res.text();
    const config = JSON.parse(script.replace(/^window\.__APP_CONFIG__ = /, '').replace(/;\s*$/, ''));
    expect(config.timeZone).toBe('Europe/Berlin');
  });

  it('defaults to Asia/Shanghai, the zone of the jobs', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.client.timeZone).toBe('Asia/Shanghai');
    expect(config.client.timeZone).toBe(config.scheduler.timezone);
  });
});
