import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { clinicDate } from '@rehab/shared';
import { accessLogs } from '../src/db/schema';
import { DEMO, startTestServer, type TestServer } from './harness';

// Issue 21, finding 11: Excel exports of the workload statistics, the therapist roster, the assessment list, the
// meeting list and "my orders", written by the one server-side xlsx writer with the list's filters, a total row where
// columns are counted, and an access-log entry when the file holds patient data.

let s: TestServer;
let admin: string;
let therapist: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = (await s.loginInto(DEMO.orgAdmin)).token;
  therapist = (await s.loginInto(DEMO.therapist)).token;
});
afterAll(async () => {
  await s.close();
});

/** Downloads an export and reads its first sheet as rows of cell values (the header row first). */
async function download(method: 'GET' | 'POST', url: string, token: string, body?: unknown, lang = 'en') {
  const res = await fetch(`${s.base}/api${url}`, {
    method,
    headers: { token, language: lang, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { rows, disposition: res.headers.get('content-disposition') ?? '' };
}

async function exportsLogged(url: string) {
  await s.server.drain();
  return (await s.app.db.select().from(accessLogs)).filter((r) => r.kind === 'export' && r.url === url);
}

const today = () => clinicDate(s.clock.now());

describe('list exports (issue 21)', () => {
  it('exports the daily workload by therapist with a total row equal to the summary, in the filters given', async () => {
    const end = today();
    const start = new Date(Date.parse(`${end}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const body = { startDate: start, endDate: end };
    const screen = await s.api('POST', '/api/sys/workload/daily', { token: admin, body });
    expect(screen.body.code).toBe(0);
    const d = screen.body.data;
    const { rows, disposition } = await download('POST', '/sys/workload/daily/export', admin, body);
    expect(rows[0]!.slice(0, 3)).toEqual(['Therapist', 'Days worked', 'Orders']);
    expect(rows).toHaveLength(1 + d.therapists.length + 1);
    const total = rows.at(-1)!;
    expect(total[0]).toBe('Total');
    expect(total[2]).toBe(d.totals.total);
    expect(total[4]).toBe(d.totals.completed);
    expect(disposition).toContain(encodeURIComponent('Daily workload'));
    // in Chinese, and a reversed range is refused with the screen's message, no file
    const zh = await download('POST', '/sys/workload/daily/export', admin, body, 'zh-CN');
    expect(zh.rows[0]![0]).toBe('治疗师');
    expect(zh.rows.at(-1)![0]).toBe('合计');
    const reversed = await s.api('POST', '/api/sys/workload/daily/export', {
      token: admin,
      body: { startDate: end, endDate: start },
      lang: 'en',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toMatch(/end date/i);
    // staff counts, no patient data: not an access-log export
    expect(await exportsLogged('/sys/workload/daily/export')).toHaveLength(0);
  });

  it('exports the therapist roster with the screen filters and today summed', async () => {
    const list = await s.api('GET', '/api/sys/therapist/list', { token: admin });
    const all = list.body.data as { name: string; today: { unfinished: number } }[];
    expect(all.length).toBeGreaterThan(1);
    const { rows } = await download('GET', '/sys/therapist/list/export', admin);
    expect(rows[0]![0]).toBe('Name');
    expect(rows).toHaveLength(all.length + 2);
    expect(rows.at(-1)![6]).toBe(all.reduce((n, r) => n + r.today.unfinished, 0));
    const one = all[0]!.name;
    const filtered = await download('GET', `/sys/therapist/list/export?keyword=${encodeURIComponent(one)}`, admin);
    expect(filtered.rows.slice(1, -1).map((r) => r[0])).toEqual(
      all.filter((r) => r.name.includes(one)).map((r) => r.name),
    );
    expect((await s.api('GET', '/api/sys/therapist/list/export')).status).toBe(401);
  });

  it('exports the assessment list with its filters and records the export in the access log', async () => {
    const body = { type: 'all', phase: 2 };
    const page = await s.api('POST', '/api/sys/assess/list', { token: admin, body: { ...body, page: 1, limit: 1000 } });
    expect(page.body.code).toBe(0);
    const { rows } = await download('POST', '/sys/assess/export', admin, body);
    expect(rows[0]!.slice(0, 4)).toEqual(['Patient', 'Report name', 'Scale', 'Phase']);
    expect(rows).toHaveLength(1 + page.body.data.totalCount);
    expect(rows.slice(1).every((r) => r[3] === 'Admission')).toBe(true);
    const [logged] = await exportsLogged('/sys/assess/export');
    expect(logged).toMatchObject({ rows: page.body.data.totalCount });
    expect(logged!.filters).toMatchObject({ phase: 2 });
  });

  it('exports the meeting list with its filters and records the export in the access log', async () => {
    const page = await s.api('POST', '/api/sys/meeting/list', { token: admin, body: { page: 1, limit: 1000 } });
    expect(page.body.code).toBe(0);
    const n = page.body.data.totalCount as number;
    expect(n).toBeGreaterThan(0);
    const { rows } = await download('POST', '/sys/meeting/export', admin, {});
    expect(rows[0]!.slice(0, 2)).toEqual(['Theme', 'Patient']);
    expect(rows).toHaveLength(1 + n + 1);
    expect(rows.at(-1)![8]).toBe(
      (page.body.data.list as { participantCount: number }[]).reduce((sum, r) => sum + r.participantCount, 0),
    );
    const status = await download('POST', '/sys/meeting/export', admin, { status: 3 });
    const cancelled = (page.body.data.list as { status: number }[]).filter((r) => r.status === 3).length;
    expect(status.rows).toHaveLength(1 + cancelled + 1);
    const logged = await exportsLogged('/sys/meeting/export');
    expect(logged.map((r) => r.rows).sort()).toEqual([cancelled, n].sort());
  });

  it('exports "my orders" with the tab and filters and records the export in the access log', async () => {
    const body = { action: 'unfinish', startDate: today(), endDate: today() };
    const page = await s.api('POST', '/api/sys/referral/myReferral', {
      token: therapist,
      body: { ...body, page: 1, limit: 1000 },
    });
    expect(page.body.code).toBe(0);
    const n = page.body.data.totalCount as number;
    expect(n).toBeGreaterThan(0);
    const { rows, disposition } = await download('POST', '/sys/referral/exportMyReferral', therapist, body);
    expect(rows[0]![0]).toBe('Treatment date');
    expect(rows).toHaveLength(1 + n);
    expect(disposition).toContain(encodeURIComponent('Work orders_mine'));
    const [logged] = await exportsLogged('/sys/referral/exportMyReferral');
    expect(logged).toMatchObject({ rows: n });
    expect(logged!.filters).toMatchObject({ action: 'unfinish' });
  });
});
