// Statistics (issue 16) over HTTP: hand-counted figures of a department of our own on one clinic day, the therapist
// the orders count for (executor, authorized, substitute), a session executed at 23:59 on the clinic's clock, the
// drill-down rows, the patient-type filter, permissions, another organization never counted, a refused range with a
// clear message, and a turnover that equals the daily settlement (a settlement at 23:59, a refunded session).
// The work orders are inserted as the generation writes them (in a department of our own, so the counts are exactly
// these rows); they are executed, authorized and invalidated, charged, settled and refunded through the product's API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  offices,
  treatmentTeamMembers,
  treatmentTeams,
  userOrganizations,
  userRoles,
  users,
  workOrders,
} from '../src/db/schema';
import { RoleId } from '@rehab/shared';
import { hashPassword } from '../src/modules/auth/password';
import { tableOf } from '../src/modules/master-data/master-data.tables';
import { treatmentProjects, treatments } from '../src/modules/patients/patients.tables';
import { dayIn } from '../src/modules/workload/today';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

let s: TestServer;
type Who = { token: string; organizationId: number; userId: number };
let admin: Who;
let t1: Who;
let t2: Who;
let cashier: Who;
let finance: Who;
let other: Who;
let day: string;
let officeId: number;
let teamId: number;
const order: Record<string, number> = {};
const minutesOf: Record<string, number> = {};
let p1: { patientId: number; treatmentId: number; projects: { id: number; duration: number }[] };
let newPatients = 0;
let equipmentRow: { id: number; name: string };
let p2: { patientId: number; treatmentId: number; projects: { id: number; duration: number }[] };

const api = (method: string, url: string, who: Who, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who.token, body, lang });
const post = (url: string, who: Who, body?: unknown, lang?: string) => api('POST', url, who, body, lang);
let keySeq = 0;
const key = () => `stats-key-${Date.now()}-${++keySeq}`;

async function who(account: string, organizationIndex = 0): Promise<Who> {
  const login = await s.loginInto(account, organizationIndex);
  const [u] = await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, account));
  return { ...login, userId: u!.id };
}

/** A patient of the first organization with an active course (of `patientType`; unbilled: nothing charged yet). */
async function freshPatient(patientType: number | null, exclude: number[] = [], unbilled = true) {
  const rows = await s.app.db
    .select({
      patientId: treatmentProjects.patientId,
      treatmentId: treatmentProjects.treatmentId,
      id: treatmentProjects.id,
      duration: treatmentProjects.duration,
    })
    .from(treatmentProjects)
    .innerJoin(treatments, eq(treatments.id, treatmentProjects.treatmentId))
    .where(
      and(
        eq(treatments.organizationId, admin.organizationId),
        eq(treatments.status, 1),
        patientType ? eq(treatments.patientType, patientType) : undefined,
        eq(treatmentProjects.status, 1),
        unbilled
          ? sql`${treatmentProjects.totalDosage} >= 3 AND NOT EXISTS (SELECT 1 FROM bill_charge c WHERE c.patient_id = ${treatmentProjects.patientId})`
          : undefined,
        exclude.length ? notInArray(treatmentProjects.patientId, exclude) : undefined,
      ),
    )
    .orderBy(treatmentProjects.patientId, treatmentProjects.id);
  const first = rows[0];
  if (!first) return null;
  const projects = rows
    .filter((r) => r.treatmentId === first.treatmentId)
    .map((r) => ({ id: r.id, duration: r.duration }));
  return { patientId: first.patientId, treatmentId: first.treatmentId, projects };
}

async function insertOrder(
  name: string,
  p: typeof p1,
  projectIndex: number,
  values: Partial<typeof workOrders.$inferInsert> = {},
) {
  const project = p.projects[projectIndex % p.projects.length]!;
  const [row] = await s.app.db
    .insert(workOrders)
    .values({
      organizationId: admin.organizationId,
      patientId: p.patientId,
      treatmentId: p.treatmentId,
      projectId: project.id,
      execOfficeId: officeId,
      therapistId: t1.userId,
      treatDate: day,
      seq: 20 + Object.keys(order).length,
      ...values,
    })
    .returning({ id: workOrders.id });
  order[name] = row!.id;
  minutesOf[name] = project.duration;
}

/**
 * Moves the clock forward (frozen at `at`; never back, sign-in cool-downs would count from the future) and signs the
 * actors in again (a long jump ends idle sessions).
 */
/** Member discounts and round-off of the organization's charge settlements of a clinic day, counted in SQL. */
async function discountsByHand(d: string) {
  const rows = await s.app.db.execute(sql`
    select (-coalesce(sum(l.amount_fen), 0))::int as fen from bill_settlement_line l
    join bill_settlement st on st.id = l.settlement_id join bill_charge c on c.id = l.charge_id
    where st.organization_id = ${admin.organizationId} and st.kind = 'charge'
      and c.source_type in ('discount', 'rounding')
      and to_char(st.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') = ${d}`);
  return Number(((rows as any).rows ?? rows)[0].fen);
}

async function clockAt(at: string) {
  s.clock.freeze(new Date(at));
  for (const [x, account, index] of [
    [admin, DEMO.orgAdmin, 0],
    [t1, DEMO.therapist, 0],
    [t2, '13900006002', 0],
    [cashier, DEMO.cashier, 0],
    [finance, DEMO.finance, 0],
    [other, DEMO.superAdmin, 1],
  ] as const)
    Object.assign(x, await who(account, index));
}

const handle = (who: Who, body: Record<string, unknown>) => api('PUT', '/sys/referral/handleState', who, body);
const load = (url: string, who: Who, body: Record<string, unknown>, lang?: string) =>
  post(`/sys/statistics/${url}`, who, body, lang);

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  admin = await who(DEMO.orgAdmin);
  t1 = await who(DEMO.therapist);
  // a second therapist of the first organization (the demo's second therapist works in the second one)
  const [made] = await s.app.db
    .insert(users)
    .values({
      name: '统计治疗师乙',
      phone: '13900006002',
      email: '13900006002@rehab.example',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning({ id: users.id });
  await s.app.db.insert(userOrganizations).values({ userId: made!.id, organizationId: admin.organizationId });
  await s.app.db
    .insert(userRoles)
    .values({ userId: made!.id, organizationId: admin.organizationId, roleId: RoleId.therapist });
  t2 = await who('13900006002');
  cashier = await who(DEMO.cashier);
  finance = await who(DEMO.finance);
  other = await who(DEMO.superAdmin, 1);
  day = dayIn(s.config.scheduler.timezone);
  const [office] = await s.app.db
    .insert(offices)
    .values({
      organizationId: admin.organizationId,
      name: '统计测试科',
      nameLang: { 'zh-CN': '统计测试科', en: 'Stats test' },
    })
    .returning({ id: offices.id });
  officeId = office!.id;
  // a group of the first organization with the second therapist in it (for the authorization)
  const [team] = await s.app.db
    .select({ id: treatmentTeams.id })
    .from(treatmentTeams)
    .innerJoin(treatmentTeamMembers, eq(treatmentTeamMembers.teamId, treatmentTeams.id))
    .where(
      and(
        eq(treatmentTeams.organizationId, admin.organizationId),
        eq(treatmentTeams.status, 1),
        eq(treatmentTeamMembers.userId, t2.userId),
      ),
    )
    .limit(1);
  if (team) teamId = team.id;
  else {
    const [made] = await s.app.db
      .insert(treatmentTeams)
      .values({ organizationId: admin.organizationId, name: '统计测试组' })
      .returning({ id: treatmentTeams.id });
    teamId = made!.id;
    await s.app.db.insert(treatmentTeamMembers).values({ teamId, userId: t2.userId });
  }
  // P1 an outpatient whose projects are not charged yet (charged and refunded below), P2 an inpatient
  p1 = (await freshPatient(1)) ?? (await freshPatient(null))!;
  await s.app.db.update(treatments).set({ patientType: 1 }).where(eq(treatments.id, p1.treatmentId));
  p2 = (await freshPatient(2, [p1.patientId], false))!;
  // a patient treated before is no new patient
  for (const p of [p1, p2]) {
    const [done] = await s.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workOrders)
      .where(and(eq(workOrders.patientId, p.patientId), eq(workOrders.status, 3)));
    if (Number(done!.n) === 0) newPatients += 1;
  }
  // a piece of equipment of the first organization: o1 and o3 are done on it
  const equipment = tableOf('equipment');
  const [e] = await s.app.db
    .select({ id: equipment.id, name: equipment.name })
    .from(equipment)
    .where(eq(equipment.organizationId, admin.organizationId))
    .limit(1);
  equipmentRow = e!;
  await insertOrder('o1', p1, 0, { equipmentId: equipmentRow.id });
  await insertOrder('o2', p1, 1);
  await insertOrder('o3', p2, 0, { equipmentId: equipmentRow.id });
  await insertOrder('o4', p2, 1);
  await insertOrder('o5', p1, 2);
  await insertOrder('o6', p1, 3, { status: 4 });
  // the therapist executes two of P1's, the authorized therapist one of P2's, the administrator the last at 23:59
  for (const [id, by] of [
    [order.o1!, t1],
    [order.o2!, t1],
  ] as const)
    expect((await handle(by, { id, action: 'execute' })).body.code).toBe(0);
  const auth = await handle(admin, {
    id: order.o3,
    action: 'authorize',
    therapyGroupId: teamId,
    authorizedTherapistId: t2.userId,
  });
  expect(auth.body.code, JSON.stringify(auth.body)).toBe(0);
  expect((await handle(t2, { id: order.o3, action: 'execute' })).body.code).toBe(0);
  // 23:59:30 on the clinic's clock (Asia/Shanghai, UTC+8) of the day
  await clockAt(`${day}T15:59:30Z`);
  expect((await handle(admin, { id: order.o4, action: 'execute' })).body.code).toBe(0);
  expect((await handle(admin, { id: order.o5, action: 'invalidate', reason: '患者请假' })).body.code).toBe(0);
}, 180_000);

afterAll(async () => {
  await s?.close();
});

describe('statistics', () => {
  it('counts a department of one day by hand: patients, visits, sessions, minutes, new patients', async () => {
    const res = await load('officeWorkLoad', admin, { range: 'day', date: day, officeId });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const { rows, totals, range } = res.body.data;
    expect(range).toEqual({ from: day, to: day });
    expect(rows).toHaveLength(1);
    const expected = {
      officeId,
      officeName: '统计测试科',
      orders: 6,
      sessions: 4, // o1 o2 o3 o4
      visits: 2, // P1 and P2 once each on the day
      patients: 2,
      minutes: minutesOf.o1! + minutesOf.o2! + minutesOf.o3! + minutesOf.o4!,
      authorizedSessions: 1, // o3
      substituteSessions: 2, // o3 by the authorized therapist, o4 by the administrator
      expired: 1,
      invalidated: 1,
      newPatients,
    };
    expect(rows[0]).toEqual(expected);
    const { officeId: _, officeName: __, ...figures } = expected;
    expect(totals).toEqual(figures);
    // the reader's language names the department
    const en = await load('officeWorkLoad', admin, { range: 'day', date: day, officeId }, 'en');
    expect(en.body.data.rows[0].officeName).toBe('Stats test');
  });

  it('counts each session for whoever executed it: the therapist, the authorized therapist, the substitute', async () => {
    const res = await load('therapistWorkLoad', admin, { range: 'day', date: day, officeId });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const byId = new Map(res.body.data.rows.map((r: any) => [r.therapistId, r]));
    expect(byId.get(t1.userId)).toMatchObject({
      sessions: 2,
      authorizedSessions: 0,
      substituteSessions: 0,
      patients: 1,
    });
    expect(byId.get(t2.userId)).toMatchObject({ sessions: 1, authorizedSessions: 1, substituteSessions: 1 });
    // the session executed at 23:59 on the clinic's clock counts on that day, for the administrator who executed it
    expect(byId.get(admin.userId)).toMatchObject({ sessions: 1, substituteSessions: 1, minutes: minutesOf.o4 });
    expect(res.body.data.days).toEqual([{ date: day, sessions: 4, minutes: res.body.data.totals.minutes }]);
    // the week around the day holds the day's sessions
    const week = await load('therapistWorkLoad', admin, { range: 'week', date: day, officeId });
    expect(week.body.data.totals.sessions).toBe(4);
    expect(week.body.data.days).toHaveLength(7);
    // a therapist's filter
    const mine = await load('therapistWorkLoad', admin, { range: 'day', date: day, officeId, therapistId: t2.userId });
    expect(mine.body.data.totals).toMatchObject({ sessions: 1, orders: 1 });
  });

  it('drills down to the completed orders a figure counts, and filters by patient type', async () => {
    const rows = await load('workOrderDetail', admin, { range: 'day', date: day, officeId, page: 1, limit: 50 });
    expect(rows.body.code, JSON.stringify(rows.body)).toBe(0);
    expect(rows.body.data.totalCount).toBe(4);
    expect(rows.body.data.list.map((r: any) => r.id).sort()).toEqual([order.o1, order.o2, order.o3, order.o4].sort());
    const late = rows.body.data.list.find((r: any) => r.id === order.o4);
    expect(late).toMatchObject({ treatDate: day, substitute: true, patientType: 2 });
    expect(late.completedAt).toBe(new Date(`${day}T15:59:30Z`).toISOString());
    const authorized = await load('workOrderDetail', admin, {
      range: 'day',
      date: day,
      officeId,
      therapistId: t2.userId,
      page: 1,
      limit: 10,
    });
    expect(authorized.body.data.list).toHaveLength(1);
    const [t2Name] = await s.app.db.select({ name: users.name }).from(users).where(eq(users.id, t2.userId));
    expect(authorized.body.data.list[0]).toMatchObject({
      id: order.o3,
      authorizedTherapistName: t2Name!.name,
      executorName: t2Name!.name,
      substitute: true,
    });
    const inpatients = await load('officeWorkLoad', admin, { range: 'day', date: day, officeId, patientType: 2 });
    expect(inpatients.body.data.totals).toMatchObject({ sessions: 2, patients: 1, visits: 1 });
  });

  it('counts sessions per project template with their shares', async () => {
    const res = await load('projectAnalysisLoad', admin, { range: 'day', date: day, officeId });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    // hand count: the completed orders o1..o4 under their projects' templates
    const ids = [order.o1!, order.o2!, order.o3!, order.o4!];
    const templates = await s.app.db
      .select({ id: workOrders.id, templateId: treatmentProjects.templateId })
      .from(workOrders)
      .innerJoin(treatmentProjects, eq(treatmentProjects.id, workOrders.projectId))
      .where(inArray(workOrders.id, ids));
    const expected = new Map<number | null, number>();
    for (const t of templates) expected.set(t.templateId, (expected.get(t.templateId) ?? 0) + 1);
    const rows = res.body.data.rows.filter((r: any) => r.sessions > 0);
    expect(new Map(rows.map((r: any) => [r.projectId, r.sessions]))).toEqual(expected);
    expect(res.body.data.totals.sessions).toBe(4);
    const shares = rows.reduce((n: number, r: any) => n + r.sessionShare, 0);
    expect(Math.abs(shares - 100)).toBeLessThan(0.5);
    // a row is named as its template is, in the reader's language (not as one prescription copied the name)
    const t = tableOf('projectTemplate');
    const named = rows.find((r: any) => r.projectId !== null);
    const [template] = await s.app.db
      .select({ name: t.name, nameEn: t.nameEn })
      .from(t)
      .where(eq(t.id, named.projectId));
    const renamed = `${template!.name}（统计）`;
    await s.app.db.update(t).set({ name: renamed, nameEn: 'Stats-named template' }).where(eq(t.id, named.projectId));
    try {
      const zh = await load('projectAnalysisLoad', admin, { range: 'day', date: day, officeId }, 'zh-CN');
      const en = await load('projectAnalysisLoad', admin, { range: 'day', date: day, officeId }, 'en');
      expect(zh.body.data.rows.find((r: any) => r.projectId === named.projectId).name).toBe(renamed);
      expect(en.body.data.rows.find((r: any) => r.projectId === named.projectId).name).toBe('Stats-named template');
    } finally {
      await s.app.db.update(t).set({ name: template!.name, nameEn: template!.nameEn }).where(eq(t.id, named.projectId));
    }
  });

  it('counts sessions and busy minutes per piece of equipment', async () => {
    const res = await load('equipmentUseLoad', admin, { range: 'day', date: day, officeId });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data.rows).toEqual([
      {
        equipmentId: equipmentRow.id,
        name: equipmentRow.name,
        sessions: 2,
        patients: 2,
        minutes: minutesOf.o1! + minutesOf.o3!,
      },
    ]);
    expect(res.body.data.totals).toEqual({ sessions: 2, patients: 2, minutes: minutesOf.o1! + minutesOf.o3! });
    const rows = await load('workOrderDetail', admin, {
      range: 'day',
      date: day,
      officeId,
      equipmentId: equipmentRow.id,
      page: 1,
      limit: 10,
    });
    expect(rows.body.data.list.map((r: any) => r.id).sort()).toEqual([order.o1, order.o3].sort());
  });

  it("never counts another organization's orders, and answers by permission", async () => {
    // the second organization's administrator sees nothing of our department, not even with its id
    const theirs = await load('officeWorkLoad', other, { range: 'day', date: day, officeId });
    expect(theirs.body.code, JSON.stringify(theirs.body)).toBe(0);
    expect(theirs.body.data.rows).toEqual([]);
    expect(theirs.body.data.totals.sessions).toBe(0);
    const detail = await load('workOrderDetail', other, { range: 'day', date: day, officeId, page: 1, limit: 10 });
    expect(detail.body.data.totalCount).toBe(0);
    // a therapist reads no statistics; finance reads the turnover only
    expect((await load('officeWorkLoad', t1, { range: 'day', date: day })).status).toBe(403);
    expect((await load('therapistWorkLoad', finance, { range: 'day', date: day })).status).toBe(403);
    expect((await load('turnOver', finance, { range: 'day', date: day })).body.code).toBe(0);
  });

  it('refuses a bad range with a clear message, never a 500', async () => {
    const reversed = await load(
      'officeWorkLoad',
      admin,
      { range: 'custom', startDate: '2026-11-10', endDate: '2026-11-01' },
      'en',
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toMatch(/end date cannot be earlier/);
    const long = await load('therapistWorkLoad', admin, {
      range: 'custom',
      startDate: '2025-01-01',
      endDate: '2026-11-01',
    });
    expect(long.status).toBe(400);
    expect(long.body.msg).toMatch(/366/);
    const missing = await load('turnOver', admin, { range: 'custom', startDate: '2026-11-01' }, 'en');
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/start date and an end date/);
    const kind = await load('officeWorkLoad', admin, { range: 'year' }, 'en');
    expect(kind.status).toBe(400);
    expect(kind.body.msg).toMatch(/day, week, month or custom/);
    const date = await load('officeWorkLoad', admin, { range: 'day', date: '2026-02-30' });
    expect(date.status).toBe(400);
  });

  it('turnover equals the daily settlement: a settlement at 23:59 counts on its day, a refunded session on the refund day', async () => {
    const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const before = (await load('turnOver', admin, { range: 'day', date: day })).body.data;
    const beforeNext = (await load('turnOver', admin, { range: 'day', date: nextDay })).body.data;
    const projectRevenue = async (d: string) => {
      const rows = (await load('projectAnalysisLoad', admin, { range: 'day', date: d })).body.data.rows;
      return rows.find((r: any) => r.projectId === p1Template)?.revenueFen ?? 0;
    };
    const [p1Project] = await s.app.db
      .select({ templateId: treatmentProjects.templateId })
      .from(treatmentProjects)
      .where(eq(treatmentProjects.id, p1.projects[0]!.id));
    const p1Template = p1Project!.templateId;
    const revenueBefore = [await projectRevenue(day), await projectRevenue(nextDay)];
    // charge P1's project (its course) and settle it in cash at 23:59:40 on the clinic's clock
    const projectId = p1.projects[0]!.id;
    const charged = await post('/sys/pay/charge/create', cashier, {
      patientId: p1.patientId,
      items: [{ sourceType: 'project', projectId }],
    });
    expect(charged.body.code, JSON.stringify(charged.body)).toBe(0);
    const charge = charged.body.data[0];
    await clockAt(`${day}T15:59:40Z`);
    const settled = await post('/sys/pay/settle', cashier, {
      idempotencyKey: key(),
      patientId: p1.patientId,
      chargeIds: [charge.id],
      payments: [{ payType: '1', amount: (charge.amountFen / 100).toFixed(2) }],
    });
    expect(settled.body.code, JSON.stringify(settled.body)).toBe(0);
    const settlementId = settled.body.data.settlement.id;
    // one session not executed is refunded the next day (00:10)
    await clockAt(`${day}T16:10:00Z`);
    const asked = await post('/sys/pay/refund/request', cashier, {
      idempotencyKey: key(),
      settlementId,
      lines: [{ chargeId: charge.id, quantity: 1 }],
      reasonCode: 1,
      reason: '患者放弃一次治疗',
    });
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(0);
    expect(
      (await post('/sys/pay/refund/approve', finance, { idempotencyKey: key(), id: asked.body.data.id })).body.code,
    ).toBe(0);
    const paid = await post('/sys/pay/refund/execute', cashier, { idempotencyKey: key(), id: asked.body.data.id });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(0);
    const refundFen = asked.body.data.amountFen as number;
    expect(refundFen).toBe(charge.amountFen / charge.quantity);

    const after = (await load('turnOver', admin, { range: 'day', date: day })).body.data;
    const afterNext = (await load('turnOver', admin, { range: 'day', date: nextDay })).body.data;
    expect(after.totals.receivableFen - before.totals.receivableFen).toBe(charge.amountFen);
    expect(after.totals.receivedFen - before.totals.receivedFen).toBe(charge.amountFen);
    expect(after.totals.settlementCount - before.totals.settlementCount).toBe(1);
    expect(after.totals.refundsFen).toBe(before.totals.refundsFen);
    expect(afterNext.totals.refundsFen - beforeNext.totals.refundsFen).toBe(refundFen);
    expect(afterNext.totals.receivableFen).toBe(beforeNext.totals.receivableFen);
    // the project's revenue: the settled course on its day, the refunded session off on the refund day
    expect((await projectRevenue(day)) - revenueBefore[0]!).toBe(charge.amountFen);
    expect((await projectRevenue(nextDay)) - revenueBefore[1]!).toBe(-refundFen);
    // the sessions executed are still counted: executed work is not undone by a refund
    const work = await load('officeWorkLoad', admin, { range: 'day', date: day, officeId });
    expect(work.body.data.totals.sessions).toBe(4);

    // each day's turnover is that day's daily settlement, also over a range (the sum of the days)
    const both = (await load('turnOver', admin, { range: 'custom', startDate: day, endDate: nextDay })).body.data;
    for (const [d, t] of [
      [day, after],
      [nextDay, afterNext],
    ] as const) {
      const daily = (await post('/sys/pay/daily', admin, { date: d })).body.data;
      const sum = (list: any[], k: string) => list.reduce((n, x) => n + x[k], 0);
      const reconciled = {
        receivableFen: sum(daily.byCategory, 'revenueFen'),
        receivedFen: sum(daily.byPayType, 'takingsFen'),
        refundsFen: sum(daily.byPayType, 'refundsFen'),
        netIncomeFen: daily.identity.settlementIncomeFen,
        settlementCount: daily.settlementCount,
        discountsFen: await discountsByHand(d),
      };
      expect(t.totals).toEqual(reconciled);
      expect(both.days.find((x: any) => x.date === d)).toEqual({ date: d, ...reconciled });
    }
    // the drill-down lists the settlements counted: the course on its day, the refund the next
    const detail = async (d: string) =>
      (
        await load('turnOverDetail', admin, {
          range: 'day',
          date: d,
          cashierId: cashier.userId,
          page: 1,
          limit: 1000,
        })
      ).body.data;
    const onDay = await detail(day);
    const ours = onDay.list.find((r: any) => r.id === settlementId);
    expect(ours).toMatchObject({
      kind: 'charge',
      totalFen: charge.amountFen,
      payments: [{ payType: '1', amountFen: charge.amountFen }],
    });
    const onNext = await detail(nextDay);
    expect(onNext.list.filter((r: any) => r.kind === 'reversal').map((r: any) => r.totalFen)).toContain(refundFen);
    const cashierDay = both.byCashier.find((c: any) => c.cashierId === cashier.userId);
    const sumCharges = (list: any[]) => list.filter((r) => r.kind === 'charge').reduce((n, r) => n + r.totalFen, 0);
    expect(sumCharges(onDay.list) + sumCharges(onNext.list)).toBe(cashierDay.receivableFen);
    // the course's cost: charged on its day, refunded the next; inpatient filter leaves the outpatient course out
    const cost = (
      await load('treatmentCostLoad', admin, {
        range: 'custom',
        startDate: day,
        endDate: nextDay,
        page: 1,
        limit: 1000,
      })
    ).body.data;
    const course = cost.page.list.find((r: any) => r.treatmentId === p1.treatmentId);
    expect(course).toMatchObject({
      patientId: p1.patientId,
      patientType: 1,
      chargedFen: charge.amountFen,
      refundedFen: refundFen,
      netFen: charge.amountFen - refundFen,
      settlementCount: 1,
    });
    expect(cost.totals.chargedFen).toBe(after.totals.receivableFen + afterNext.totals.receivableFen);
    const inpatients = (
      await load('treatmentCostLoad', admin, {
        range: 'custom',
        startDate: day,
        endDate: nextDay,
        patientType: 2,
        page: 1,
        limit: 1000,
      })
    ).body.data;
    expect(inpatients.page.list.some((r: any) => r.treatmentId === p1.treatmentId)).toBe(false);
    const courseRows = (
      await load('turnOverDetail', admin, {
        range: 'custom',
        startDate: day,
        endDate: nextDay,
        treatmentId: p1.treatmentId,
        page: 1,
        limit: 10,
      })
    ).body.data.list;
    expect(courseRows.map((r: any) => r.kind).sort()).toEqual(['charge', 'reversal']);
    expect(both.totals.receivedFen).toBe(after.totals.receivedFen + afterNext.totals.receivedFen);
    expect(both.byCashier.find((c: any) => c.cashierId === cashier.userId)).toBeTruthy();
    expect(both.byPayType.find((p: any) => p.payType === '1').receivedFen).toBeGreaterThanOrEqual(charge.amountFen);
  });

  it('turnover counts the round-off given at settlement as a discount, net of the receivable', async () => {
    const today = (await load('turnOver', admin, { range: 'day' })).body.data;
    const d = today.range.from;
    const charged = await post('/sys/pay/charge/create', cashier, {
      patientId: p1.patientId,
      items: [{ sourceType: 'manual', name: '病历本', unitPrice: '10.35', quantity: 1 }],
    });
    expect(charged.body.code, JSON.stringify(charged.body)).toBe(0);
    const settled = await post('/sys/pay/settle', cashier, {
      idempotencyKey: key(),
      patientId: p1.patientId,
      chargeIds: [charged.body.data[0].id],
      roundOff: true,
      payments: [{ payType: '1', amount: '10.00' }],
    });
    expect(settled.body.code, JSON.stringify(settled.body)).toBe(0);
    const after = (await load('turnOver', admin, { range: 'day', date: d })).body.data;
    expect(after.totals.discountsFen - today.totals.discountsFen).toBe(35);
    expect(after.totals.receivableFen - today.totals.receivableFen).toBe(1000);
    expect(after.totals.discountsFen).toBe(await discountsByHand(d));
    expect(after.byCashier.find((c: any) => c.cashierId === cashier.userId).discountsFen).toBeGreaterThanOrEqual(35);
  });
  it('the operations overview agrees with the other screens, compares with the day before and lists departments', async () => {
    const range = { range: 'day', date: day };
    const res = await load('operationalData', admin, range, 'en');
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const d = res.body.data;
    const previousDay = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(d.range).toEqual({ from: day, to: day });
    expect(d.previousRange).toEqual({ from: previousDay, to: previousDay });
    const work = (await load('officeWorkLoad', admin, range)).body.data;
    const money = (await load('turnOver', admin, range)).body.data;
    expect(d.current).toMatchObject({
      sessions: work.totals.sessions,
      visits: work.totals.visits,
      patients: work.totals.patients,
      minutes: work.totals.minutes,
      newPatients: work.totals.newPatients,
      netIncomeFen: money.totals.netIncomeFen,
      refundsFen: money.totals.refundsFen,
      incomePerVisitFen: work.totals.visits ? Math.round(money.totals.netIncomeFen / work.totals.visits) : 0,
      completionRate: Math.round((work.totals.sessions * 1000) / (work.totals.orders - work.totals.invalidated)) / 10,
    });
    expect(d.current.sessions).toBeGreaterThan(0);
    // missed sessions and the wait from prescription to first treatment, counted by hand in SQL
    const expired = await s.app.db.execute(sql`
      select count(*)::int as n from wo_work_order
      where organization_id = ${admin.organizationId} and treat_date = ${day} and status = 4`);
    expect(d.current.expiredOrders).toBe(Number(((expired as any).rows ?? expired)[0].n));
    // over the last month (the demo's courses were prescribed days before their first treatment)
    const from = new Date(Date.parse(`${day}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
    const month = (await load('operationalData', admin, { range: 'custom', startDate: from, endDate: day })).body.data;
    const firsts = await s.app.db.execute(sql`
      select f.first_day::text as first_day, ((p.created_at at time zone 'Asia/Shanghai')::date)::text as prescribed
      from (select project_id, min(treat_date) as first_day from wo_work_order
            where organization_id = ${admin.organizationId} and status = 3 and treat_date <= ${day}
            group by project_id) f
      join pat_treatment_project p on p.id = f.project_id
      where f.first_day between ${from} and ${day}`);
    const waits = ((firsts as any).rows ?? firsts).map((r: any) =>
      Math.max(0, Math.round((Date.parse(r.first_day) - Date.parse(r.prescribed)) / 86_400_000)),
    );
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.some((w: number) => w > 0)).toBe(true);
    expect(month.current.waitingDays).toBe(
      Math.round((waits.reduce((n: number, x: number) => n + x, 0) * 10) / waits.length) / 10,
    );
    // registrations: the organization's courses registered that clinic day, cancelled ones left out (by hand, in SQL)
    const counted = await s.app.db.execute(sql`
      select office_id, count(*)::int as n from pat_treatment
      where organization_id = ${admin.organizationId} and status <> 4
        and to_char(register_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD') = ${day}
      group by office_id`);
    const byOffice = new Map(((counted as any).rows ?? counted).map((r: any) => [Number(r.office_id), Number(r.n)]));
    const registrations = [...byOffice.values()].reduce((n: number, x: any) => n + Number(x), 0);
    expect(d.current.registrations).toBe(registrations);
    expect(d.days).toEqual([
      {
        date: day,
        registrations,
        visits: work.totals.visits,
        sessions: work.totals.sessions,
        netIncomeFen: money.totals.netIncomeFen,
      },
    ]);
    // our department: its work as the department workload counts it, named in the reader's language
    const ours = d.offices.find((o: any) => o.officeId === officeId);
    const oursWork = work.rows.find((r: any) => r.officeId === officeId);
    expect(ours).toMatchObject({ officeName: 'Stats test', sessions: oursWork.sessions, visits: oursWork.visits });
    // the patients' per-department registrations: the same counts
    const amounts = await post('/sys/patient/selectVisitOfficeAndPatientAmount', admin, range);
    expect(amounts.body.code, JSON.stringify(amounts.body)).toBe(0);
    for (const row of amounts.body.data) {
      expect(row.patientAmount).toBe(byOffice.get(row.officeId) ?? 0);
      expect(row.outpatients + row.inpatients).toBe(row.patientAmount);
    }
    expect(amounts.body.data.find((o: any) => o.officeId === officeId).officeName).toBe('统计测试科');
    // another organization never sees our departments; a therapist reads no overview; finance does
    const theirs = await post('/sys/patient/selectVisitOfficeAndPatientAmount', other, range);
    expect(theirs.body.data.some((o: any) => o.officeId === officeId)).toBe(false);
    expect(
      (await load('operationalData', other, range)).body.data.offices.some((o: any) => o.officeId === officeId),
    ).toBe(false);
    expect((await load('operationalData', t1, range)).status).toBe(403);
    expect((await load('operationalData', finance, range)).body.code).toBe(0);
    // a bad range is refused with a clear message
    const bad = await load('operationalData', admin, { range: 'custom', startDate: day }, 'zh-CN');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).not.toBe('');
  });
});
