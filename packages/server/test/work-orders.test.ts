import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { WorkOrderStatus, addDays, executiveCode, generationWindow, idCheckChar, plannedOrders } from '@rehab/shared';
import { messageRecipients, offices, scheduleJobs, userOrganizations, userRoles, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/password';
import { RoleId } from '@rehab/shared';
import { treatmentProjects } from '../src/modules/patients/patients.tables';
import { sysEquipment } from '../src/modules/master-data/master-data.tables';
import { schedules } from '../src/modules/scheduling/scheduling.tables';
import { workOrderFiles, workOrderHistory, workOrders } from '../src/modules/work-orders/work-orders.tables';
import { clinicDate } from '@rehab/shared';
import { demoSignaturePng } from '../src/modules/work-orders/work-orders.demo';
import { clinicToday, expirePast, extendWindow } from '../src/modules/work-orders/work-orders.generation';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

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
    const admin = other;
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

// ---------------------------------------------------------------------------------------------------------------

async function upload(
  who: Who,
  ids: number[],
  kind: number,
  data: Buffer,
  type = 'image/png',
  name = 'x.png',
  lang?: string,
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const headers: Record<string, string> = { token: who.token };
  if (lang) headers.language = lang;
  const res = await fetch(`${s.base}/api/sys/referral/uploadReferralConfirmation?ids=${ids.join(',')}&kind=${kind}`, {
    method: 'PUT',
    headers,
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const orderRow = async (id: number) => (await s.app.db.select().from(workOrders).where(eq(workOrders.id, id)))[0]!;
const historyCount = async (id: number) =>
  Number(
    (await s.app.db.select({ n: count() }).from(workOrderHistory).where(eq(workOrderHistory.workOrderId, id)))[0]!.n,
  );
const handle = (who: Who, body: Record<string, unknown>, lang?: string) =>
  api('PUT', '/sys/referral/handleState', who, body, lang);

describe('work-order calls (/api/sys/referral)', () => {
  let orders: (typeof workOrders.$inferSelect)[];
  let patientId: number;
  let projectId: number;
  beforeAll(async () => {
    const p = await patientWith([{ frequency: '3', times: 30 }]);
    patientId = p.patientId;
    projectId = p.projectIds[0]!;
    orders = (await ordersOf(projectId)).filter((o) => o.treatDate === clinicToday());
    expect(orders.length).toBe(3);
  });

  it('lists: list, my orders, a patient, the combobox, select lists; another organization sees none of them', async () => {
    const list = await api('POST', '/sys/referral/list', doctor, { patientId, limit: 50 });
    expect(list.body.code, JSON.stringify(list.body)).toBe(0);
    expect(list.body.data.totalCount).toBe(21);
    expect(list.body.data.list[0]).toMatchObject({ patientId, projectName: '运动疗法', status: 1 });
    const mine = await api('POST', '/sys/referral/myReferral', therapist, {
      action: 'unfinish',
      patientId,
      startDate: clinicToday(),
      endDate: clinicToday(),
    });
    expect(mine.body.data.totalCount).toBe(3);
    expect((await api('POST', '/sys/referral/myReferral', doctor, { patientId })).body.data.totalCount).toBe(0);
    const byPatient = await api('POST', '/sys/referral/selectReferralByPatient', doctor, { patientId });
    expect(byPatient.body.data.pageSize).toBe(10);
    expect(byPatient.body.data.list.length).toBe(10);
    const combo = await api('POST', '/sys/referral/selectReferralComboboxByPatient', doctor, { patientId });
    expect(combo.body.data).toEqual([{ id: projectId, name: '运动疗法', patientId }]);
    const incomplete = await api('POST', '/sys/referral/selectIncompleteReferral', doctor, {});
    expect(incomplete.body.data.pageSize).toBe(20);
    for (const url of [
      'incompletePatientSelectList',
      'completePatientSelectList',
      'overduePatientSelectList',
      'cancelPatientSelectList',
      'selectPatient4IncompleteReferral',
    ]) {
      const res = await api('POST', `/sys/referral/${url}`, doctor, {});
      expect(res.body.code, url).toBe(0);
      expect(Array.isArray(res.body.data)).toBe(true);
    }
    expect(
      (await api('POST', '/sys/referral/incompletePatientSelectList', doctor)).body.data.map(
        (p: { id: number }) => p.id,
      ),
    ).toContain(patientId);
    for (const url of ['overdueProjectSelectList', 'cancelProjectSelectList']) {
      expect((await api('POST', `/sys/referral/${url}`, doctor, { patientId })).body.code).toBe(0);
    }
    const foreign = await api('POST', '/sys/referral/list', other, { patientId });
    expect(foreign.body.data.totalCount).toBe(0);
    expect((await api('GET', `/sys/referral/info/${orders[0]!.id}`, other)).status).toBe(404);
    expect((await api('POST', '/sys/referral/list', doctor, { status: 9 })).status).toBe(400);
    expect((await api('POST', '/sys/referral/list', doctor, { startDate: '2026/01/01' })).body.field).toBe('startDate');
    expect((await s.api('POST', '/api/sys/referral/list', { body: {} })).status).toBe(401);
  });

  it("exports a patient's orders and the incomplete ones as Excel files", async () => {
    for (const url of ['exportReferralByPatient', 'exportIncompleteReferral']) {
      const res = await fetch(`${s.base}/api/sys/referral/${url}`, {
        method: 'POST',
        headers: { token: doctor.token, 'content-type': 'application/json', language: 'en' },
        body: JSON.stringify({ patientId }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const buf = Buffer.from(await res.arrayBuffer());
      expect(buf.subarray(0, 2).toString()).toBe('PK');
    }
  });

  it('executes once, with executor and completion time; the project counts the treatment; withdraw takes it back', async () => {
    const id = orders[0]!.id;
    const before = (await s.app.db.select().from(treatmentProjects).where(eq(treatmentProjects.id, projectId)))[0]!;
    const res = await handle(therapist, { id, action: 'execute' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const row = await orderRow(id);
    expect(row.status).toBe(3);
    expect(row.executorId).toBe(ref.therapistId);
    expect(row.completedAt).not.toBeNull();
    const after = (await s.app.db.select().from(treatmentProjects).where(eq(treatmentProjects.id, projectId)))[0]!;
    expect(after.treatedTimes).toBe(before.treatedTimes + 1);
    const n = await historyCount(id);
    const again = await handle(therapist, { id, action: 'execute' }, 'en');
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This work order has been executed and cannot be executed again');
    expect((await handle(therapist, { id, action: 'execute' })).body.msg).toBe('该工单已确认执行，不能再次执行');
    expect(await historyCount(id)).toBe(n);
    // finished list and the home counters
    const finished = await api('POST', '/sys/referral/myReferral', therapist, { action: 'finished', patientId });
    expect(finished.body.data.list.map((o: { id: number }) => o.id)).toEqual([id]);
    const home = await api('GET', `/sys/index/info/${therapist.organizationId}/0`, therapist);
    expect(home.body.data.doneTotal).toBeGreaterThanOrEqual(1);
    expect(home.body.data.undoneTotal).toBeGreaterThanOrEqual(2);
    const bench = await api('POST', '/sys/referral/myReferral4Workbench', therapist);
    expect(bench.body.data.doneTotal).toBe(home.body.data.doneTotal);
    const done = await api('POST', '/sys/referral/doList', therapist, { patientId });
    expect(done.body.data.totalCount).toBe(1);
    // sign, photograph, then withdraw: the files stay, marked withdrawn
    const signed = await upload(therapist, [id], 1, demoSignaturePng(3));
    expect(signed.body.code, JSON.stringify(signed.body)).toBe(0);
    const twice = await upload(therapist, [id], 1, demoSignaturePng(4), 'image/png', 'x.png', 'en');
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('This work order has been signed');
    expect((await upload(therapist, [id], 2, JPEG, 'image/jpeg', 'p.jpg')).body.code).toBe(0);
    const back = await handle(therapist, { id, action: 'withdraw' });
    expect(back.body.code).toBe(0);
    const withdrawn = await orderRow(id);
    expect(withdrawn).toMatchObject({
      status: 1,
      signed: false,
      photographed: false,
      executorId: null,
      completedAt: null,
    });
    const files = await s.app.db.select().from(workOrderFiles).where(eq(workOrderFiles.workOrderId, id));
    expect(files.length).toBe(2);
    expect(files.every((f) => f.withdrawnAt !== null)).toBe(true);
    const info = await api('GET', `/sys/referral/info/${id}`, therapist);
    expect(info.body.data.history.map((h: { action: string }) => h.action)).toEqual([
      'generate',
      'execute',
      'sign',
      'photograph',
      'withdraw',
    ]);
    expect(info.body.data.files.length).toBe(2);
    const file = await fetch(`${s.base}/api/sys/referral/file/${files[0]!.id}`, {
      headers: { token: therapist.token },
    });
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(
      (await fetch(`${s.base}/api/sys/referral/file/${files[0]!.id}`, { headers: { token: other.token } })).status,
    ).toBe(404);
    expect((await handle(therapist, { id, action: 'withdraw' })).status).toBe(409);
    const project = (await s.app.db.select().from(treatmentProjects).where(eq(treatmentProjects.id, projectId)))[0]!;
    expect(project.treatedTimes).toBe(before.treatedTimes);
  });

  it('refuses uploads by content, size and patient, writing nothing', async () => {
    const [a, b] = [orders[1]!.id, orders[2]!.id];
    const filesBefore = (await s.app.db.select({ n: count() }).from(workOrderFiles))[0]!.n;
    // a signature needs an executed order
    expect((await upload(therapist, [a], 1, demoSignaturePng(1))).status).toBe(409);
    // not an image, whatever its name says
    const fake = await upload(therapist, [a], 2, Buffer.from('GIF89a not really'), 'image/png', 'x.png', 'en');
    expect(fake.status).toBe(400);
    expect(fake.body.msg).toBe('Only JPG or PNG images can be uploaded');
    // a JPEG is no signature
    expect((await upload(therapist, [a], 1, JPEG, 'image/jpeg', 's.jpg')).body.msgKey).toBe('workOrder.signatureType');
    const big = Buffer.concat([demoSignaturePng(1), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(therapist, [a], 2, big)).status).toBe(413);
    // a batch over two patients
    const otherPatient = await patientWith([{}]);
    const foreignOrder = (await ordersOf(otherPatient.projectIds[0]!))[0]!.id;
    const mixed = await upload(therapist, [a, foreignOrder], 2, JPEG, 'image/jpeg', 'p.jpg', 'en');
    expect(mixed.status).toBe(400);
    expect(mixed.body.msg).toBe('The work orders selected for signature or photo must be for the same patient');
    // another organization's order
    expect((await upload(other, [a], 2, JPEG, 'image/jpeg', 'p.jpg')).status).toBe(404);
    expect((await upload(therapist, [a], 3, JPEG, 'image/jpeg', 'p.jpg')).status).toBe(400);
    expect((await s.app.db.select({ n: count() }).from(workOrderFiles))[0]!.n).toBe(filesBefore);
    // one patient's batch of photos works
    const ok = await upload(therapist, [a, b], 2, JPEG, 'image/jpeg', 'p.jpg');
    expect(ok.body.data.fileIds.length).toBe(2);
  });

  it('authorizes to a therapist of a group (who gets a message), cancels, invalidates with a reason, in batch', async () => {
    const [a, b] = [orders[1]!.id, orders[2]!.id];
    const teams = await api('POST', '/sys/referral/getTreatmentTeamAndTherapists', doctor);
    const group = teams.body.data.find((g: { therapists: { name: string }[] }) =>
      g.therapists.some((t) => t.name === '陈治疗师'),
    );
    const chen = group.therapists.find((t: { name: string }) => t.name === '陈治疗师');
    const missing = await handle(doctor, { id: a, action: 'authorize', therapyGroupId: group.id }, 'en');
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Therapy group, authorized therapist and authorizer are required');
    const foreignGroup = teams.body.data.find((g: { id: number }) => g.id !== group.id);
    const notMember = foreignGroup?.therapists.find(
      (t: { id: number }) => !group.therapists.some((m: { id: number }) => m.id === t.id),
    );
    if (notMember) {
      expect(
        (
          await handle(doctor, {
            id: a,
            action: 'authorize',
            therapyGroupId: group.id,
            authorizedTherapistId: notMember.id,
          })
        ).status,
      ).toBe(400);
    }
    expect(
      (await handle(doctor, { id: a, action: 'authorize', therapyGroupId: 999999, authorizedTherapistId: chen.id }))
        .body.field,
    ).toBe('therapyGroupId');
    const n = await historyCount(a);
    const ok = await handle(doctor, {
      id: a,
      action: 'authorize',
      therapyGroupId: group.id,
      authorizedTherapistId: chen.id,
    });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(0);
    expect(await orderRow(a)).toMatchObject({ authorizedTherapistId: chen.id, authorizedTeamId: group.id });
    expect(await historyCount(a)).toBe(n + 1);
    const inbox = await s.app.db
      .select({ n: count() })
      .from(messageRecipients)
      .where(eq(messageRecipients.userId, chen.id));
    expect(Number(inbox[0]!.n)).toBeGreaterThan(0);
    // no longer the assigned therapist's: it is Chen's
    const mine = await api('POST', '/sys/referral/myReferral', therapist, {
      patientId,
      action: 'unfinish',
      startDate: clinicToday(),
      endDate: clinicToday(),
    });
    expect(mine.body.data.list.map((o: { id: number }) => o.id)).not.toContain(a);
    expect((await handle(doctor, { id: a, action: 'cancelAuthorization' })).body.code).toBe(0);
    expect((await handle(doctor, { id: a, action: 'cancelAuthorization' }, 'en')).body.msg).toBe(
      'This work order is not authorized to anyone',
    );
    // invalidate: reason required; batch is all or none
    const noReason = await handle(doctor, { mode: 'BATCH', ids: [a, b], action: 'invalidate', reason: '  ' }, 'en');
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('Please enter the reason for invalidating');
    const executedId = orders[0]!.id;
    await handle(therapist, { id: executedId, action: 'execute' });
    const mixed = await handle(doctor, {
      mode: 'BATCH',
      ids: [a, executedId],
      action: 'invalidate',
      reason: '患者转院',
    });
    expect(mixed.status).toBe(409);
    expect((await orderRow(a)).status).toBe(1);
    const done = await handle(doctor, { mode: 'BATCH', ids: [a, b], action: 'invalidate', reason: '患者转院' });
    expect(done.body.data.count).toBe(2);
    expect(await orderRow(b)).toMatchObject({ status: 2, invalidReason: '患者转院' });
    expect((await handle(doctor, { id: b, action: 'execute' }, 'en')).body.msg).toBe(
      'This work order has been invalidated',
    );
    expect((await handle(doctor, { mode: 'BATCH', action: 'execute' })).body.field).toBe('ids');
    expect((await handle(doctor, { action: 'execute' })).body.field).toBe('id');
    expect((await handle(doctor, { id: a, action: 'fly' })).status).toBe(400);
    expect((await handle(other, { id: a, action: 'invalidate', reason: 'x' })).status).toBe(404);
    expect((await handle(doctor, { mode: 'BATCH', ids: [a, 999999], action: 'invalidate', reason: 'x' })).status).toBe(
      404,
    );
  });

  it('remarks and check-in', async () => {
    const fresh = await patientWith([{}]);
    const [o] = (await ordersOf(fresh.projectIds[0]!)).filter((x) => x.treatDate === clinicToday());
    expect(
      (await api('PUT', '/sys/referral/updateReferralRemark', doctor, { id: o!.id, remark: '下午来' })).body.code,
    ).toBe(0);
    expect((await orderRow(o!.id)).remark).toBe('下午来');
    expect(
      (await api('PUT', '/sys/referral/updateReferralRemark', doctor, { id: o!.id, remark: 'x'.repeat(31) })).status,
    ).toBe(400);
    expect((await api('PUT', '/sys/referral/updateReferralRemark', other, { id: o!.id, remark: 'x' })).status).toBe(
      404,
    );
    const master = await api('POST', '/sys/referral/todayMasterList', doctor, {
      keyword: `工单患者`,
      checkedIn: 0,
      limit: 100,
    });
    expect(master.body.data.list.map((r: { id: number }) => r.id)).toContain(o!.id);
    expect(
      (await api('POST', '/sys/referral/todayDoctorList', doctor, { limit: 100 })).body.data.totalCount,
    ).toBeGreaterThan(0);
    expect(
      (await api('POST', '/sys/referral/todayTherapistList', therapist, { limit: 100 })).body.data.totalCount,
    ).toBeGreaterThan(0);
    expect((await api('POST', '/sys/referral/checkIn', other, { ids: [o!.id] })).status).toBe(404);
    expect((await api('POST', '/sys/referral/checkIn', doctor, { ids: [o!.id] })).body.code).toBe(0);
    expect((await orderRow(o!.id)).checkedInAt).not.toBeNull();
    const again = await api('POST', '/sys/referral/checkIn', doctor, { ids: [o!.id] }, 'en');
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('The patient has already checked in for this work order');
    const future = (await ordersOf(fresh.projectIds[0]!)).find((x) => x.treatDate > clinicToday())!;
    expect((await api('POST', '/sys/referral/checkIn', doctor, { ids: [future.id] })).status).toBe(409);
    expect((await api('POST', '/sys/referral/checkIn', doctor, { ids: [] })).status).toBe(400);
    const info = await api('GET', `/sys/referral/info/${o!.id}`, doctor);
    expect(info.body.data.history.map((h: { action: string }) => h.action)).toEqual(['generate', 'remark', 'checkIn']);
  });
});

describe('work-order permissions', () => {
  it('a nurse reads and checks in but may not act on orders (403, nothing written)', async () => {
    const [u] = await s.app.db
      .insert(users)
      .values({ name: '测试护士', phone: '13800000091', passwordHash: await hashPassword(DEMO_PASSWORD) })
      .returning({ id: users.id });
    await s.app.db.insert(userOrganizations).values({ userId: u!.id, organizationId: doctor.organizationId });
    await s.app.db
      .insert(userRoles)
      .values({ userId: u!.id, organizationId: doctor.organizationId, roleId: RoleId.nurse });
    const nurse = await s.loginInto('13800000091');
    const { projectIds } = await patientWith([{}]);
    const [o] = await ordersOf(projectIds[0]!);
    expect((await api('POST', '/sys/referral/list', nurse, { patientId: o!.patientId })).body.code).toBe(0);
    expect((await api('POST', '/sys/referral/todayMasterList', nurse, {})).body.code).toBe(0);
    const n = await historyCount(o!.id);
    expect((await handle(nurse, { id: o!.id, action: 'execute' })).status).toBe(403);
    expect((await upload(nurse, [o!.id], 2, JPEG, 'image/jpeg', 'p.jpg')).status).toBe(403);
    expect((await api('PUT', '/sys/referral/updateReferralRemark', nurse, { id: o!.id, remark: 'x' })).status).toBe(
      403,
    );
    expect((await api('POST', '/sys/referral/getTreatmentTeamAndTherapists', nurse)).status).toBe(403);
    expect(await historyCount(o!.id)).toBe(n);
    expect((await orderRow(o!.id)).status).toBe(1);
  });
});

describe('the remaining referral calls: equipment, treatment record, option lists, executive code', () => {
  let nurse: Who;
  let doctorId: number;
  beforeAll(async () => {
    const [u] = await s.app.db
      .insert(users)
      .values({ name: '测试护士二', phone: '13800000092', passwordHash: await hashPassword(DEMO_PASSWORD) })
      .returning({ id: users.id });
    await s.app.db.insert(userOrganizations).values({ userId: u!.id, organizationId: doctor.organizationId });
    await s.app.db
      .insert(userRoles)
      .values({ userId: u!.id, organizationId: doctor.organizationId, roleId: RoleId.nurse });
    nurse = await s.loginInto('13800000092');
    doctorId = (await s.app.db.select().from(users).where(eq(users.phone, DEMO.doctor)))[0]!.id;
  });
  const equipmentOf = async (own: boolean) =>
    (
      await s.app.db
        .select({ id: sysEquipment.id, organizationId: sysEquipment.organizationId })
        .from(sysEquipment)
        .where(eq(sysEquipment.status, 1))
    ).find((e) => (e.organizationId === doctor.organizationId) === own)!;

  it('TreatmentEquipment sets or clears the equipment used, with history; refuses others and closed orders', async () => {
    const { projectIds } = await patientWith([{}]);
    const [o] = await ordersOf(projectIds[0]!);
    const mine = await equipmentOf(true);
    const theirs = await equipmentOf(false);
    const set = await api('POST', '/sys/referral/TreatmentEquipment', therapist, { id: o!.id, equipmentId: mine.id });
    expect(set.body.code, JSON.stringify(set.body)).toBe(0);
    expect(set.body.data.equipmentName).toEqual(expect.any(String));
    expect((await orderRow(o!.id)).equipmentId).toBe(mine.id);
    // the order names its equipment in the reader's language (issue 21, English names)
    const [named] = await s.app.db
      .select({ name: sysEquipment.name, nameEn: sysEquipment.nameEn })
      .from(sysEquipment)
      .where(eq(sysEquipment.id, mine.id));
    const infoIn = async (lang: string) =>
      (await api('GET', `/sys/referral/info/${o!.id}`, therapist, undefined, lang)).body.data.equipmentName;
    expect(await infoIn('zh-CN')).toBe(named!.name);
    expect(named!.nameEn).toBeTruthy();
    expect(await infoIn('en')).toBe(named!.nameEn);
    const n = await historyCount(o!.id);
    const foreign = await api(
      'POST',
      '/sys/referral/TreatmentEquipment',
      therapist,
      { id: o!.id, equipmentId: theirs.id },
      'en',
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe('The equipment does not exist or is disabled');
    expect((await api('POST', '/sys/referral/TreatmentEquipment', therapist, { id: o!.id })).status).toBe(400);
    expect(
      (await api('POST', '/sys/referral/TreatmentEquipment', therapist, { id: 'x', equipmentId: mine.id })).status,
    ).toBe(400);
    expect(
      (await api('POST', '/sys/referral/TreatmentEquipment', other, { id: o!.id, equipmentId: null })).status,
    ).toBe(404);
    expect(
      (await api('POST', '/sys/referral/TreatmentEquipment', nurse, { id: o!.id, equipmentId: null })).status,
    ).toBe(403);
    expect(await historyCount(o!.id)).toBe(n);
    expect((await orderRow(o!.id)).equipmentId).toBe(mine.id);
    const cleared = await api('POST', '/sys/referral/TreatmentEquipment', therapist, { id: o!.id, equipmentId: null });
    expect(cleared.body.data.equipmentName).toBeNull();
    await handle(therapist, { id: o!.id, action: 'invalidate', reason: '患者未到' });
    const closed = await api('POST', '/sys/referral/TreatmentEquipment', therapist, {
      id: o!.id,
      equipmentId: mine.id,
    });
    expect(closed.status).toBe(409);
    expect(closed.body.msg).toBe('已作废或已过期的工单不能修改使用的设备');
    const info = await api('GET', `/sys/referral/info/${o!.id}`, therapist);
    expect(info.body.data.history.map((h: { action: string }) => h.action)).toEqual([
      'generate',
      'equipment',
      'equipment',
      'invalidate',
    ]);
  });

  it('editTreatRecord: only after execution, only by the therapist who executed it, with history', async () => {
    const { projectIds } = await patientWith([{}]);
    const [o] = await ordersOf(projectIds[0]!);
    const write = (who: Who, body: unknown, lang?: string) =>
      api('POST', '/sys/referral/editTreatRecord', who, body, lang);
    const early = await write(therapist, { id: o!.id, record: '步态训练 20 分钟' }, 'en');
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('A treatment record can be written only after the work order is executed');
    expect((await handle(therapist, { id: o!.id, action: 'execute' })).body.code).toBe(0);
    const n = await historyCount(o!.id);
    const notMine = await write(doctor, { id: o!.id, record: '医生代写' });
    expect(notMine.status).toBe(403);
    expect(notMine.body.msg).toBe('只有执行该工单的治疗师才能修改治疗记录');
    expect((await write(therapist, { id: o!.id, record: '  ' })).status).toBe(400);
    expect((await write(therapist, { id: o!.id, record: 'x'.repeat(501) })).status).toBe(400);
    expect((await write(other, { id: o!.id, record: '别的机构' })).status).toBe(404);
    expect((await write(nurse, { id: o!.id, record: '护士' })).status).toBe(403);
    expect(await historyCount(o!.id)).toBe(n);
    expect((await write(therapist, { id: o!.id, record: '步态训练 20 分钟，耐受良好' })).body.code).toBe(0);
    const edited = await write(therapist, { id: o!.id, record: '步态训练 25 分钟，耐受良好' });
    expect(edited.body.data.treatRecord).toBe('步态训练 25 分钟，耐受良好');
    const info = await api('GET', `/sys/referral/info/${o!.id}`, therapist);
    expect(info.body.data.treatRecord).toBe('步态训练 25 分钟，耐受良好');
    const records = info.body.data.history.filter((h: { action: string }) => h.action === 'record');
    expect(records.map((h: { reason: string }) => h.reason)).toEqual([
      '步态训练 20 分钟，耐受良好',
      '步态训练 25 分钟，耐受良好',
    ]);
  });

  it('option lists: queryComboBox by type, doctors, querySelectTh and querySelectDoctor by type', async () => {
    const { patientId, projectIds } = await patientWith([{ name: '平衡训练' }]);
    const combo = async (who: Who, body: unknown) => api('POST', '/sys/referral/queryComboBox', who, body);
    const projects = await combo(doctor, { type: 1, keyword: '平衡' });
    expect(projects.body.data.map((p: { id: number }) => p.id)).toContain(projectIds[0]);
    expect(projects.body.data.every((p: { name: string }) => p.name.includes('平衡'))).toBe(true);
    const patientsList = await combo(doctor, { type: 2 });
    expect(patientsList.body.data.map((p: { id: number }) => p.id)).toContain(patientId);
    const therapists = await combo(doctor, { type: '4' });
    expect(therapists.body.data.map((p: { id: number }) => p.id)).toContain(ref.therapistId);
    const equipment = await combo(doctor, { type: 3 });
    expect(equipment.body.data.map((e: { id: number }) => e.id)).toContain((await equipmentOf(true)).id);
    expect(equipment.body.data.map((e: { id: number }) => e.id)).not.toContain((await equipmentOf(false)).id);
    expect((await combo(doctor, { type: 5 })).status).toBe(400);
    expect((await combo(doctor, { type: 1, startDate: '2024-13-01' })).status).toBe(400);
    const theirs = await combo(other, { type: 2 });
    expect(theirs.body.data.map((p: { id: number }) => p.id)).not.toContain(patientId);
    const doctors = await api('POST', '/sys/referral/selectDoctorComboBox', doctor);
    expect(doctors.body.data.map((d: { id: number }) => d.id)).toContain(doctorId);
    const all = await api('GET', '/sys/referral/querySelectTh?type=1', doctor);
    expect(all.body.data.map((d: { id: number }) => d.id)).toContain(ref.therapistId);
    const today = await api('GET', '/sys/referral/querySelectTh?type=2', doctor);
    expect(today.body.data.map((d: { id: number }) => d.id)).toContain(ref.therapistId);
    expect((await api('GET', '/sys/referral/querySelectTh?type=3', doctor)).status).toBe(400);
    const docs = await api('GET', '/sys/referral/querySelectDoctor', doctor);
    expect(docs.body.data.map((d: { id: number }) => d.id)).toContain(doctorId);
    expect(docs.body.data.map((d: { id: number }) => d.id)).not.toContain(ref.therapistId);
    const otherDocs = await api('GET', '/sys/referral/querySelectDoctor?type=2', other);
    expect(otherDocs.body.data.map((d: { id: number }) => d.id)).not.toContain(doctorId);
  });

  it("a patient's therapists and bookings of the day; another organization's patient is not found", async () => {
    const { patientId } = await patientWith([{}]);
    const [o] = (
      await s.app.db
        .select()
        .from(workOrders)
        .where(and(eq(workOrders.patientId, patientId), eq(workOrders.treatDate, clinicToday())))
    ).slice(0, 1);
    const ths = await api('POST', '/sys/referral/querySelectTh4PatientScheduling', doctor, { patientId });
    expect(ths.body.data).toEqual([{ id: ref.therapistId, name: '李治疗师' }]);
    await s.app.db.insert(schedules).values({
      organizationId: doctor.organizationId,
      workOrderId: o!.id,
      treatDate: clinicToday(),
      startTime: '23:10',
      endTime: '23:40',
      therapistId: ref.therapistId,
      patientId,
    });
    const booked = await api('POST', '/sys/referral/getTodayPatientScheduling', doctor, { patientId });
    expect(booked.body.data.list).toEqual([
      expect.objectContaining({ workOrderId: o!.id, startTime: '23:10', therapistName: '李治疗师', status: 1 }),
    ]);
    const otherDay = await api('POST', '/sys/referral/getTodayPatientScheduling', doctor, {
      patientId,
      date: addDays(clinicToday(), 1),
    });
    expect(otherDay.body.data.list).toEqual([]);
    expect((await api('POST', '/sys/referral/getTodayPatientScheduling', other, { patientId })).status).toBe(404);
    expect((await api('POST', '/sys/referral/querySelectTh4PatientScheduling', other, { patientId })).status).toBe(404);
    expect((await api('POST', '/sys/referral/getTodayPatientScheduling', doctor, {})).status).toBe(400);
  });

  it("the executive code finds the project and creates today's order when it has none", async () => {
    const { patientId, projectIds } = await patientWith([{ times: 2 }]);
    const code = executiveCode(projectIds[0]!);
    const found = await api('POST', '/sys/recoveryproject/selectProjectByExecutiveCode', therapist, { code });
    expect(found.body.code, JSON.stringify(found.body)).toBe(0);
    expect(found.body.data).toMatchObject({ id: projectIds[0], patientId, executiveCode: code, active: true });
    expect(found.body.data.todayOrders).toHaveLength(1);
    const [today] = found.body.data.todayOrders as { id: number }[];
    // today's order exists: nothing created
    const again = await api('POST', '/sys/recoveryproject/createReferralByExecutiveCode', therapist, { code });
    expect(again.body.data).toMatchObject({ created: false, list: [expect.objectContaining({ id: today!.id })] });
    // invalidated (e.g. the patient came at another hour): the scan creates a new one for today
    await handle(therapist, { id: today!.id, action: 'invalidate', reason: '改时间' });
    const made = await api('POST', '/sys/recoveryproject/createReferralByExecutiveCode', therapist, { code });
    expect(made.body.data.created).toBe(true);
    expect(made.body.data.list).toEqual([expect.objectContaining({ treatDate: clinicToday(), seq: 2, status: 1 })]);
    const history = await api('GET', `/sys/referral/info/${made.body.data.list[0].id}`, therapist);
    expect(history.body.data.history.map((h: { action: string }) => h.action)).toEqual(['scan']);
    // refusals: a misread code, another organization, no permission, a disabled project
    const before = (await ordersOf(projectIds[0]!)).length;
    const misread = code.slice(0, -1) + String((Number(code.at(-1)) + 1) % 10);
    const bad = await api(
      'POST',
      '/sys/recoveryproject/createReferralByExecutiveCode',
      therapist,
      { code: misread },
      'en',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Invalid executive code');
    expect((await api('POST', '/sys/recoveryproject/selectProjectByExecutiveCode', therapist, {})).status).toBe(400);
    const foreign = await api('POST', '/sys/recoveryproject/createReferralByExecutiveCode', other, { code });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('本机构没有该执行码对应的治疗项目');
    expect((await api('POST', '/sys/recoveryproject/createReferralByExecutiveCode', nurse, { code })).status).toBe(403);
    await handle(therapist, { id: made.body.data.list[0].id, action: 'invalidate', reason: '停用' });
    await s.app.db.update(treatmentProjects).set({ status: 3 }).where(eq(treatmentProjects.id, projectIds[0]!));
    const disabled = await api('POST', '/sys/recoveryproject/createReferralByExecutiveCode', therapist, { code });
    expect(disabled.status).toBe(409);
    expect((await ordersOf(projectIds[0]!)).length).toBe(before);
  });
  it('the kept day counts equal a recount after every kind of write; the list pages through them in order', async () => {
    const db = s.app.db;
    const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
    const recount = async () =>
      (
        await rowsOf<{ k: string; n: number }>(sql`
          SELECT organization_id || '/' || treat_date || '/' || status || '/' || signed AS k, count(*)::int AS n
          FROM wo_work_order GROUP BY 1`)
      )
        .map((r) => `${r.k}=${r.n}`)
        .sort();
    const kept = async () =>
      (
        await rowsOf<{ k: string; n: number }>(sql`
          SELECT organization_id || '/' || treat_date || '/' || status || '/' || signed AS k, n
          FROM wo_day_count WHERE n <> 0`)
      )
        .map((r) => `${r.k}=${r.n}`)
        .sort();
    // the tests above registered, prescribed, executed, invalidated, expired and withdrew orders
    expect(await kept()).toEqual(await recount());
    // an update of many rows at once, one that changes none of the counted columns, an insertion and a deletion
    await db.execute(sql`UPDATE wo_work_order SET signed = NOT signed WHERE id % 3 = 0`);
    await db.execute(sql`UPDATE wo_work_order SET remark = 'x' WHERE id % 5 = 0`);
    await db.execute(sql`UPDATE wo_work_order SET signed = NOT signed WHERE id % 3 = 0`);
    expect(await kept()).toEqual(await recount());
    await db.execute(sql`
      INSERT INTO wo_work_order (organization_id, patient_id, treatment_id, project_id, exec_office_id, treat_date, seq,
        status)
      SELECT organization_id, patient_id, treatment_id, project_id, exec_office_id, treat_date, 99, status
      FROM wo_work_order WHERE id % 4 = 0`);
    expect(await kept()).toEqual(await recount());
    await db.execute(sql`DELETE FROM wo_work_order WHERE seq = 99`);
    expect(await kept()).toEqual(await recount());

    // the organization's list without a narrowing filter: the kept counts give the total and the days of a page,
    // in the order of the lists (today and the coming days first, then the past, most recent first)
    const today = clinicToday();
    const expected = (
      await rowsOf<{ id: number }>(sql`
        SELECT id FROM wo_work_order WHERE organization_id = ${doctor.organizationId}
        ORDER BY treat_date < ${today}, CASE WHEN treat_date >= ${today} THEN treat_date END, treat_date DESC,
          patient_id, project_id, seq`)
    ).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(20);
    const seen: number[] = [];
    for (let page = 1; seen.length < expected.length; page++) {
      const res = await api('POST', '/sys/referral/list', doctor, { page, limit: 7 });
      expect(res.body.data.totalCount).toBe(expected.length);
      expect(res.body.data.list.length).toBeGreaterThan(0);
      seen.push(...res.body.data.list.map((r: { id: number }) => r.id));
    }
    expect(seen).toEqual(expected);
    const past = await api('POST', '/sys/referral/list', doctor, { endDate: addDays(today, -1), status: 3, limit: 50 });
    const pastIds = (
      await rowsOf<{ id: number }>(sql`
        SELECT id FROM wo_work_order WHERE organization_id = ${doctor.organizationId} AND treat_date < ${today}
          AND status = 3 ORDER BY treat_date DESC, patient_id, project_id, seq LIMIT 50`)
    ).map((r) => r.id);
    expect(past.body.data.list.map((r: { id: number }) => r.id)).toEqual(pastIds);
    expect(past.body.data.totalCount).toBe(
      (
        await db
          .select({ n: count() })
          .from(workOrders)
          .where(sql`organization_id = ${doctor.organizationId} AND treat_date < ${today} AND status = 3`)
      )[0]!.n,
    );
    // a page past the end is empty and keeps the total
    const beyond = await api('POST', '/sys/referral/list', doctor, { page: 999, limit: 50 });
    expect(beyond.body.data).toMatchObject({ list: [], totalCount: expected.length });
  });
});
