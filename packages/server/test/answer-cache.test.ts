import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { idCheckChar } from '@rehab/shared';
import { offices } from '../src/db/schema';
import { dataVersionOf } from '../src/db/data-version';
import { queryRows } from '../src/db/migrate';
import { DEMO, startTestServer, type TestServer } from './harness';

// The patient list and the schedule view keep their answers per organization and data version (migration 0019,
// db/data-version.ts): a write through the API, or straight in SQL as another server process would make it, shows in
// the very next answer; another organization's answers stay; a "mine" list is never shared between users.

let s: TestServer;
type Who = { token: string; organizationId: number };
let doctor: Who;
let therapist: Who;
let other: Who;

const api = (url: string, who: Who, body?: unknown) => s.api('POST', `/api${url}`, { token: who.token, body });
const list = async (who: Who, body: Record<string, unknown> = {}) => {
  const res = await api('/sys/patient/queryOutPatientPage', who, body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as { totalCount: number; list: Record<string, any>[] };
};
const exec = (query: ReturnType<typeof sql>) => s.app.db.execute(query);

beforeAll(async () => {
  s = await startTestServer();
  doctor = await s.loginInto(DEMO.doctor);
  therapist = await s.loginInto(DEMO.therapist);
  other = await s.loginInto(DEMO.superAdmin, 1);
  if (other.organizationId === doctor.organizationId) other = await s.loginInto(DEMO.superAdmin, 0);
});
afterAll(async () => {
  await s.close();
});

describe('patient list answers kept per data version', () => {
  it('shows a patient registered through the API in the next list, with the total one higher', async () => {
    const before = await list(doctor, { courseStatus: 0 });
    expect(await list(doctor, { courseStatus: 0 })).toEqual(before);
    const disease = await api('/sys/diseases/getDiseaseList', doctor, { keyword: 'ngs' });
    const functioning = await api('/sys/functioning/getFunctioningList', doctor, { keyword: '偏瘫' });
    const [office] = await s.app.db.select().from(offices).where(eq(offices.organizationId, doctor.organizationId));
    const first17 = '11010519800101123';
    const res = await api('/sys/patient/saveOutPatient', doctor, {
      patientType: 1,
      name: '缓存新患者',
      idNumber: first17 + idCheckChar(first17),
      phone: '13911112222',
      diseaseId: disease.body.data[0].id,
      functioningId: functioning.body.data[0].id,
      officeId: office!.id,
      outpatientNo: 'CACHE1',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const after = await list(doctor, { courseStatus: 0 });
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.list.map((r) => r.name)).toContain('缓存新患者');
  });

  it('shows changes made in SQL by another process: a name, a new course, a staff name', async () => {
    const all = { courseStatus: 0 };
    const first = await list(doctor, all);
    const row = first.list[0]!;
    await exec(sql`UPDATE pat_patient SET name = '改名患者' WHERE id = ${row.patientId}`);
    expect((await list(doctor, all)).list[0]!.name).toBe('改名患者');

    // an ended course added in SQL: the exact total counts it at once
    const total = first.totalCount;
    await exec(sql`INSERT INTO pat_treatment (organization_id, patient_id, patient_type, status, register_time,
      disease_id, functioning_id, office_id, outpatient_no)
      SELECT organization_id, patient_id, patient_type, 2, now() + interval '1 minute', disease_id, functioning_id, office_id, 'SQL1'
      FROM pat_treatment WHERE id = ${row.treatmentId}`);
    const again = await list(doctor, all);
    expect(again.totalCount).toBe(total + 1);
    expect(again.list[0]!.outpatientNo).toBe('SQL1');

    // staff names have no organization: a rename shows in every organization's lists
    const named = again.list.find((r) => r.doctorName)!;
    expect(named).toBeTruthy();
    {
      const [doc] = await queryRows<{ doctor_id: number }>(
        s.app.db,
        sql`SELECT doctor_id FROM pat_treatment WHERE id = ${named.treatmentId}`,
      );
      await exec(sql`UPDATE sys_user SET name = '改名医生' WHERE id = ${doc!.doctor_id}`);
      const renamed = (await list(doctor, all)).list.find((r) => r.treatmentId === named.treatmentId);
      expect(renamed!.doctorName).toBe('改名医生');
    }
  });

  it("leaves another organization's version and answers alone", async () => {
    const theirs = await list(other, { courseStatus: 0 });
    const theirVersion = await dataVersionOf(s.app.db, other.organizationId);
    const ownVersion = await dataVersionOf(s.app.db, doctor.organizationId);
    const [row] = (await list(doctor)).list;
    await exec(sql`UPDATE pat_patient SET phone = '13900000000' WHERE id = ${row!.patientId}`);
    expect(await dataVersionOf(s.app.db, other.organizationId)).toBe(theirVersion);
    expect(BigInt(await dataVersionOf(s.app.db, doctor.organizationId))).toBeGreaterThan(BigInt(ownVersion));
    expect(await list(other, { courseStatus: 0 })).toEqual(theirs);
  });

  it('bumps the version once for a transaction of many rows, and not for a rolled-back one', async () => {
    const v0 = BigInt(await dataVersionOf(s.app.db, doctor.organizationId));
    await exec(sql`UPDATE pat_patient SET phone = phone WHERE organization_id = ${doctor.organizationId}`);
    const v1 = BigInt(await dataVersionOf(s.app.db, doctor.organizationId));
    expect(v1).toBe(v0 + 1n);
    await s.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE pat_patient SET phone = phone WHERE organization_id = ${doctor.organizationId}`);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(BigInt(await dataVersionOf(s.app.db, doctor.organizationId))).toBe(v1);
  });

  it('sends a kept page as JSON with the envelope in the caller language, zh and en', async () => {
    const body = { courseStatus: 0, page: 1, limit: 5 };
    const raw = async (lang: string) => {
      const res = await fetch(`${s.base}/api/sys/patient/queryOutPatientPage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: doctor.token, language: lang },
        body: JSON.stringify(body),
      });
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      return JSON.parse(await res.text()) as Record<string, any>;
    };
    // twice each: computed, then kept
    for (const [lang, msg] of [
      ['zh-CN', '操作成功'],
      ['en', 'Operation succeeded'],
      ['zh-CN', '操作成功'],
      ['en', 'Operation succeeded'],
    ] as const) {
      const answer = await raw(lang);
      expect(Object.keys(answer)).toEqual(['code', 'msg', 'data']);
      expect(answer).toMatchObject({ code: 0, msg, data: { pageSize: 5, currPage: 1 } });
      expect(answer.data.list).toHaveLength(5);
      expect(answer.data.totalPage).toBe(Math.ceil(answer.data.totalCount / 5));
    }
  });

  it('answers each user their own "mine" list', async () => {
    const mineOf = (who: Who) => list(who, { mine: 1, courseStatus: 0, limit: 100 });
    const expected = async (userId: number) => {
      const [row] = await queryRows<{ n: number }>(
        s.app.db,
        sql`SELECT count(*)::int AS n FROM pat_treatment t WHERE t.organization_id = ${doctor.organizationId}
          AND t.status <> 4 AND (t.doctor_id = ${userId} OR t.therapist_id = ${userId}
          OR EXISTS (SELECT 1 FROM pat_treatment_project p WHERE p.treatment_id = t.id AND p.therapist_id = ${userId}))`,
      );
      return row!.n;
    };
    const idOf = async (phone: string) =>
      (await queryRows<{ id: number }>(s.app.db, sql`SELECT id FROM sys_user WHERE phone = ${phone}`))[0]!.id;
    const doctorMine = await mineOf(doctor);
    const therapistMine = await mineOf(therapist);
    expect(doctorMine.totalCount).toBe(await expected(await idOf(DEMO.doctor)));
    expect(therapistMine.totalCount).toBe(await expected(await idOf(DEMO.therapist)));
    expect(doctorMine.list.map((r) => r.treatmentId)).not.toEqual(therapistMine.list.map((r) => r.treatmentId));
  });
});

describe('schedule view answers kept per data version', () => {
  it('shows a booking removed and a patient renamed in SQL in the next answer, with the same envelope', async () => {
    const view = async () => {
      const res = await api('/schedulingManagement/viewList', doctor, { executeStatus: 2 });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['code', 'msg', 'data']);
      expect(res.body).toMatchObject({ code: 0, msg: '操作成功' });
      return res.body.data as { date: string; list: { referral: Record<string, any>[] }[] };
    };
    const before = await view();
    const cards = before.list.flatMap((e) => e.referral);
    expect(cards.length).toBeGreaterThan(1);
    expect(await view()).toEqual(before);
    const [gone, renamed] = cards as [Record<string, any>, Record<string, any>];
    await exec(sql`DELETE FROM sch_schedule WHERE id = ${gone.scheduleId}`);
    await exec(sql`UPDATE pat_patient SET name = '视图改名' WHERE id = ${renamed.patientId}`);
    const after = (await view()).list.flatMap((e) => e.referral);
    expect(after.map((c) => c.scheduleId)).not.toContain(gone.scheduleId);
    expect(after.find((c) => c.scheduleId === renamed.scheduleId)?.patientName).toBe('视图改名');
  });
});
