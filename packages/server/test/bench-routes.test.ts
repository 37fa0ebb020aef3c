import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './harness';

// The benchmark's bare patient-list route (docs/benchmarks.md): absent in normal runs; with BENCH_BARE_ROUTES it
// runs the list call's own statements through the driver, so it finds the same courses in the same order.

let plain: TestServer;
let bench: TestServer;
let who: { token: string };

beforeAll(async () => {
  [plain, bench] = await Promise.all([startTestServer(), startTestServer({}, { BENCH_BARE_ROUTES: '1' })]);
  who = await bench.loginInto(DEMO.doctor);
});
afterAll(async () => {
  await Promise.all([plain?.close(), bench?.close()]);
});

describe('bare patient-list route', () => {
  it('does not exist without BENCH_BARE_ROUTES', async () => {
    const doctor = await plain.loginInto(DEMO.doctor);
    const res = await plain.api('POST', '/api/bench/patient/queryOutPatientPage', { token: doctor.token, body: {} });
    expect(res.status).toBe(404);
    expect(plain.app.config.benchBareRoutes).toBe(false);
  });

  it('answers the courses of the list call, in its order, for the same request', async () => {
    const other = await bench.loginInto(DEMO.superAdmin, 1);
    const call = (url: string, token: string, body: unknown) => bench.api('POST', `/api${url}`, { token, body });
    for (const body of [
      {},
      { page: 2, limit: 3 },
      { courseStatus: 0, limit: 100 },
      { keyword: '张' },
      { keyword: 'z' },
      { keyword: '1' },
      { unassigned: 1 },
    ]) {
      const list = await call('/sys/patient/queryOutPatientPage', who.token, body);
      const bare = await call('/bench/patient/queryOutPatientPage', who.token, body);
      expect(bare.body.code, JSON.stringify(body)).toBe(0);
      expect(bare.body.data.total, JSON.stringify(body)).toBe(list.body.data.totalCount);
      expect(
        bare.body.data.rows.map((r: unknown[]) => r[1]),
        JSON.stringify(body),
      ).toEqual(list.body.data.list.map((r: { treatmentId: number }) => r.treatmentId));
    }
    // the organization comes from the session
    const mine = await call('/bench/patient/queryOutPatientPage', who.token, { courseStatus: 0, limit: 1000 });
    const theirs = await call('/bench/patient/queryOutPatientPage', other.token, { courseStatus: 0, limit: 1000 });
    const ids = new Set(mine.body.data.rows.map((r: unknown[]) => r[1]));
    expect(theirs.body.data.rows.some((r: unknown[]) => ids.has(r[1]))).toBe(false);
  });

  it('refuses what the list call refuses', async () => {
    const bad = await bench.api('POST', '/api/bench/patient/queryOutPatientPage', {
      token: who.token,
      body: { limit: 5000 },
    });
    expect(bad.body).toMatchObject({ code: 400, field: 'limit' });
    const anonymous = await bench.api('POST', '/api/bench/patient/queryOutPatientPage', { body: {} });
    expect(anonymous.status).toBe(401);
  });
});
