import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { messageRecipients, messages, users } from '../src/db/schema';
import { treatmentProjects } from '../src/modules/patients/patients.tables';
import { workOrders } from '../src/modules/work-orders/work-orders.tables';
import {
  perfAdjustments,
  perfFacts,
  perfMonthCloses,
  perfMonthReopens,
  perfQualities,
  perfAppeals,
  perfPublications,
} from '../src/modules/performance/performance.tables';
import { accessLogs, operationLogs } from '../src/modules/logs/logs.tables';
import { performanceFactsJob } from '../src/modules/performance/performance.jobs';
import { DEMO, startTestServer, type TestServer } from './harness';

// Performance (issue 16) over HTTP: facts against hand-counted fixtures (a session completed at 23:59 on the
// clinic's clock, an authorized order, a substitute, a rule changing mid-month), recomputation idempotent and
// correcting by reversal, month close refusing changes, adjustments with four eyes and idempotent, a therapist
// refused another's statement, another organization never counted.

let s: TestServer;
type Who = { token: string; organizationId: number; userId: number };
let admin: Who;
let superAdmin: Who;
let th1: Who;
let doc: Who; // a second staff member of the first organization (executes the authorized and substitute orders)
let th2: Who; // a therapist of the second organization only
let templateId: number;
const MONTH = '2025-01';
const ids: Record<string, number> = {};

const post = (url: string, who: Who, body?: unknown, lang?: string) =>
  s.api('POST', `/api${url}`, { token: who.token, body, lang });
const ok = async (url: string, who: Who, body?: unknown) => {
  const res = await post(url, who, body);
  expect(res.body.code, `${url}: ${JSON.stringify(res.body)}`).toBe(0);
  return res.body.data;
};

async function who(account: string, organizationIndex = 0): Promise<Who> {
  const login = await s.loginInto(account, organizationIndex);
  const [u] = await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, account));
  return { ...login, userId: u!.id };
}

const factRows = async () => Number((await s.app.db.select({ n: count() }).from(perfFacts))[0]!.n);

beforeAll(async () => {
  s = await startTestServer();
  admin = await who(DEMO.orgAdmin);
  th1 = await who(DEMO.therapist);
  doc = await who(DEMO.doctor);
  th2 = await who(DEMO.therapist2);
  expect(admin.organizationId).toBe(th1.organizationId);
  // a prescribed project of the first organization with a template: the fixtures' sessions are of it
  const [p] = await s.app.db
    .select()
    .from(treatmentProjects)
    .where(and(eq(treatmentProjects.organizationId, admin.organizationId), isNotNull(treatmentProjects.templateId)))
    .orderBy(treatmentProjects.id)
    .limit(1);
  templateId = p!.templateId!;
  const order = (treatDate: string, seq: number, o: Partial<typeof workOrders.$inferInsert>) => ({
    organizationId: admin.organizationId,
    patientId: p!.patientId,
    treatmentId: p!.treatmentId,
    projectId: p!.id,
    execOfficeId: p!.execOfficeId,
    therapistId: th1.userId,
    treatDate,
    seq,
    status: 3,
    executorId: th1.userId,
    ...o,
  });
  const rows = await s.app.db
    .insert(workOrders)
    .values([
      // completed at 23:59 on the clinic's clock (Asia/Shanghai): counts on its service day, 01-10
      order('2025-01-10', 1, { completedAt: new Date('2025-01-10T15:59:00Z') }),
      // authorized to the second staff member, executed by them
      order('2025-01-20', 1, {
        authorizedTherapistId: doc.userId,
        authorizerId: admin.userId,
        executorId: doc.userId,
        completedAt: new Date('2025-01-20T03:00:00Z'),
      }),
      // executed by the second staff member without authorization: a substitute
      order('2025-01-20', 2, { executorId: doc.userId, completedAt: new Date('2025-01-20T04:00:00Z') }),
      order('2025-01-25', 1, { completedAt: new Date('2025-01-25T02:00:00Z') }),
      // not completed: never counted
      order('2025-01-25', 2, { status: 1, executorId: null }),
    ])
    .returning({ id: workOrders.id });
  [ids.late, ids.authorized, ids.substitute, ids.own, ids.unfinished] = rows.map((r) => r.id);
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('performance', () => {
  it('has the demo month computed from the performance settings, with a pending adjustment', async () => {
    const month = s.app.calendar.today().slice(0, 7);
    const rows = await ok('/sys/achievement/therapist/list', admin, { month });
    expect(rows.find((r: any) => r.staffId === th1.userId)?.sessions).toBeGreaterThan(0);
    const adjustments = await ok('/sys/achievement/adjustment/list', admin, { month });
    expect(adjustments).toEqual([expect.objectContaining({ staffId: th1.userId, status: 0, delta: 500 })]);
  });

  it('records rule versions, refusing an unknown template and a therapist', async () => {
    await ok('/sys/achievement/rule/save', admin, {
      projectTemplateId: templateId,
      coefficient: '1.50',
      points: 2,
      effectiveFrom: '2025-01-01',
    });
    // in force from the 15th: the sessions of the 20th and 25th take it
    const v2 = await ok('/sys/achievement/rule/save', admin, {
      projectTemplateId: templateId,
      coefficient: 2,
      points: 3,
      effectiveFrom: '2025-01-15',
    });
    expect(v2).toMatchObject({ coefficientX100: 200, points: 3, effectiveFrom: '2025-01-15' });
    ids.v2 = v2.id;
    const bad = await post('/sys/achievement/rule/save', admin, {
      projectTemplateId: 999_999,
      coefficient: 1,
      points: 1,
      effectiveFrom: '2025-01-01',
    });
    expect(bad.body.code).toBe(404);
    expect((await post('/sys/achievement/rule/list', th1)).body.code).toBe(403);
    // the templates a version may be recorded for: the organization's own
    const templates = await ok('/sys/achievement/rule/templateList', admin);
    expect(templates.map((o: any) => o.id)).toContain(templateId);
    expect((await post('/sys/achievement/rule/templateList', th1)).body.code).toBe(403);
    const list = await ok('/sys/achievement/rule/list', admin);
    expect(
      list.filter((r: any) => r.projectTemplateId === templateId && r.effectiveFrom.startsWith('2025-')),
    ).toHaveLength(2);
  });

  it('computes the facts of a month against the hand count, idempotently', async () => {
    const first = await ok('/sys/achievement/recompute', admin, { month: MONTH });
    expect(first).toMatchObject({ days: 31, inserted: 4, reversed: 0 });
    const again = await ok('/sys/achievement/recompute', admin, { month: MONTH });
    expect(again).toMatchObject({ inserted: 0, reversed: 0 });
    // the nightly job for a day of it writes nothing new either
    const job = await performanceFactsJob.run({
      app: s.app as never,
      params: { day: '2025-01-10' },
      now: s.clock.now(),
    });
    expect(job).toMatchObject({ inserted: 0, reversed: 0 });

    const rows = await ok('/sys/achievement/therapist/list', admin, { month: MONTH });
    const of = (w: Who) => rows.find((r: any) => r.staffId === w.userId);
    // therapist 1: 01-10 by v1 (2 x 1.50 = 3.00) + 01-25 by v2 (3 x 2.00 = 6.00)
    expect(of(th1)).toMatchObject({ sessions: 2, points: 5, value: 900, adjustments: 0, total: 900 });
    // therapist 2: the authorized and the substitute session of 01-20, both by v2
    expect(of(doc)).toMatchObject({ sessions: 2, points: 6, value: 1200, authorized: 1, substitute: 1 });

    const [late] = await s.app.db.select().from(perfFacts).where(eq(perfFacts.workOrderId, ids.late!));
    expect(late).toMatchObject({ day: '2025-01-10', month: MONTH, staffId: th1.userId, kind: 1, value: 300 });
  });

  it('corrects by reversal rows, and the facts refuse updates and deletes', async () => {
    const before = await factRows();
    // the order of the 25th turns out to have been executed by the second staff member (a substitute)
    await s.app.db.update(workOrders).set({ executorId: doc.userId }).where(eq(workOrders.id, ids.own!));
    const r = await ok('/sys/achievement/recompute', admin, { day: '2025-01-25' });
    expect(r).toMatchObject({ days: 1, inserted: 1, reversed: 1 });
    expect(await factRows()).toBe(before + 2);
    const rows = await ok('/sys/achievement/therapist/list', admin, { month: MONTH });
    expect(rows.find((x: any) => x.staffId === th1.userId)).toMatchObject({ sessions: 1, value: 300 });
    expect(rows.find((x: any) => x.staffId === doc.userId)).toMatchObject({ sessions: 3, value: 1800, substitute: 2 });
    expect(await ok('/sys/achievement/recompute', admin, { day: '2025-01-25' })).toMatchObject({
      inserted: 0,
      reversed: 0,
    });
    await expect(
      s.app.db.update(perfFacts).set({ value: 1 }).where(eq(perfFacts.workOrderId, ids.late!)),
    ).rejects.toThrow();
    await expect(s.app.db.delete(perfFacts).where(eq(perfFacts.workOrderId, ids.late!))).rejects.toThrow();
  });

  it('shows a therapist their own statement down to the sessions, and nobody else', async () => {
    const own = await ok('/sys/achievement/therapist/list', th1, { month: MONTH });
    expect(own.map((r: any) => r.staffId)).toEqual([th1.userId]);
    // the workload by day adds up to the month's figures
    const daily = await ok('/sys/achievement/workload/daily', th1, {
      type: 'therapist',
      staffId: th1.userId,
      month: MONTH,
    });
    expect(daily.map((d: any) => [d.day, d.sessions, d.value])).toEqual([['2025-01-10', 1, 300]]);
    expect(
      (await post('/sys/achievement/workload/daily', th1, { type: 'therapist', staffId: doc.userId, month: MONTH }))
        .body.code,
    ).toBe(403);
    const projects = await ok('/sys/achievement/therapist/projects', th1, { staffId: th1.userId, month: MONTH });
    expect(projects).toEqual([expect.objectContaining({ templateId, sessions: 1, value: 300 })]);
    const detail = await ok('/sys/achievement/therapist/detail', th1, {
      staffId: th1.userId,
      month: MONTH,
      templateId,
      combo: projects[0].comboName,
    });
    expect(detail).toHaveLength(1);
    expect(detail[0]).toMatchObject({
      workOrderId: ids.late,
      treatDate: '2025-01-10',
      points: 2,
      coefficientX100: 150,
    });
    expect(detail[0].ruleEffectiveFrom).toBe('2025-01-01');
    // reading the sessions (patients' names) leaves a record of who read whose statement, in the access log
    await expect
      .poll(
        async () =>
          (
            await s.app.db
              .select()
              .from(accessLogs)
              .where(
                and(
                  eq(accessLogs.userId, th1.userId),
                  eq(accessLogs.url, '/sys/achievement/therapist/detail'),
                  eq(accessLogs.kind, 'list'),
                  eq(accessLogs.rows, 1),
                ),
              )
          ).length,
      )
      .toBeGreaterThan(0);
    for (const url of ['/sys/achievement/therapist/projects', '/sys/achievement/therapist/detail']) {
      const body = { staffId: doc.userId, month: MONTH, ...(url.endsWith('detail') ? { templateId } : {}) };
      const res = await post(url, th1, body, 'zh-CN');
      expect(res.body.code).toBe(403);
      expect(res.body.msg).toBe('只能查看本人的绩效明细');
    }
    expect((await post('/sys/achievement/therapist/list', th1, { month: MONTH, staffId: doc.userId })).body.code).toBe(
      403,
    );
    // the detail of the second staff member's figure shows each session's rule version
    const d2 = await ok('/sys/achievement/therapist/detail', admin, { staffId: doc.userId, month: MONTH, templateId });
    expect(d2.map((x: any) => x.ruleVersionId)).toEqual([ids.v2, ids.v2, ids.v2]);
  });

  it('never counts another organization', async () => {
    const other = await who(DEMO.superAdmin, 1);
    expect(other.organizationId).not.toBe(admin.organizationId);
    expect(await ok('/sys/achievement/therapist/list', other, { month: MONTH })).toEqual([]);
    expect(
      await ok('/sys/achievement/therapist/detail', other, { staffId: doc.userId, month: MONTH, templateId }),
    ).toEqual([]);
    expect(await ok('/sys/achievement/therapist/list', th2, { month: MONTH })).toEqual([]);
    // another organization's recomputation writes nothing of the first's sessions
    await ok('/sys/achievement/recompute', other, { month: MONTH });
    const foreign = await s.app.db
      .select()
      .from(perfFacts)
      .where(and(eq(perfFacts.organizationId, other.organizationId), eq(perfFacts.month, MONTH)));
    expect(foreign).toEqual([]);
  });

  it('asks for adjustments once per key and has them decided by somebody else', async () => {
    superAdmin = await who(DEMO.superAdmin, 0);
    const body = { key: 'adj-key-0001', staffId: th1.userId, month: '2025-02', delta: 500, reason: '带教' };
    const first = await ok('/sys/achievement/adjustment/request', admin, body);
    expect(first).toMatchObject({ status: 0, delta: 500, replayed: false });
    const replay = await ok('/sys/achievement/adjustment/request', admin, body);
    expect(replay).toMatchObject({ id: first.id, replayed: true });
    const written = await s.app.db.select().from(perfAdjustments).where(eq(perfAdjustments.requestKey, body.key));
    expect(written).toHaveLength(1);
    const reused = await post('/sys/achievement/adjustment/request', admin, { ...body, delta: 700 });
    expect(reused.body.code).toBe(409);
    // a therapist may not ask
    expect((await post('/sys/achievement/adjustment/request', th1, { ...body, key: 'adj-key-0002' })).body.code).toBe(
      403,
    );
    const own = await post('/sys/achievement/adjustment/approve', admin, { id: first.id }, 'en');
    expect(own.body.code).toBe(403);
    expect(own.body.msg).toContain('somebody else');
    const approved = await ok('/sys/achievement/adjustment/approve', superAdmin, { id: first.id });
    expect(approved).toMatchObject({ status: 1, decidedBy: superAdmin.userId });
    expect((await post('/sys/achievement/adjustment/reject', superAdmin, { id: first.id })).body.code).toBe(409);
    const rows = await ok('/sys/achievement/therapist/list', th1, { month: '2025-02' });
    expect(rows).toEqual([expect.objectContaining({ staffId: th1.userId, value: 0, adjustments: 500, total: 500 })]);
    expect(await ok('/sys/achievement/adjustment/list', th1, { month: '2025-02' })).toHaveLength(1);
  });

  it('applies the latest quality coefficient to the facts of the month, not to the adjustments', async () => {
    const before = (await ok('/sys/achievement/therapist/list', admin, { month: MONTH })).find(
      (r: any) => r.staffId === th1.userId,
    );
    expect(before).toMatchObject({ value: 300, qualityX100: 100, qualified: 300, total: 300 });
    const body = { staffId: th1.userId, month: MONTH, coefficient: '0.90', reason: '病历质控' };
    expect((await post('/sys/achievement/quality/save', th1, body)).body.code).toBe(403);
    expect((await post('/sys/achievement/quality/save', admin, { ...body, coefficient: 2.5 })).body.code).toBe(400);
    expect((await post('/sys/achievement/quality/save', admin, { ...body, staffId: th2.userId })).body.code).toBe(404);
    const first = await ok('/sys/achievement/quality/save', admin, body);
    expect(first).toMatchObject({ coefficientX100: 90, unchanged: false, createdBy: admin.userId });
    const second = await ok('/sys/achievement/quality/save', admin, { ...body, coefficient: 0.95 });
    // the same figure again writes nothing
    expect(await ok('/sys/achievement/quality/save', admin, { ...body, coefficient: 0.95 })).toMatchObject({
      id: second.id,
      unchanged: true,
    });
    const mine = await ok('/sys/achievement/therapist/list', th1, { month: MONTH });
    expect(mine).toEqual([
      expect.objectContaining({ staffId: th1.userId, value: 300, qualityX100: 95, qualified: 285, total: 285 }),
    ]);
    expect((await ok('/sys/achievement/quality/list', th1, { month: MONTH })).map((r: any) => r.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await post('/sys/achievement/quality/list', th1, { month: MONTH, staffId: doc.userId })).body.code).toBe(
      403,
    );
    await expect(
      s.app.db.update(perfQualities).set({ coefficientX100: 100 }).where(eq(perfQualities.id, first.id)),
    ).rejects.toThrow();
    await expect(s.app.db.delete(perfQualities).where(eq(perfQualities.id, first.id))).rejects.toThrow();
  });

  it('closes a month: the job, recomputation, rules and adjustments refuse to change it', async () => {
    const pending = await ok('/sys/achievement/adjustment/request', admin, {
      key: 'adj-key-0003',
      staffId: doc.userId,
      month: MONTH,
      delta: -100,
      reason: '投诉',
    });
    ids.pendingAdjustment = pending.id;
    expect((await post('/sys/achievement/month/close', th1, { month: MONTH })).body.code).toBe(403);
    const closed = await ok('/sys/achievement/month/close', admin, { month: MONTH });
    expect(closed).toMatchObject({ month: MONTH, closed: true });
    const again = await post('/sys/achievement/month/close', admin, { month: MONTH }, 'en');
    expect(again.body.code).toBe(409);
    expect(again.body.msg).toContain('2025-01 is closed');
    const before = await factRows();
    await s.app.db.update(workOrders).set({ executorId: th1.userId }).where(eq(workOrders.id, ids.own!));
    expect((await post('/sys/achievement/recompute', admin, { month: MONTH })).body.code).toBe(409);
    expect((await post('/sys/achievement/recompute', admin, { day: '2025-01-25' })).body.code).toBe(409);
    const job = await performanceFactsJob.run({
      app: s.app as never,
      params: { day: '2025-01-25' },
      now: s.clock.now(),
    });
    expect(job).toMatchObject({ inserted: 0, reversed: 0, skipped: 1 });
    expect(await factRows()).toBe(before);
    for (const effectiveFrom of ['2025-01-20', '2024-12-01']) {
      const res = await post('/sys/achievement/rule/save', admin, {
        projectTemplateId: templateId,
        coefficient: 1,
        points: 1,
        effectiveFrom,
      });
      expect(res.body.code).toBe(409);
    }
    expect(
      (
        await post('/sys/achievement/adjustment/request', admin, {
          key: 'adj-key-0004',
          staffId: th1.userId,
          month: MONTH,
          delta: 100,
          reason: 'x',
        })
      ).body.code,
    ).toBe(409);
    expect((await post('/sys/achievement/adjustment/approve', superAdmin, { id: pending.id })).body.code).toBe(409);
    const quality = { staffId: th1.userId, month: MONTH, coefficient: 1 };
    expect((await post('/sys/achievement/quality/save', admin, quality)).body.code).toBe(409);
    // a version from the next month on is still fine
    await ok('/sys/achievement/rule/save', admin, {
      projectTemplateId: templateId,
      coefficient: 1,
      points: 1,
      effectiveFrom: '2025-02-01',
    });
    const status = await ok('/sys/achievement/month/status', th1, { month: MONTH });
    expect(status.closed).toBe(true);
    // the current month has not ended: it does not close
    expect(
      (await post('/sys/achievement/month/close', admin, { month: s.clock.now().toISOString().slice(0, 7) })).body.code,
    ).toBe(400);
  });
  it("reopens a closed month on a second administrator's approval, keeping the close, and closes it again", async () => {
    const body = { key: 'reopen-key-0001', month: MONTH, reason: '漏录治疗' };
    expect((await post('/sys/achievement/month/reopen', th1, body)).body.code).toBe(403);
    const first = await ok('/sys/achievement/month/reopen', admin, body);
    expect(first).toMatchObject({ month: MONTH, status: 0, reason: '漏录治疗', replayed: false });
    expect(await ok('/sys/achievement/month/reopen', admin, body)).toMatchObject({ id: first.id, replayed: true });
    expect((await post('/sys/achievement/month/reopen', admin, { ...body, reason: 'x' })).body.code).toBe(409);
    const twice = await post('/sys/achievement/month/reopen', superAdmin, { ...body, key: 'reopen-key-0002' }, 'en');
    expect(twice.body).toMatchObject({ code: 409 });
    expect(twice.body.msg).toContain('already waiting');
    expect(
      (await post('/sys/achievement/month/reopen', admin, { ...body, key: 'reopen-key-0003', month: '2025-03' })).body
        .code,
    ).toBe(409);
    const own = await post('/sys/achievement/month/reopen/approve', admin, { id: first.id }, 'en');
    expect(own.body.code).toBe(403);
    expect(own.body.msg).toContain('other than the one who asked');
    expect((await ok('/sys/achievement/month/status', admin, { month: MONTH })).closed).toBe(true);
    const approved = await ok('/sys/achievement/month/reopen/approve', superAdmin, { id: first.id, remark: '同意' });
    expect(approved).toMatchObject({ status: 1, decidedBy: superAdmin.userId });
    expect((await post('/sys/achievement/month/reopen/approve', superAdmin, { id: first.id })).body.code).toBe(409);
    expect((await post('/sys/achievement/month/reopen/reject', superAdmin, { id: first.id })).body.code).toBe(409);
    // open again: recomputation picks up the executor changed while it was closed, adjustments are decided
    expect((await ok('/sys/achievement/month/status', th1, { month: MONTH })).closed).toBe(false);
    expect(await ok('/sys/achievement/recompute', admin, { day: '2025-01-25' })).toMatchObject({
      inserted: 1,
      reversed: 1,
    });
    await ok('/sys/achievement/adjustment/approve', superAdmin, { id: ids.pendingAdjustment });
    expect(await ok('/sys/achievement/month/reopen/list', admin, { month: MONTH })).toEqual([
      expect.objectContaining({ id: first.id, status: 1, requestedBy: admin.userId }),
    ]);
    expect((await post('/sys/achievement/month/reopen/list', th1, { month: MONTH })).body.code).toBe(403);
    // closes again: a second close row, the first one and the reopening stay
    expect(await ok('/sys/achievement/month/close', superAdmin, { month: MONTH })).toMatchObject({ closed: true });
    const closes = await s.app.db
      .select()
      .from(perfMonthCloses)
      .where(and(eq(perfMonthCloses.organizationId, admin.organizationId), eq(perfMonthCloses.month, MONTH)));
    expect(closes).toHaveLength(2);
    expect((await post('/sys/achievement/recompute', admin, { month: MONTH })).body.code).toBe(409);
    // a request names the close in force: the old close's approved request does not reopen the new one
    const second = await ok('/sys/achievement/month/reopen', superAdmin, { ...body, key: 'reopen-key-0004' });
    expect(second.closeId).toBe(Math.max(...closes.map((c) => c.id)));
    // the organization's administrators are told of a request to decide; the one who asks is not
    const asked = async (userId: number) =>
      (
        await s.app.db
          .select({ title: messages.title, content: messages.content })
          .from(messageRecipients)
          .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
          .where(eq(messageRecipients.userId, userId))
      ).filter((m) => m.title.includes(`申请重新开放 ${MONTH}`));
    await vi.waitFor(async () => expect(await asked(admin.userId)).toHaveLength(1));
    expect((await asked(admin.userId))[0]!.content).toContain('漏录治疗');
    expect(await ok('/sys/achievement/month/reopen/reject', admin, { id: second.id, remark: '无需' })).toMatchObject({
      status: 2,
    });
    expect((await ok('/sys/achievement/month/status', admin, { month: MONTH })).closed).toBe(true);
    // append-only: the requests and the closes refuse deletes and a second decision
    await expect(s.app.db.delete(perfMonthReopens).where(eq(perfMonthReopens.id, first.id))).rejects.toThrow();
    await expect(
      s.app.db.update(perfMonthReopens).set({ status: 2 }).where(eq(perfMonthReopens.id, first.id)),
    ).rejects.toThrow();
    await expect(s.app.db.delete(perfMonthCloses).where(eq(perfMonthCloses.id, closes[0]!.id))).rejects.toThrow();
    // audited: the operation log names who approved
    for (let i = 0; ; i++) {
      const logged = await s.app.db
        .select()
        .from(operationLogs)
        .where(
          and(
            eq(operationLogs.url, '/sys/achievement/month/reopen/approve'),
            eq(operationLogs.userId, superAdmin.userId),
          ),
        );
      if (logged.some((r) => r.status === 200 || r.status === 0) || i > 100) {
        expect(logged.length).toBeGreaterThan(0);
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  it('publishes a closed month to staff, who appeal; somebody else answers, and reopening unpublishes it', async () => {
    const inbox = async (userId: number, title: string) => {
      const rows = await s.app.db
        .select({ title: messages.title })
        .from(messageRecipients)
        .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
        .where(eq(messageRecipients.userId, userId));
      return rows.filter((r) => r.title.includes(title)).length;
    };
    const appeal = { key: 'appeal-key-0001', month: MONTH, reason: '1月25日的治疗是我做的' };
    const early = await post('/sys/achievement/appeal/file', th1, appeal, 'en');
    expect(early.body.code).toBe(409);
    expect(early.body.msg).toContain('not published');
    expect((await post('/sys/achievement/month/publish', th1, { month: MONTH })).body.code).toBe(403);
    expect((await post('/sys/achievement/month/publish', admin, { month: '2025-02' })).body.code).toBe(409);
    const published = await ok('/sys/achievement/month/publish', admin, { month: MONTH });
    expect(published).toMatchObject({ closed: true, published: true });
    expect(await ok('/sys/achievement/month/publish', admin, { month: MONTH })).toMatchObject({ published: true });
    expect((await ok('/sys/achievement/month/status', th1, { month: MONTH })).published).toBe(true);
    await vi.waitFor(async () => expect(await inbox(th1.userId, '2025-01 绩效已发布')).toBe(1));

    const filed = await ok('/sys/achievement/appeal/file', th1, appeal);
    expect(filed).toMatchObject({ status: 0, requestedBy: th1.userId, replayed: false });
    expect(await ok('/sys/achievement/appeal/file', th1, appeal)).toMatchObject({ id: filed.id, replayed: true });
    expect((await post('/sys/achievement/appeal/file', th1, { ...appeal, key: 'appeal-key-0002' })).body.code).toBe(
      409,
    );
    await vi.waitFor(async () => expect(await inbox(admin.userId, '提出申诉')).toBeGreaterThan(0));
    // the appellant never answers their own appeal
    const theirs = await ok('/sys/achievement/appeal/file', superAdmin, { ...appeal, key: 'appeal-key-0003' });
    const own = await post('/sys/achievement/appeal/accept', superAdmin, { id: theirs.id }, 'en');
    expect(own.body.code).toBe(403);
    expect((await post('/sys/achievement/appeal/accept', th1, { id: filed.id })).body.code).toBe(403);
    const bare = await post('/sys/achievement/appeal/reject', admin, { id: filed.id }, 'en');
    expect(bare.body.code).toBe(400);
    expect(bare.body.msg).toContain('Say why');
    const accepted = await ok('/sys/achievement/appeal/accept', admin, { id: filed.id, remark: '将以调整更正' });
    expect(accepted).toMatchObject({ status: 1, decidedBy: admin.userId });
    expect((await post('/sys/achievement/appeal/reject', admin, { id: filed.id, remark: 'x' })).body.code).toBe(409);
    await ok('/sys/achievement/appeal/reject', admin, { id: theirs.id, remark: '数据无误' });
    await vi.waitFor(async () => expect(await inbox(th1.userId, '申诉已受理')).toBe(1));
    expect(await ok('/sys/achievement/appeal/list', th1, { month: MONTH })).toEqual([
      expect.objectContaining({ id: filed.id, status: 1, remark: '将以调整更正' }),
    ]);
    expect(await ok('/sys/achievement/appeal/list', admin, { month: MONTH })).toHaveLength(2);
    expect(
      (await post('/sys/achievement/appeal/list', th1, { month: MONTH, staffId: superAdmin.userId })).body.code,
    ).toBe(403);
    await expect(s.app.db.delete(perfAppeals).where(eq(perfAppeals.id, filed.id))).rejects.toThrow();
    await expect(s.app.db.delete(perfPublications)).rejects.toThrow();

    // reopened: no longer published, no appeal; closed and published again
    const reopen = await ok('/sys/achievement/month/reopen', superAdmin, {
      key: 'reopen-key-0005',
      month: MONTH,
      reason: '申诉更正',
    });
    await ok('/sys/achievement/month/reopen/approve', admin, { id: reopen.id });
    expect(await ok('/sys/achievement/month/status', th1, { month: MONTH })).toMatchObject({
      closed: false,
      published: false,
    });
    expect((await post('/sys/achievement/appeal/file', th1, { ...appeal, key: 'appeal-key-0004' })).body.code).toBe(
      409,
    );
    await ok('/sys/achievement/month/close', admin, { month: MONTH });
    expect(await ok('/sys/achievement/month/publish', admin, { month: MONTH })).toMatchObject({ published: true });
  });
});

describe('the nightly job', () => {
  it("computes yesterday on the clinic's clock", async () => {
    const [model] = await s.app.db.select().from(workOrders).where(eq(workOrders.id, ids.late!));
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = model!;
    const [order] = await s.app.db
      .insert(workOrders)
      .values({ ...copy, treatDate: '2025-03-04', seq: 1, completedAt: new Date('2025-03-04T15:59:00Z') })
      .returning({ id: workOrders.id });
    const factsOf = () => s.app.db.select().from(perfFacts).where(eq(perfFacts.workOrderId, order!.id));
    try {
      // 23:59 on 03-04 in the clinic (15:59 UTC): yesterday is 03-03, the session is not counted yet
      s.clock.freeze(new Date('2025-03-04T15:59:00Z'));
      await performanceFactsJob.run({ app: s.app as never, params: {}, now: s.clock.now() });
      expect(await factsOf()).toEqual([]);
      // 00:30 on 03-05 in the clinic (16:30 UTC on 03-04): yesterday is 03-04
      s.clock.freeze(new Date('2025-03-04T16:30:00Z'));
      const run = await performanceFactsJob.run({ app: s.app as never, params: {}, now: s.clock.now() });
      expect(run).toMatchObject({ inserted: 1, reversed: 0 });
      expect(await factsOf()).toEqual([
        expect.objectContaining({ day: '2025-03-04', month: '2025-03', staffId: th1.userId, sessions: 1 }),
      ]);
    } finally {
      s.clock.reset();
    }
  });
});

describe('doctors', () => {
  it("answer each doctor's prescriptions, assessments and courses; a doctor reads only their own", async () => {
    const month = s.app.calendar.today().slice(0, 7);
    const all = await ok('/sys/doctorPerformance/doctorList', admin, { month });
    const mine = all.find((r: any) => r.doctorId === doc.userId);
    expect(mine).toBeDefined();
    const own = await ok('/sys/doctorPerformance/doctorList', doc, { month });
    expect(own).toEqual([mine]);
    const projects = await ok('/sys/doctorPerformance/projects', doc, { doctorId: doc.userId, month });
    expect(projects.reduce((n: number, p: any) => n + p.prescriptions, 0)).toBe(mine.prescriptions);
    if (projects.length) {
      const detail = await ok('/sys/doctorPerformance/detail', doc, {
        doctorId: doc.userId,
        month,
        templateId: projects[0].templateId,
      });
      expect(detail).toHaveLength(projects[0].prescriptions);
    }
    expect((await post('/sys/doctorPerformance/projects', doc, { doctorId: admin.userId, month })).body.code).toBe(403);
    expect((await post('/sys/doctorPerformance/doctors', doc)).body.code).toBe(403);
    const days = await ok('/sys/achievement/workload/daily', doc, { type: 'doctor', staffId: doc.userId, month });
    expect(days.reduce((n: number, d: any) => n + d.prescriptions, 0)).toBe(mine.prescriptions);
    expect(days.reduce((n: number, d: any) => n + d.courses, 0)).toBe(mine.courses);
    expect(days.reduce((n: number, d: any) => n + d.assessments, 0)).toBe(mine.assessments);
    const doctors = await ok('/sys/doctorPerformance/doctors', admin);
    expect(doctors.map((d: any) => d.id)).toContain(doc.userId);
  });
});
