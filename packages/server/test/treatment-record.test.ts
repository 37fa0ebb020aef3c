import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { WorkOrderStatus } from '@rehab/shared';
import { users } from '../src/db/schema';
import { treatments } from '../src/modules/patients/patients.tables';
import { workOrders } from '../src/modules/work-orders/work-orders.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

// Issue 20: /treatmentRecord/treatmentIframe, the patient's treatment record framed by the hospital system.
// GET /api/sys/treatmentRecord/patient after the signed hospital-system entry, its refusals, its access-log row, and
// the frame headers of the page (HIS_FRAME_ANCESTORS).

const SECRET = 'his-secret-of-the-treatment-record-test';
const HIS = 'https://his.example.cn';
let s: TestServer;

const sign = (userId: number, ts: number) =>
  crypto.createHmac('sha256', SECRET).update(`${userId}.${ts}`).digest('hex');

/** The hospital system's entry for a demo account: a fresh signature exchanged for a token. */
async function hisToken(phone: string) {
  const [user] = await s.app.db.select().from(users).where(eq(users.phone, phone));
  const ts = s.clock.now().getTime();
  const res = await s.api('POST', '/api/sys/ssoLogin', {
    body: { loginSystem: 1, userId: user!.id, ts, sign: sign(user!.id, ts) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: res.body.token as string, organizationId: res.body.data.organization.id as number };
}

/** A course of the organization with an outpatient number and executed orders (demo data has several). */
async function courseWithExecutedOrders(organizationId: number) {
  const rows = await s.app.db
    .selectDistinct({ id: treatments.id, patientId: treatments.patientId, no: treatments.outpatientNo })
    .from(treatments)
    .innerJoin(workOrders, eq(workOrders.treatmentId, treatments.id))
    .where(
      and(
        eq(treatments.organizationId, organizationId),
        isNotNull(treatments.outpatientNo),
        eq(workOrders.status, WorkOrderStatus.completed),
      ),
    )
    .orderBy(desc(treatments.id))
    .limit(1);
  expect(rows.length).toBe(1);
  return rows[0]!;
}

const record = (token: string, query: string, lang = 'en') =>
  s.api('GET', `/api/sys/treatmentRecord/patient?${query}`, { token, lang });

beforeAll(async () => {
  s = await startTestServer({}, { HIS_SSO_SECRET: SECRET, HIS_FRAME_ANCESTORS: HIS });
});
afterAll(async () => s?.close());

describe('GET /sys/treatmentRecord/patient (the hospital system frame)', () => {
  it("answers the patient named by the hospital system's number: courses and executed orders, 20 a page", async () => {
    const his = await hisToken(DEMO.therapist);
    const course = await courseWithExecutedOrders(his.organizationId);
    const res = await record(his.token, `patientNo=${encodeURIComponent(course.no!)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.patient.id).toBe(course.patientId);
    expect(data.courses.map((c: { id: number }) => c.id)).toContain(course.id);
    expect(data.courses.find((c: { id: number }) => c.id === course.id).outpatientNo).toBe(course.no);
    expect(data.orders.pageSize).toBe(20);
    expect(data.orders.list.length).toBeGreaterThan(0);
    // executed orders only, of this patient, newest day first
    for (const o of data.orders.list) {
      expect(o.status).toBe(WorkOrderStatus.completed);
      expect(o.patientId).toBe(course.patientId);
    }
    const days = data.orders.list.map((o: { treatDate: string }) => o.treatDate);
    expect([...days].sort().reverse()).toEqual(days);
    const executed = await s.app.db.$count(
      workOrders,
      and(eq(workOrders.patientId, course.patientId), eq(workOrders.status, WorkOrderStatus.completed)),
    );
    expect(data.orders.totalCount).toBe(executed);
    // by id too (a page of this system), the same patient
    const byId = await record(his.token, `patientId=${course.patientId}&page=1&limit=5`);
    expect(byId.body.data.patient.id).toBe(course.patientId);
    expect(byId.body.data.orders.list.length).toBe(Math.min(5, executed));
    // a read of the patient's record: one access-log row naming the patient
    const [row] = await s.accessRows((r) => r.url === '/sys/treatmentRecord/patient' && r.kind === 'record');
    expect(row!.patientId).toBe(course.patientId);
  });

  it('refuses an unknown number, another organization, no patient, bad paging and a caller without the permission', async () => {
    const his = await hisToken(DEMO.therapist);
    const unknown = await record(his.token, 'patientNo=NO-SUCH-NUMBER');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('No patient of this organization has this number');
    const zh = await record(his.token, 'patientNo=NO-SUCH-NUMBER', 'zh-CN');
    expect(zh.body.msg).toBe('本机构没有此编号的患者');
    // the expert's organization's patient, by id and by number: as unknown
    const expert = await s.loginInto(DEMO.expert);
    expect(expert.organizationId).not.toBe(his.organizationId);
    const [foreign] = await s.app.db
      .select({ patientId: treatments.patientId, no: treatments.outpatientNo })
      .from(treatments)
      .where(and(eq(treatments.organizationId, expert.organizationId), isNotNull(treatments.outpatientNo)))
      .limit(1);
    expect(foreign).toBeDefined();
    expect((await record(his.token, `patientId=${foreign!.patientId}`)).status).toBe(404);
    expect((await record(his.token, `patientNo=${encodeURIComponent(foreign!.no!)}`)).status).toBe(404);
    const none = await record(his.token, '');
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/cannot be empty/);
    expect((await record(his.token, 'patientId=1&limit=500')).status).toBe(400);
    expect((await record(his.token, 'patientId=abc')).status).toBe(400);
    // no token, and a signed-in user without the work-order list permission
    expect((await s.api('GET', '/api/sys/treatmentRecord/patient?patientId=1')).status).toBe(401);
    const cashier = await s.loginInto(DEMO.cashier);
    expect((await record(cashier.token, 'patientId=1')).status).toBe(403);
  });
});

describe('the frame headers', () => {
  it("let the hospital system's origin frame the treatment record page, and only that page", async () => {
    const page = await fetch(`${s.base}/treatmentRecord/treatmentIframe?id=1&patientNo=x`);
    const ancestors = (csp: string | null) =>
      csp!
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name === 'frame-ancestors')!
        .slice(1);
    expect(ancestors(page.headers.get('content-security-policy'))).toEqual(["'self'", HIS]);
    expect(page.headers.get('x-frame-options')).toBeNull();
    for (const url of ['/patient/manage', '/api/sys/treatmentRecord/patient?patientId=1', '/treatmentRecord/other']) {
      const other = await fetch(s.base + url);
      expect(ancestors(other.headers.get('content-security-policy')), url).toEqual(["'self'"]);
      expect(other.headers.get('x-frame-options'), url).toBe('SAMEORIGIN');
    }
  });

  it('refuses a HIS_FRAME_ANCESTORS entry that is not an origin', async () => {
    const { loadConfig } = await import('../src/config');
    expect(() => loadConfig({ HIS_FRAME_ANCESTORS: "https://his.example.cn 'unsafe-inline'" })).toThrow(
      /HIS_FRAME_ANCESTORS/,
    );
  });
});
