import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { WorkOrderStatus, addDays, generationWindow, idCheckChar, plannedOrders } from '@rehab/shared';
import { offices, scheduleJobs } from '../src/db/schema';
import { treatmentProjects } from '../src/modules/patients/patients.tables';
import { workOrderFiles, workOrderHistory, workOrders } from '../src/modules/work-orders/work-orders.tables';
import { clinicDate } from '@rehab/shared';
import { clinicToday, expirePast, extendWindow } from '../src/modules/work-orders/work-orders.generation';
import { DEMO, startTestServer, type TestServer } from './harness';

// Work orders: generation from prescribed projects (and its upkeep when projects or courses change), the daily
// jobs, and every call of /api/sys/referral with its refusals (400/403/404/409, nothing written on refusal).

let s: TestServer;
type Who = { token: string; organizationId: number };
let doctor: Who;
let therapist: Who;
let other: Who;
let ref: { diseaseId: number; functioningId: number; officeId: number; therapistId: number };

const api = (method: string, url: string, who: Who, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who.token, body, lang });

let seq = 300;
function newIdNumber() {
  seq++;
  const first17 = `110105198${seq % 10}0${1 + (seq % 9)}1${seq % 10}${String(seq % 100).padStart(2, '0')}1`;
  return first17 + idCheckChar(first17);
}

/** Registers a patient and prescribes projects; answers the ids. */
async function patientWith(projects: Record<string, unknown>[]) {
  const reg = await api('POST', '/sys/patient/saveOutPatient', doctor, {
    patientType: 1,
    name: `工单患者${seq}`,
    idNumber: newIdNumber(),
    phone: '13911113333',
    diseaseId: ref.diseaseId,
    functioningId: ref.functioningId,
    officeId: ref.officeId,
    outpatientNo: `W${seq}`,
  });
  expect(reg.body.code, JSON.stringify(reg.body)).toBe(0);
  const { patientId, treatmentId } = reg.body.data as { patientId: number; treatmentId: number };
  const saved = await api('POST', '/sys/treatment/savRecipe', doctor, {
    treatmentId,
    projects: projects.map((p) => ({
      name: '运动疗法',
      execOfficeId: ref.officeId,
      therapistId: ref.therapistId,
      quantity: 1,
      unitName: '次',
      times: 10,
      duration: 30,
      frequency: '1',
      unitPrice: 40,
      ...p,
    })),
  });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
  return { patientId, treatmentId, projectIds: saved.body.data.ids as number[] };
}

const ordersOf = (projectId: number) =>
  s.app.db
    .select()
    .from(workOrders)
    .where(eq(workOrders.projectId, projectId))
    .orderBy(asc(workOrders.treatDate), asc(workOrders.seq));

beforeAll(async () => {
  s = await startTestServer();
  doctor = await s.loginInto(DEMO.doctor);
  therapist = await s.loginInto(DEMO.therapist);
  other = await s.loginInto(DEMO.superAdmin, 1);
  if (other.organizationId === doctor.organizationId) other = await s.loginInto(DEMO.superAdmin, 0);
  const disease = await api('POST', '/sys/diseases/getDiseaseList', doctor, { keyword: 'ngs' });
  const functioning = await api('POST', '/sys/functioning/getFunctioningList', doctor, { keyword: '偏瘫' });
  const staff = await api('GET', '/sys/patient/staff', doctor);
  const own = await s.app.db.select().from(offices).where(eq(offices.organizationId, doctor.organizationId));
  ref = {
    diseaseId: disease.body.data[0].id,
    functioningId: functioning.body.data[0].id,
    officeId: own[1]!.id,
    therapistId: staff.body.data.therapists.find((t: { name: string }) => t.name === '李治疗师').id,
  };
});
afterAll(async () => {
  await s.close();
});

describe('work-order generation', () => {
  it('the demo has orders of past days (completed or expired), today and the coming days', async () => {
    const today = clinicToday();
    const rows = await s.app.db
      .select({ status: workOrders.status, past: sql<boolean>`${workOrders.treatDate} < ${today}` })
      .from(workOrders)
      .where(eq(workOrders.organizationId, doctor.organizationId));
    expect(rows.filter((r) => !r.past).length).toBeGreaterThan(10);
    const pastStatuses = new Set(rows.filter((r) => r.past).map((r) => r.status));
    expect([...pastStatuses].sort()).toEqual([WorkOrderStatus.completed, WorkOrderStatus.expired]);
    expect((await s.app.db.select().from(workOrderFiles)).length).toBeGreaterThan(0);
  });

  it('the daily jobs are scheduled', async () => {
    const jobs = await s.app.db
      .select()
      .from(scheduleJobs)
      .where(inArray(scheduleJobs.beanName, ['workOrderGenerate', 'workOrderExpire']));
    expect(jobs.map((j) => j.status)).toEqual([0, 0]);
  });

  it('prescribing creates the orders of today and the next six days in the same transaction, once', async () => {
    const { projectIds } = await patientWith([{ frequency: '2', times: 30 }, { frequency: '1/3' }]);
    const today = clinicToday();
    const window = generationWindow(today);
    const daily = await ordersOf(projectIds[0]!);
    expect(daily.length).toBe(14); // twice a day for 7 days
    expect(daily[0]).toMatchObject({ treatDate: today, seq: 1, status: 1, therapistId: ref.therapistId });
    expect(daily.at(-1)).toMatchObject({ treatDate: window.to, seq: 2 });
    const every3 = await ordersOf(projectIds[1]!);
    expect(every3.map((o) => o.treatDate)).toEqual(
      plannedOrders(
        { startDate: today, frequency: '1/3', totalTimes: 10, workdaySetting: 0, active: true },
        window.from,
        window.to,
      ).map((o) => o.date),
    );
    const history = await s.app.db
      .select()
      .from(workOrderHistory)
      .where(
        inArray(
          workOrderHistory.workOrderId,
          daily.map((o) => o.id),
        ),
      );
    expect(history.every((h) => h.action === 'generate' && h.toStatus === 1)).toBe(true);
    expect(history.length).toBe(14);
    // generating again (the daily job) adds nothing to these projects
    await extendWindow(s.app.db);
    expect((await ordersOf(projectIds[0]!)).length).toBe(14);
    expect(await extendWindow(s.app.db)).toBe(0);
  });

  it('follows the workday setting (Monday to Friday)', async () => {
    const { projectIds } = await patientWith([{ frequency: '1', workdaySetting: 1 }]);
    const orders = await ordersOf(projectIds[0]!);
    const weekdays = orders.map((o) => new Date(`${o.treatDate}T00:00:00Z`).getUTCDay());
    expect(weekdays.length).toBe(5);
    expect(weekdays.some((d) => d === 0 || d === 6)).toBe(false);
  });

  it('invalidates future unfinished orders that no longer belong when a project changes, ends or is disabled', async () => {
    const { projectIds, treatmentId } = await patientWith([{}, {}, {}]);
    const [a, b, c] = projectIds as [number, number, number];
    // changed to once a week: only today's order stays
    const upd = await api('POST', '/sys/treatment/updateProject', doctor, {
      id: a,
      name: '运动疗法',
      execOfficeId: ref.officeId,
      therapistId: ref.therapistId,
      quantity: 1,
      times: 10,
      duration: 30,
      frequency: '1/7',
      unitPrice: 40,
    });
    expect(upd.body.code, JSON.stringify(upd.body)).toBe(0);
    const afterUpdate = await ordersOf(a);
    expect(afterUpdate.filter((o) => o.status === 1).length).toBe(1);
    const gone = afterUpdate.filter((o) => o.status === 2);
    expect(gone.length).toBe(6);
    expect(gone[0]!.invalidReason).toContain('修改');
    expect((await api('POST', '/sys/treatment/disableProjects', doctor, { ids: [b] })).body.code).toBe(0);
    expect((await ordersOf(b)).every((o) => o.status === 2 && o.invalidReason === '治疗项目已停用')).toBe(true);
    expect((await api('POST', '/sys/treatment/endProjects', doctor, { ids: [c] })).body.code).toBe(0);
    expect((await ordersOf(c)).every((o) => o.status === 2 && o.invalidReason === '治疗项目已结束')).toBe(true);
    const hist = await s.app.db
      .select()
      .from(workOrderHistory)
      .where(
        and(
          eq(workOrderHistory.action, 'invalidate'),
          inArray(
            workOrderHistory.workOrderId,
            gone.map((o) => o.id),
          ),
        ),
      );
    expect(hist.length).toBe(6);
    // a new course's projects: ending the course invalidates its open orders
    const next = await patientWith([{}]);
    expect((await api('POST', '/sys/patient/endTreatment', doctor, { treatmentId: next.treatmentId })).body.code).toBe(
      0,
    );
    expect((await ordersOf(next.projectIds[0]!)).every((o) => o.invalidReason === '疗程已结束或患者已出院')).toBe(true);
    expect(treatmentId).toBeGreaterThan(0);
  });

  it('the expiry job turns unfinished orders of past days into expired ones with a history row', async () => {
    const { projectIds } = await patientWith([{}]);
    const [first] = await ordersOf(projectIds[0]!);
    const yesterday = addDays(clinicToday(), -1);
    await s.app.db.update(workOrders).set({ treatDate: yesterday }).where(eq(workOrders.id, first!.id));
    const expired = await expirePast(s.app.db);
    expect(expired).toBeGreaterThanOrEqual(1);
    const [row] = await s.app.db.select().from(workOrders).where(eq(workOrders.id, first!.id));
    expect(row!.status).toBe(WorkOrderStatus.expired);
    const [h] = await s.app.db
      .select({ n: count() })
      .from(workOrderHistory)
      .where(and(eq(workOrderHistory.workOrderId, first!.id), eq(workOrderHistory.action, 'expire')));
    expect(Number(h!.n)).toBe(1);
    expect(await expirePast(s.app.db)).toBe(0);
    // the clinic's date is used, not the server's
    expect(clinicDate(new Date('2026-11-22T17:00:00Z'))).toBe('2026-11-23');
  });

  it('the jobs run through the scheduler API and log their result', async () => {
    const admin = await s.loginInto(DEMO.superAdmin, 0);
    const list = await api('GET', '/sys/schedule/list?limit=50', admin);
    const job = list.body.data.list.find((j: { beanName: string }) => j.beanName === 'workOrderGenerate');
    const run = await api('POST', '/sys/schedule/run', admin, [job.jobId]);
    expect(run.body.code, JSON.stringify(run.body)).toBe(0);
    await expect
      .poll(
        async () => (await api('GET', `/sys/scheduleLog/list?jobId=${job.jobId}`, admin)).body.data?.totalCount ?? 0,
      )
      .toBeGreaterThan(0);
    expect(treatmentProjects).toBeDefined();
  });
});
