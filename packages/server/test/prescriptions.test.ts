import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { idCheckChar } from '@rehab/shared';
import { offices } from '../src/db/schema';
import { patients, treatmentProjects } from '../src/modules/patients/patients.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

// Prescription management (/sys/treatment/prescriptionPage): the projects prescribed across patients, mine or all,
// each filter, paging, another organization's rows never listed, refusals 400/403, and the batch end it drives.

let s: TestServer;
type Who = { token: string; organizationId: number };
let doctor: Who;
let admin: Who;
let therapist: Who;
let other: Who;
let officeId: number;
let otherOfficeId: number;
let therapistId: number;
let ids: { mine: number[]; admins: number[]; patientId: number; treatmentId: number };

const api = (method: string, url: string, who: Who, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who.token, body, lang });
const page = (who: Who, body: Record<string, unknown> = {}, lang?: string) =>
  api('POST', '/sys/treatment/prescriptionPage', who, body, lang);
const listed = async (who: Who, body: Record<string, unknown> = {}) => {
  const res = await page(who, { limit: 1000, ...body });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data.list as { id: number; patientId: number; status: number; patientName: string }[];
};

let seq = 500;
function newIdNumber() {
  seq++;
  const first17 = `110105198${seq % 10}0${1 + (seq % 9)}1${seq % 10}${String(seq % 100).padStart(2, '0')}1`;
  return first17 + idCheckChar(first17);
}

beforeAll(async () => {
  s = await startTestServer();
  doctor = await s.loginInto(DEMO.doctor);
  admin = await s.loginInto(DEMO.orgAdmin);
  therapist = await s.loginInto(DEMO.therapist);
  other = await s.loginInto(DEMO.superAdmin, 1);
  if (other.organizationId === doctor.organizationId) other = await s.loginInto(DEMO.superAdmin, 0);
  const disease = await api('POST', '/sys/diseases/getDiseaseList', doctor, { keyword: 'ngs' });
  const functioning = await api('POST', '/sys/functioning/getFunctioningList', doctor, { keyword: '偏瘫' });
  const staff = await api('GET', '/sys/patient/staff', doctor);
  const own = await s.app.db.select().from(offices).where(eq(offices.organizationId, doctor.organizationId));
  officeId = own[1]!.id;
  otherOfficeId = own[0]!.id;
  therapistId = staff.body.data.therapists[0].id;
  const reg = await api('POST', '/sys/patient/saveOutPatient', doctor, {
    patientType: 1,
    name: '处方测试',
    idNumber: newIdNumber(),
    phone: '13911112222',
    diseaseId: disease.body.data[0].id,
    functioningId: functioning.body.data[0].id,
    officeId,
    outpatientNo: 'RX1',
  });
  expect(reg.body.code, JSON.stringify(reg.body)).toBe(0);
  const { patientId, treatmentId } = reg.body.data;
  const project = (name: string, exec: number) => ({
    name,
    execOfficeId: exec,
    quantity: 1,
    unitName: '次',
    times: 10,
    duration: 40,
    frequency: '1/2',
    unitPrice: 45.5,
  });
  const mine = await api('POST', '/sys/treatment/savRecipe', doctor, {
    treatmentId,
    projects: [project('处方甲', officeId), project('处方乙', otherOfficeId)],
  });
  expect(mine.body.code, JSON.stringify(mine.body)).toBe(0);
  const admins = await api('POST', '/sys/treatment/savRecipe', admin, {
    treatmentId,
    projects: [project('处方丙', officeId)],
  });
  expect(admins.body.code, JSON.stringify(admins.body)).toBe(0);
  ids = { mine: mine.body.data.ids, admins: admins.body.data.ids, patientId, treatmentId };
});
afterAll(async () => {
  await s.close();
});

describe('prescription page', () => {
  it('lists my prescriptions by default and every prescription of the organization with mine=0', async () => {
    const mine = (await listed(doctor)).map((r) => r.id);
    expect(mine).toEqual(expect.arrayContaining(ids.mine));
    expect(mine).not.toContain(ids.admins[0]);
    const all = (await listed(doctor, { mine: 0 })).map((r) => r.id);
    expect(all).toEqual(expect.arrayContaining([...ids.mine, ...ids.admins]));
  });

  it('answers the paged envelope with the patient, office and prescriber of each row', async () => {
    const res = await page(doctor, { mine: 0, limit: 2, page: 1 });
    expect(res.body.data).toMatchObject({ pageSize: 2, currPage: 1 });
    expect(res.body.data.list).toHaveLength(2);
    expect(res.body.data.totalCount).toBeGreaterThanOrEqual(3);
    const row = (await listed(doctor, { keyword: '处方测试' }))[0]! as Record<string, unknown>;
    expect(row).toMatchObject({
      patientId: ids.patientId,
      treatmentId: ids.treatmentId,
      patientName: '处方测试',
      status: 1,
      totalTimes: expect.any(Number),
      execOfficeName: expect.any(String),
      prescriberName: expect.any(String),
    });
  });

  it('filters by patient name, pinyin and initials, office, status, therapist and date', async () => {
    for (const keyword of ['处方测', 'chufang', 'CFC']) {
      const rows = await listed(doctor, { mine: 0, keyword });
      expect(new Set(rows.map((r) => r.patientId)), keyword).toEqual(new Set([ids.patientId]));
    }
    expect((await listed(doctor, { keyword: '处方测试', execOfficeId: otherOfficeId })).map((r) => r.id)).toEqual([
      ids.mine[1],
    ]);
    expect(await listed(doctor, { keyword: '处方测试', status: 2 })).toEqual([]);
    expect(await listed(doctor, { keyword: '处方测试', therapistId })).toEqual([]);
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect((await listed(doctor, { keyword: '处方测试', dateFrom: iso, dateTo: iso })).length).toBe(2);
    expect(await listed(doctor, { keyword: '处方测试', dateFrom: '2000-01-01', dateTo: '2000-01-02' })).toEqual([]);
  });

  it('follows the batch end and disable calls the screen uses', async () => {
    const end = await api('POST', '/sys/treatment/endProjects', doctor, { ids: [ids.mine[0]] });
    expect(end.body.code, JSON.stringify(end.body)).toBe(0);
    expect((await listed(doctor, { keyword: '处方测试', status: 2 })).map((r) => r.id)).toEqual([ids.mine[0]]);
    expect((await listed(doctor, { keyword: '处方测试', status: 1 })).map((r) => r.id)).toEqual([ids.mine[1]]);
    const disable = await api('POST', '/sys/treatment/disableProjects', doctor, { ids: [ids.admins[0]] });
    expect(disable.body.code).toBe(0);
    expect((await listed(doctor, { mine: 0, keyword: '处方测试', status: 3 })).map((r) => r.id)).toEqual(ids.admins);
  });

  it("never lists another organization's rows", async () => {
    const foreign = await listed(other, { mine: 0 });
    expect(foreign.map((r) => r.id)).not.toEqual(expect.arrayContaining([ids.mine[0]]));
    const patientIds = [...new Set(foreign.map((r) => r.patientId))];
    if (patientIds.length) {
      const [n] = await s.app.db.select({ n: count() }).from(patients).where(inArray(patients.id, patientIds));
      const own = await s.app.db
        .select({ id: patients.id, org: patients.organizationId })
        .from(patients)
        .where(inArray(patients.id, patientIds));
      expect(Number(n!.n)).toBe(patientIds.length);
      expect(own.every((p) => p.org === other.organizationId)).toBe(true);
    }
    const all = await listed(doctor, { mine: 0 });
    const projects = await s.app.db
      .select({ org: treatmentProjects.organizationId })
      .from(treatmentProjects)
      .where(
        inArray(
          treatmentProjects.id,
          all.map((r) => r.id),
        ),
      );
    expect(projects.every((p) => p.org === doctor.organizationId)).toBe(true);
  });

  it('refuses bad filters with 400 in the language of the request', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 4 }, 'status'],
      [{ mine: 2 }, 'mine'],
      [{ dateFrom: '2026-13-45x' }, 'dateFrom'],
      [{ dateFrom: '2026-02-02', dateTo: '2026-02-01' }, 'dateTo'],
      [{ execOfficeId: -1 }, 'execOfficeId'],
      [{ limit: 0 }, 'limit'],
      [{ unknown: 1 }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await page(doctor, body, 'en');
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(400);
      if (field) expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(field);
    }
    const zh = await page(doctor, { dateFrom: '2026-02-02', dateTo: '2026-02-01' }, 'zh-CN');
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('refuses a therapist without the permission (403)', async () => {
    expect((await page(therapist)).status).toBe(403);
  });
});
