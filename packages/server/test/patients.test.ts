import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { endpoints, idCheckChar } from '@rehab/shared';
import { responseProblem } from '../src/http/register-routes';
import { offices } from '../src/db/schema';
import { patients, treatmentProjects, treatments } from '../src/modules/patients/patients.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

// Patients, courses and treatment projects over HTTP: every call's success and its refusals (400 naming the field
// with nothing written, 403 without the permission, 404 for another organization's rows, 409 conflicts).

let s: TestServer;
type Who = { token: string; organizationId: number };
let doctor: Who;
let therapist: Who;
let other: Who;
let ref: { diseaseId: number; functioningId: number; officeId: number; otherOfficeId: number; therapistId: number };

const api = (method: string, url: string, who: Who, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who.token, body, lang });

let seq = 100;
/** A fresh valid identity number (Beijing, 1970s, computed check digit). */
function newIdNumber(sexDigit = 1) {
  seq++;
  const first17 = `110105197${seq % 10}0${1 + (seq % 9)}1${seq % 10}${String(seq % 100).padStart(2, '0')}${sexDigit}`;
  return first17 + idCheckChar(first17);
}

const rows = async (table: typeof patients | typeof treatments | typeof treatmentProjects) =>
  Number((await s.app.db.select({ n: count() }).from(table))[0]!.n);

function registration(extra: Record<string, unknown> = {}) {
  return {
    patientType: 1,
    name: '测试患者',
    idNumber: newIdNumber(),
    phone: '13911112222',
    diseaseId: ref.diseaseId,
    functioningId: ref.functioningId,
    officeId: ref.officeId,
    outpatientNo: `T${seq}`,
    ...extra,
  };
}

async function register(extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/sys/patient/saveOutPatient', doctor, registration(extra));
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as { patientId: number; treatmentId: number };
}

function project(extra: Record<string, unknown> = {}) {
  return {
    name: '运动疗法',
    execOfficeId: ref.officeId,
    quantity: 1,
    unitName: '次',
    times: 10,
    duration: 40,
    frequency: '1/2',
    unitPrice: 45.5,
    ...extra,
  };
}

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
  const foreign = await s.app.db.select().from(offices).where(eq(offices.organizationId, other.organizationId));
  ref = {
    diseaseId: disease.body.data[0].id,
    functioningId: functioning.body.data[0].id,
    officeId: own[1]!.id,
    otherOfficeId: foreign[0]!.id,
    therapistId: staff.body.data.therapists[0].id,
  };
});
afterAll(async () => {
  await s.close();
});

describe('disease and functional diagnosis search', () => {
  it('matches Chinese text, pinyin and pinyin initials, and the code', async () => {
    for (const keyword of ['脑梗', 'naogeng', 'NGS', 'I63']) {
      const res = await api('POST', '/sys/diseases/getDiseaseList', doctor, { keyword });
      expect(
        res.body.data.map((d: { name: string }) => d.name),
        keyword,
      ).toContain('脑梗死');
    }
    const fn = await api('POST', '/sys/functioning/getFunctioningList', doctor, { keyword: 'tyza' });
    expect(fn.body.data.map((d: { name: string }) => d.name)).toEqual(['吞咽障碍']);
  });

  it('answers English names in English and at most 50 rows', async () => {
    const res = await api('POST', '/sys/diseases/getDiseaseList', doctor, { keyword: 'ngs' }, 'en');
    expect(res.body.data[0].name).toBe('Cerebral infarction');
    const bad = await api('POST', '/sys/diseases/getDiseaseList', doctor, { limit: 51 });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('limit');
  });

  it('keeps pinyin up to date when a disease is renamed through the engine', async () => {
    const admin = await s.loginInto(DEMO.orgAdmin);
    const saved = await api('POST', '/sys/diseases/save', admin, { name: '周围神经损伤', category: 1 });
    expect(saved.body.code).toBe(0);
    const found = await api('POST', '/sys/diseases/getDiseaseList', doctor, { keyword: 'zwsjss' });
    expect(found.body.data.map((d: { id: number }) => d.id)).toEqual([saved.body.data.id]);
    const other2 = await api('POST', '/sys/diseases/getDiseaseList', other, { keyword: 'zwsjss' });
    expect(other2.body.data).toEqual([]);
  });
});

describe('registration', () => {
  it('registers an outpatient, deriving birthday, sex, age and region from the identity number', async () => {
    const idNumber = newIdNumber(2);
    const { patientId, treatmentId } = await register({ idNumber, name: '王小红' });
    const info = await api('GET', `/sys/patient/outPatient/${patientId}`, doctor);
    expect(info.body.data).toMatchObject({ name: '王小红', idNumber, sex: 2, region: '北京' });
    expect(info.body.data.birthday).toBe(
      `${idNumber.slice(6, 10)}-${idNumber.slice(10, 12)}-${idNumber.slice(12, 14)}`,
    );
    expect(info.body.data.age).toBeGreaterThan(40);
    const en = await api('GET', `/sys/patient/outPatient/${patientId}`, doctor, undefined, 'en');
    expect(en.body.data.region).toBe('Beijing');
    expect(info.body.data.courses[0]).toMatchObject({ id: treatmentId, status: 1, patientType: 1 });
  });

  it('registers an inpatient with every patient field', async () => {
    const full = registration({
      patientType: 2,
      inpatientNo: 'ZY900001',
      visitNo: 'V1',
      bedNo: '5-01',
      roomNo: '501',
      headNurse: '护士长',
      chiefComplaint: '左侧肢体无力 2 周',
      specialNotes: '跌倒高风险',
      nursingLevel: 2,
      costType: 2,
      source: 3,
      sourceOrganization: '市第一医院',
      sourceOffice: '神经内科',
      tcmDiagnosis: '中风-中经络',
      doctorId: undefined,
      therapistId: ref.therapistId,
      email: 'patient@example.com',
      socialSecurityNo: 'SS123',
      maritalStatus: 2,
      nationality: '中国',
      education: 4,
      address: '北京市朝阳区',
      contactPerson: '家属',
      contactPhone: '010-12345678',
      relation: '配偶',
      emergencyPhone: '13900001111',
      profession: '教师',
      weight: 65.5,
      height: 170,
      thighLength: 45.5,
      calfLength: 38,
      pelvicWidth: 30,
      dysfunctionSide: 1,
      hisId: 'HIS-1',
    });
    const res = await api('POST', '/sys/patient/saveOutPatient', doctor, full);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const info = await api('GET', `/sys/patient/outPatient/${res.body.data.patientId}`, doctor);
    expect(info.body.data).toMatchObject({ weight: 65.5, height: 170, dysfunctionSide: 1, hisId: 'HIS-1' });
    expect(info.body.data.courses[0]).toMatchObject({ bedNo: '5-01', inpatientNo: 'ZY900001', nursingLevel: 2 });
  });

  it.each([
    [{ phone: '' }, 'phone', 'patient.phoneRequired'],
    [{ phone: '1391111' }, 'phone', 'validation.phoneFormat'],
    [{ diseaseId: undefined }, 'diseaseId', 'patient.diseaseRequired'],
    [{ functioningId: '' }, 'functioningId', 'patient.functioningRequired'],
    [{ idNumber: '110105197001011234' }, 'idNumber', 'idcard.checkDigit'],
    [{ idNumber: '12345' }, 'idNumber', 'idcard.length'],
    [{ idNumber: undefined }, 'sex', 'patient.sexRequired'],
    [{ patientType: 2 }, 'inpatientNo', 'patient.inpatientNoRequired'],
    [{ weight: 65.55 }, 'weight', 'validation.oneDecimal'],
    [{ height: 301 }, 'height', 'validation.tooBig'],
    [{ unknown: 1 }, 'unknown', 'validation.unknownField'],
  ])('refuses %j with 400 naming %s, writing nothing', async (change, field, key) => {
    const before = [await rows(patients), await rows(treatments)];
    const res = await api('POST', '/sys/patient/saveOutPatient', doctor, { ...registration(), ...change });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, field, msgKey: key });
    expect([await rows(patients), await rows(treatments)]).toEqual(before);
  });

  it('answers the identity number messages in the caller language', async () => {
    const zh = await api(
      'POST',
      '/sys/patient/saveOutPatient',
      doctor,
      registration({ idNumber: '99010519491231002X' }),
    );
    expect(zh.body.msg).toBe('身份证号地区编码错误');
    const en = await api(
      'POST',
      '/sys/patient/saveOutPatient',
      doctor,
      registration({ idNumber: '99010519491231002X' }),
      'en',
    );
    expect(en.body.msg).toBe('The region code of the ID number is wrong');
  });

  it('refuses a disease, office or therapist of another organization with 400', async () => {
    const foreign = await api('POST', '/sys/diseases/getDiseaseList', other, { keyword: 'ngs' });
    for (const [change, field] of [
      [{ diseaseId: foreign.body.data[0].id }, 'diseaseId'],
      [{ officeId: ref.otherOfficeId }, 'officeId'],
      [{ therapistId: 999999 }, 'therapistId'],
    ] as const) {
      const before = await rows(patients);
      const res = await api('POST', '/sys/patient/saveOutPatient', doctor, registration(change));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(await rows(patients)).toBe(before);
    }
  });

  it('refuses a second active course of one identity number with 409 naming the patient', async () => {
    const idNumber = newIdNumber();
    const first = await register({ idNumber, name: '重复患者' });
    const before = await rows(treatments);
    const again = await api(
      'POST',
      '/sys/patient/saveOutPatient',
      doctor,
      registration({ idNumber, name: '重复患者' }),
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      msgKey: 'patient.activeCourse',
      patientId: first.patientId,
      treatmentId: first.treatmentId,
    });
    expect(again.body.msg).toContain('重复患者');
    expect(await rows(treatments)).toBe(before);
    // another organization may register the same person
    const elsewhere = await api('POST', '/sys/diseases/getDiseaseList', other, {});
    const fn = await api('POST', '/sys/functioning/getFunctioningList', other, {});
    const office = (await s.app.db.select().from(offices).where(eq(offices.organizationId, other.organizationId)))[0]!;
    const there = await api('POST', '/sys/patient/saveOutPatient', other, {
      ...registration({ idNumber }),
      diseaseId: elsewhere.body.data[0].id,
      functioningId: fn.body.data[0].id,
      officeId: office.id,
    });
    expect(there.body.code).toBe(0);
  });

  it('needs the permission: a therapist cannot register (403)', async () => {
    const before = await rows(patients);
    const res = await api('POST', '/sys/patient/saveOutPatient', therapist, registration());
    expect(res.status).toBe(403);
    expect(await rows(patients)).toBe(before);
  });

  it('updates a patient and refuses another organization with 404', async () => {
    const { patientId, treatmentId } = await register({ name: '待修改' });
    const body = { ...registration({ name: '已修改', bedNo: '9-9' }), id: patientId, treatmentId };
    const res = await api('POST', '/sys/patient/updateOutPatient', doctor, body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const info = await api('GET', `/sys/patient/outPatient/${patientId}`, doctor);
    expect(info.body.data.name).toBe('已修改');
    expect((await api('POST', '/sys/patient/updateOutPatient', other, body)).status).toBe(404);
    expect((await api('GET', `/sys/patient/outPatient/${patientId}`, other)).status).toBe(404);
    expect((await api('POST', '/sys/patient/updateOutPatient', doctor, { ...body, phone: 'x' })).body.field).toBe(
      'phone',
    );
  });
});

describe('patient list', () => {
  it('finds by name prefix, pinyin, initials, identity number and patient number, paged', async () => {
    const idNumber = newIdNumber();
    const { treatmentId } = await register({ name: '欧阳振华', idNumber, outpatientNo: 'MZ-OY-1' });
    for (const keyword of ['欧阳', 'ouyang', 'oyzh', idNumber.slice(0, 12)]) {
      const res = await api('POST', '/sys/patient/queryOutPatientPage', doctor, { keyword });
      expect(
        res.body.data.list.map((r: { treatmentId: number }) => r.treatmentId),
        keyword,
      ).toContain(treatmentId);
    }
    const byNo = await api('POST', '/sys/patient/queryOutPatientPage', doctor, { patientNo: 'MZ-OY-1' });
    expect(byNo.body.data.list).toHaveLength(1);
    const page = await api('POST', '/sys/patient/queryOutPatientPage', doctor, { page: 2, limit: 3 });
    expect(page.body.data).toMatchObject({ currPage: 2, pageSize: 3 });
    expect(page.body.data.list.length).toBeLessThanOrEqual(3);
    const none = await api('POST', '/sys/patient/queryOutPatientPage', other, { keyword: 'oyzh' });
    expect(none.body.data.totalCount).toBe(0);
  });

  it('answers as its contract says, though the answer is sent as kept bytes (the response check does not see it)', async () => {
    await register();
    for (const lang of ['zh-CN', 'en']) {
      const res = await api('POST', '/sys/patient/queryOutPatientPage', doctor, { limit: 20 }, lang);
      expect(res.body.data.list.length).toBeGreaterThan(0);
      expect(responseProblem(endpoints.patients.page.response, res.body), lang).toBeNull();
    }
  });

  it('filters mine, unassigned, office and registration date; refuses bad filters', async () => {
    const mine = await api('POST', '/sys/patient/queryOutPatientPage', therapist, { mine: 1, limit: 100 });
    expect(mine.body.data.totalCount).toBeGreaterThan(0);
    const unassigned = await api('POST', '/sys/patient/queryOutPatientPage', doctor, { unassigned: 1, limit: 100 });
    expect(unassigned.body.data.list.every((r: { unassignedCount: number }) => r.unassignedCount > 0)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await api('POST', '/sys/patient/queryOutPatientPage', doctor, {
      registerFrom: today,
      registerTo: today,
      officeId: ref.officeId,
    });
    expect(dated.body.code).toBe(0);
    const bad = await api('POST', '/sys/patient/queryOutPatientPage', doctor, { registerFrom: '2026/01/01' });
    expect(bad.body).toMatchObject({ code: 400, field: 'registerFrom' });
    expect((await api('POST', '/sys/patient/queryOutPatientPage', { token: 'x', organizationId: 0 }, {})).status).toBe(
      401,
    );
  });
});

describe('courses', () => {
  it('cancels an outpatient registration; not twice, not another organization', async () => {
    const { treatmentId } = await register();
    expect((await api('POST', '/sys/patient/cancelRegister', other, { treatmentId })).status).toBe(404);
    expect((await api('POST', '/sys/patient/cancelRegister', therapist, { treatmentId })).status).toBe(403);
    expect((await api('POST', '/sys/patient/cancelRegister', doctor, { treatmentId })).body.code).toBe(0);
    expect((await api('POST', '/sys/patient/cancelRegister', doctor, { treatmentId })).status).toBe(409);
    expect((await api('POST', '/sys/patient/cancelRegister', doctor, {})).body.field).toBe('treatmentId');
  });

  it('ends a course, then reopens it as a new course with its projects', async () => {
    const { patientId, treatmentId } = await register();
    await api('POST', '/sys/treatment/savRecipe', doctor, { treatmentId, projects: [project()] });
    expect((await api('POST', '/sys/patient/endTreatment', doctor, { treatmentId })).body.code).toBe(0);
    const ended = await api('POST', '/sys/treatment/queryRecipeDetail', doctor, { patientId, treatmentId, type: 2 });
    expect(ended.body.data[0].status).toBe(2);
    expect((await api('POST', '/sys/patient/endTreatment', doctor, { treatmentId })).status).toBe(409);
    const reopened = await api('POST', '/sys/patient/registerOutPatient', doctor, {
      patientId,
      basedOnId: treatmentId,
    });
    expect(reopened.body.code, JSON.stringify(reopened.body)).toBe(0);
    const next = await api('POST', '/sys/treatment/queryRecipeDetail', doctor, {
      patientId,
      treatmentId: reopened.body.data.treatmentId,
      type: 1,
    });
    expect(next.body.data).toHaveLength(1);
    expect(next.body.data[0]).toMatchObject({ status: 1, treatedTimes: 0 });
    const twice = await api('POST', '/sys/patient/registerOutPatient', doctor, { patientId, basedOnId: treatmentId });
    expect(twice.status).toBe(409);
    expect(
      (await api('POST', '/sys/patient/registerOutPatient', other, { patientId, basedOnId: treatmentId })).status,
    ).toBe(404);
  });

  it('discharges from a chosen time, not before registration nor in the future', async () => {
    const registerTime = new Date(Date.now() - 3_600_000).toISOString();
    const { treatmentId } = await register({ patientType: 2, inpatientNo: 'ZY-D1', registerTime });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (await api('POST', '/sys/patient/discharge', doctor, { treatmentId, dischargeTime: future })).body,
    ).toMatchObject({
      code: 400,
      field: 'dischargeTime',
    });
    expect(
      (await api('POST', '/sys/patient/discharge', doctor, { treatmentId, dischargeTime: '2000-01-01T00:00:00Z' })).body
        .field,
    ).toBe('dischargeTime');
    const at = new Date(Date.now() - 1000).toISOString();
    expect((await api('POST', '/sys/patient/discharge', other, { treatmentId, dischargeTime: at })).status).toBe(404);
    expect((await api('POST', '/sys/patient/discharge', doctor, { treatmentId, dischargeTime: at })).body.code).toBe(0);
    const list = await api('POST', '/sys/patient/queryOutPatientPage', doctor, { courseStatus: 2, patientNo: 'ZY-D1' });
    expect(list.body.data.list[0]).toMatchObject({ status: 3 });
    expect(list.body.data.list[0].dischargeTime).toBeTruthy();
  });
});

describe('treatment projects', () => {
  it('prescribes with derived amounts and lists progress', async () => {
    const { patientId, treatmentId } = await register();
    const res = await api('POST', '/sys/treatment/savRecipe', doctor, {
      treatmentId,
      projects: [
        project(),
        project({
          name: '针灸',
          frequency: '2',
          times: 5,
          quantity: 2,
          unitPrice: 35,
          bedside: true,
          shortLong: 2,
          workdaySetting: 1,
          linkName: '一次性针具',
          linkPrice: 2.5,
          linkMethod: 2,
          therapistId: ref.therapistId,
        }),
      ],
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const list = await api('POST', '/sys/treatment/queryRecipeDetail', doctor, { patientId, treatmentId });
    expect(list.body.data[0]).toMatchObject({
      name: '运动疗法',
      totalTimes: 5,
      totalDosage: 5,
      totalPrice: 227.5,
      therapistId: null,
    });
    expect(list.body.data[1]).toMatchObject({
      totalTimes: 10,
      totalDosage: 20,
      dailyTotalDosage: 4,
      totalPrice: 700,
      bedside: true,
      linkPrice: 2.5,
    });
    const one = await api('GET', `/sys/treatment/project/${list.body.data[0].id}`, doctor);
    expect(one.body.data.name).toBe('运动疗法');
    // issue 21: the unit the prescriber wrote ("次") reads in the reader's language, as unit master data names it
    expect(one.body.data.unitName).toBe('次');
    const en = await api('GET', `/sys/treatment/project/${list.body.data[0].id}`, doctor, undefined, 'en');
    expect(en.body.data.unitName).toBe('session');
    expect((await api('GET', `/sys/treatment/project/${list.body.data[0].id}`, other)).status).toBe(404);
  });

  it.each([
    [{ frequency: '1/4' }, 'projects.0.frequency', 'validation.frequency'],
    [{ unitPrice: 0 }, 'projects.0.unitPrice', 'validation.tooSmall'],
    [{ unitPrice: 12.345 }, 'projects.0.unitPrice', 'validation.priceFormat'],
    [{ times: 10000 }, 'projects.0.times', 'validation.tooBig'],
    [{ duration: 0 }, 'projects.0.duration', 'validation.tooSmall'],
  ])('refuses %j with 400 naming %s, writing nothing', async (change, field, key) => {
    const { treatmentId } = await register();
    const before = await rows(treatmentProjects);
    const res = await api('POST', '/sys/treatment/savRecipe', doctor, { treatmentId, projects: [project(change)] });
    expect(res.body).toMatchObject({ code: 400, field, msgKey: key });
    expect(await rows(treatmentProjects)).toBe(before);
  });

  it('refuses another organization office (400), course (404) and a therapist (403)', async () => {
    const { treatmentId } = await register();
    const before = await rows(treatmentProjects);
    const office = await api('POST', '/sys/treatment/savRecipe', doctor, {
      treatmentId,
      projects: [project(), project({ execOfficeId: ref.otherOfficeId })],
    });
    expect(office.body).toMatchObject({ code: 400, field: 'projects.1.execOfficeId' });
    expect((await api('POST', '/sys/treatment/savRecipe', other, { treatmentId, projects: [project()] })).status).toBe(
      404,
    );
    expect(
      (await api('POST', '/sys/treatment/savRecipe', therapist, { treatmentId, projects: [project()] })).status,
    ).toBe(403);
    expect(await rows(treatmentProjects)).toBe(before);
  });

  it('assigns a therapist to unassigned projects, refusing a conflict; counts the unassigned', async () => {
    const { patientId, treatmentId } = await register();
    await api('POST', '/sys/treatment/savRecipe', doctor, {
      treatmentId,
      projects: [project(), project({ therapistId: ref.therapistId })],
    });
    const list = (await api('POST', '/sys/treatment/queryRecipeDetail', doctor, { patientId, treatmentId })).body.data;
    const count0 = (await api('POST', '/sys/patient/unAssignedCount', doctor, {})).body.data.unAssignedCount;
    const home = await api('GET', `/sys/index/info/${doctor.organizationId}/0`, doctor);
    expect(home.body.data.unAssignedCount).toBe(count0);
    const conflict = await api('POST', '/sys/treatment/assignTherapist', doctor, {
      ids: list.map((p: { id: number }) => p.id),
      therapistId: ref.therapistId,
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.msg).toBe('分配失败！');
    const en = await api(
      'POST',
      '/sys/treatment/assignTherapist',
      doctor,
      { ids: [list[1].id], therapistId: ref.therapistId },
      'en',
    );
    expect(en.body.msg).toBe('Assignment failed!');
    expect(
      (await api('POST', '/sys/treatment/assignTherapist', other, { ids: [list[0].id], therapistId: ref.therapistId }))
        .status,
    ).toBe(404);
    const wrong = await api('POST', '/sys/treatment/assignTherapist', doctor, {
      ids: [list[0].id],
      therapistId: doctor.organizationId === 0 ? 1 : 999999,
    });
    expect(wrong.body).toMatchObject({ code: 400, field: 'therapistId' });
    const ok = await api('POST', '/sys/treatment/assignTherapist', doctor, {
      ids: [list[0].id],
      therapistId: ref.therapistId,
    });
    expect(ok.body.code).toBe(0);
    expect((await api('POST', '/sys/patient/unAssignedCount', doctor, {})).body.data.unAssignedCount).toBe(count0 - 1);
    expect(
      (await api('POST', '/sys/patient/unAssignedCount', doctor, { treatOfficeIds: [ref.otherOfficeId] })).body.data
        .unAssignedCount,
    ).toBe(0);
  });

  it('keeps the unassigned counts equal to a recount through prescriptions, assignments and course changes', async () => {
    const db = s.app.db;
    const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
    const recount = async () =>
      (
        await rowsOf<{ k: string }>(sql`
          SELECT p.organization_id || '/' || p.exec_office_id || '=' || count(*) AS k FROM pat_treatment_project p
          JOIN pat_treatment t ON t.id = p.treatment_id
          WHERE p.therapist_id IS NULL AND p.team_id IS NULL AND p.status = 1 AND t.status = 1
          GROUP BY p.organization_id, p.exec_office_id`)
      )
        .map((r) => r.k)
        .sort();
    const kept = async () =>
      (
        await rowsOf<{ k: string }>(
          sql`SELECT organization_id || '/' || exec_office_id || '=' || n AS k FROM pat_unassigned_count WHERE n <> 0`,
        )
      )
        .map((r) => r.k)
        .sort();
    // the tests above registered, prescribed, assigned, ended and reopened courses through the API
    expect(await kept()).toEqual(await recount());
    const { treatmentId } = await register();
    await api('POST', '/sys/treatment/savRecipe', doctor, { treatmentId, projects: [project(), project()] });
    expect(await kept()).toEqual(await recount());
    // a course that stops being active takes its unassigned projects away, and gives them back when active again
    await db.execute(sql`UPDATE pat_treatment SET status = 2 WHERE id = ${treatmentId}`);
    expect(await kept()).toEqual(await recount());
    await db.execute(sql`UPDATE pat_treatment SET status = 1 WHERE id = ${treatmentId}`);
    expect(await kept()).toEqual(await recount());
    // many projects at once: made unassigned, then given a therapist again, stopped, moved, deleted
    await db.execute(
      sql`UPDATE pat_treatment_project SET team_id = NULL, therapist_id = NULL WHERE treatment_id = ${treatmentId}`,
    );
    expect(await kept()).toEqual(await recount());
    await db.execute(sql`UPDATE pat_treatment_project SET status = 2 WHERE treatment_id = ${treatmentId}`);
    expect(await kept()).toEqual(await recount());
    await db.execute(sql`UPDATE pat_treatment_project SET status = 1 WHERE treatment_id = ${treatmentId}`);
    await db.execute(sql`
      UPDATE pat_treatment_project SET exec_office_id = ${ref.otherOfficeId}
      WHERE id = (SELECT min(id) FROM pat_treatment_project WHERE treatment_id = ${treatmentId})`);
    expect(await kept()).toEqual(await recount());
    await db.execute(sql`
      DELETE FROM pat_treatment_project p WHERE treatment_id = ${treatmentId}
        AND NOT EXISTS (SELECT 1 FROM wo_work_order w WHERE w.project_id = p.id)`);
    expect(await kept()).toEqual(await recount());
  });

  it('numbers outpatients registered without a number from the organization counter, never twice', async () => {
    const numberOf = async (treatmentId: number) => {
      const [row] = await s.app.db
        .select({ no: treatments.outpatientNo })
        .from(treatments)
        .where(eq(treatments.id, treatmentId));
      return row!.no;
    };
    // eight registrations at once: eight consecutive numbers of this year's counter
    const made = await Promise.all(
      Array.from({ length: 8 }, () =>
        api('POST', '/sys/patient/saveOutPatient', doctor, registration({ outpatientNo: undefined })),
      ),
    );
    for (const r of made) expect(r.body.code, JSON.stringify(r.body)).toBe(0);
    const numbers = await Promise.all(made.map((r) => numberOf(r.body.data.treatmentId)));
    const year = s.app.calendar.today().slice(0, 4);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^MZ${year}\\d{6}$`));
    const seqs = numbers.map((n) => Number(n!.slice(-6))).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(8);
    expect(seqs[7]! - seqs[0]!).toBe(7);
    // a number the hospital system gave is kept; an inpatient gets no outpatient number
    expect(await numberOf((await register({ outpatientNo: 'HIS-778' })).treatmentId)).toBe('HIS-778');
    const inpatient = await register({ patientType: 2, outpatientNo: undefined, inpatientNo: `ZY${Date.now()}` });
    expect(await numberOf(inpatient.treatmentId)).toBeNull();
  });

  it("gives a project prescribed without a therapist to the course's therapist, so the work reaches someone", async () => {
    const { patientId, treatmentId } = await register({ therapistId: ref.therapistId });
    const saved = await api('POST', '/sys/treatment/savRecipe', doctor, { treatmentId, projects: [project()] });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const list = (await api('POST', '/sys/treatment/queryRecipeDetail', doctor, { patientId, treatmentId })).body.data;
    expect(list.map((p: { therapistId: number | null }) => p.therapistId)).toEqual([ref.therapistId]);
  });

  it('batch ends and disables projects; only those in progress', async () => {
    const { patientId, treatmentId } = await register();
    await api('POST', '/sys/treatment/savRecipe', doctor, { treatmentId, projects: [project(), project(), project()] });
    const ids = (
      await api('POST', '/sys/treatment/queryRecipeDetail', doctor, { patientId, treatmentId })
    ).body.data.map((p: { id: number }) => p.id);
    expect((await api('POST', '/sys/treatment/endProjects', doctor, { ids: ids.slice(0, 2) })).body.code).toBe(0);
    const failed = await api('POST', '/sys/treatment/endProjects', doctor, { ids });
    expect(failed.body).toMatchObject({ code: 409, msg: '批量结束项目失败！' });
    expect((await api('POST', '/sys/treatment/disableProjects', doctor, { ids: [ids[2]] })).body.code).toBe(0);
    const all = (await api('POST', '/sys/treatment/queryRecipeDetail', doctor, { patientId, treatmentId, type: 2 }))
      .body.data;
    expect(all.map((p: { status: number }) => p.status).sort()).toEqual([2, 2, 3]);
    expect((await api('POST', '/sys/treatment/endProjects', doctor, { ids: [] })).body.field).toBe('ids');
    expect((await api('POST', '/sys/treatment/endProjects', other, { ids: [ids[0]] })).status).toBe(404);
    const upd = await api('POST', '/sys/treatment/updateProject', doctor, { id: ids[0], ...project() });
    expect(upd.status).toBe(409);
  });

  it('updates a project in progress and recomputes its price', async () => {
    const { patientId, treatmentId } = await register();
    await api('POST', '/sys/treatment/savRecipe', doctor, { treatmentId, projects: [project()] });
    const [p] = (await api('POST', '/sys/treatment/queryRecipeDetail', doctor, { patientId, treatmentId })).body.data;
    const res = await api('POST', '/sys/treatment/updateProject', doctor, {
      id: p.id,
      ...project({ frequency: '1', times: 4 }),
    });
    expect(res.body.code).toBe(0);
    const [q] = (await api('POST', '/sys/treatment/queryRecipeDetail', doctor, { patientId, treatmentId })).body.data;
    expect(q).toMatchObject({ totalTimes: 4, totalPrice: 182 });
  });
});

describe('combo templates and project template select box', () => {
  it('saves, lists, reads, updates and deletes a combo', async () => {
    const admin = await s.loginInto(DEMO.orgAdmin);
    const templates = (await api('GET', '/sys/projecttemplate/selectBox', doctor)).body.data;
    expect(templates.find((t: { name: string }) => t.name === '针灸')).toMatchObject({ unitPrice: 35, unitName: '次' });
    const saved = await api('POST', '/sys/comboTemplate/saveOrUpdate', admin, {
      name: '脑卒中套餐',
      items: [{ templateId: templates[0].id }, { templateId: templates[1].id, quantity: 2 }],
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    expect(saved.body.data.items).toHaveLength(2);
    const dup = await api('POST', '/sys/comboTemplate/saveOrUpdate', admin, {
      name: '脑卒中套餐',
      items: [{ templateId: templates[0].id }],
    });
    expect(dup.status).toBe(409);
    const page = await api('POST', '/sys/comboTemplate/pageInfo', doctor, { name: '脑卒中' });
    expect(page.body.data.list[0].items[1].quantity).toBe(2);
    const upd = await api('POST', '/sys/comboTemplate/saveOrUpdate', admin, {
      id: saved.body.data.id,
      name: '脑卒中套餐',
      items: [{ templateId: templates[2].id }],
    });
    expect(upd.body.data.items).toHaveLength(1);
    expect((await api('GET', `/sys/comboTemplate/info/${saved.body.data.id}`, other)).status).toBe(404);
    const foreign = (await api('GET', '/sys/projecttemplate/selectBox', other)).body.data[0].id;
    const bad = await api('POST', '/sys/comboTemplate/saveOrUpdate', admin, {
      name: 'X',
      items: [{ templateId: foreign }],
    });
    expect(bad.body).toMatchObject({ code: 400, field: 'items.0.templateId' });
    expect(
      (
        await api('POST', '/sys/comboTemplate/saveOrUpdate', doctor, {
          name: 'Y',
          items: [{ templateId: templates[0].id }],
        })
      ).status,
    ).toBe(403);
    expect((await api('POST', '/sys/comboTemplate/delete', other, { ids: [saved.body.data.id] })).status).toBe(404);
    expect((await api('POST', '/sys/comboTemplate/delete', admin, { ids: [saved.body.data.id] })).body.code).toBe(0);
  });
});

describe('treatment card', () => {
  it('prints a PDF of the course with the card number; 404 for another organization', async () => {
    const { treatmentId } = await register({ outpatientNo: 'MZCARD01' });
    const res = await fetch(`${s.base}/api/sys/patient/treatmentCard/${treatmentId}`, {
      headers: { token: doctor.token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.includes('Noto')).toBe(true);
    expect((await api('GET', `/sys/patient/treatmentCard/${treatmentId}`, other)).status).toBe(404);
    expect((await api('GET', '/sys/patient/treatmentCard/abc', doctor)).status).toBe(400);
  });
});

describe('diagnosis search in English', () => {
  it('matches the English name too', async () => {
    const res = await api('POST', '/sys/diseases/getDiseaseList', doctor, { keyword: 'knee' }, 'en');
    expect(res.body.data.map((d: { name: string }) => d.name)).toEqual(['After knee replacement']);
  });
});
