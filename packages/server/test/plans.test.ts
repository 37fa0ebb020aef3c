import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import { idCheckChar } from '@rehab/shared';
import { offices } from '../src/db/schema';
import { sysDisease, sysFunctioning, sysProjectTemplate } from '../src/modules/master-data/master-data.tables';
import { treatmentProjects, treatments } from '../src/modules/patients/patients.tables';
import { caseTemplates, prescriptionTemplates, projectLinkages } from '../src/modules/patients/plans.tables';
import { treatmentTeams } from '../src/modules/teams/teams.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

// Therapist groups in assignment, project linkage and the recommended plan, case and prescription templates over
// HTTP: each call's success and refusals (400 naming the field, 403, 404 for another organization, 409), and
// nothing written on a refusal.

let s: TestServer;
type Who = { token: string; organizationId: number };
let doctor: Who;
let admin: Who;
let therapist: Who;
let other: Who;
type Ref = { diseaseId: number; functioningId: number; officeId: number; therapistId: number; templates: number[] };
let ref: Ref;
let foreign: { diseaseId: number; templateId: number; teamId: number };

const api = (method: string, url: string, who: Who, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who.token, body, lang });
const rows = async (table: typeof projectLinkages | typeof caseTemplates | typeof prescriptionTemplates) =>
  Number((await s.app.db.select({ n: count() }).from(table))[0]!.n);

let seq = 300;
function newIdNumber() {
  seq++;
  const first17 = `110105198${seq % 10}0${1 + (seq % 9)}1${seq % 10}${String(seq % 100).padStart(2, '0')}1`;
  return first17 + idCheckChar(first17);
}

async function register(extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/sys/patient/saveOutPatient', doctor, {
    patientType: 1,
    name: '计划患者',
    idNumber: newIdNumber(),
    phone: '13911113333',
    diseaseId: ref.diseaseId,
    functioningId: ref.functioningId,
    officeId: ref.officeId,
    ...extra,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as { patientId: number; treatmentId: number };
}

async function prescribe(treatmentId: number, n = 1, extra: Record<string, unknown> = {}) {
  const project = {
    name: '运动疗法',
    templateId: ref.templates[0],
    execOfficeId: ref.officeId,
    quantity: 1,
    times: 10,
    duration: 40,
    frequency: '1',
    unitPrice: 45,
    ...extra,
  };
  const res = await api('POST', '/sys/treatment/savRecipe', doctor, {
    treatmentId,
    projects: Array.from({ length: n }, () => project),
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data.ids as number[];
}

async function team(organizationId: number, name: string, status = 1) {
  const [row] = await s.app.db
    .insert(treatmentTeams)
    .values({ organizationId, name, status })
    .returning({ id: treatmentTeams.id });
  return row!.id;
}

beforeAll(async () => {
  s = await startTestServer();
  doctor = await s.loginInto(DEMO.doctor);
  admin = await s.loginInto(DEMO.orgAdmin);
  therapist = await s.loginInto(DEMO.therapist);
  other = await s.loginInto(DEMO.superAdmin, 1);
  if (other.organizationId === doctor.organizationId) other = await s.loginInto(DEMO.superAdmin, 0);
  const disease = await api('POST', '/sys/diseases/getDiseaseList', doctor, { keyword: '肩周炎' });
  const functioning = await api('POST', '/sys/functioning/getFunctioningList', doctor, { keyword: '慢性疼痛' });
  const staff = await api('GET', '/sys/patient/staff', doctor);
  const own = await s.app.db.select().from(offices).where(eq(offices.organizationId, doctor.organizationId));
  const templates = await s.app.db
    .select()
    .from(sysProjectTemplate)
    .where(eq(sysProjectTemplate.organizationId, doctor.organizationId))
    .orderBy(asc(sysProjectTemplate.sort), asc(sysProjectTemplate.id));
  ref = {
    diseaseId: disease.body.data[0].id,
    functioningId: functioning.body.data[0].id,
    officeId: own[1]!.id,
    therapistId: staff.body.data.therapists[0].id,
    templates: templates.map((t) => t.id as number),
  };
  const foreignDisease = await api('POST', '/sys/diseases/getDiseaseList', other, {});
  const foreignTemplates = await s.app.db
    .select()
    .from(sysProjectTemplate)
    .where(eq(sysProjectTemplate.organizationId, other.organizationId));
  foreign = {
    diseaseId: foreignDisease.body.data[0].id,
    templateId: foreignTemplates[0]!.id as number,
    teamId: await team(other.organizationId, '外院小组'),
  };
});
afterAll(async () => {
  await s.close();
});

describe('assigning projects to a therapist group', () => {
  it('assigns a group to projects that have neither; counts them as assigned; refuses conflicts', async () => {
    const groupA = await team(doctor.organizationId, '神经康复组');
    const groupOff = await team(doctor.organizationId, '停用小组', 0);
    const before = (await api('POST', '/sys/patient/unAssignedCount', doctor, {})).body.data.unAssignedCount;
    const { treatmentId, patientId } = await register();
    const ids = await prescribe(treatmentId, 3);
    expect((await api('POST', '/sys/patient/unAssignedCount', doctor, {})).body.data.unAssignedCount).toBe(before + 3);

    const ok = await api('POST', '/sys/treatment/assignTherapist', doctor, { ids: [ids[0]], teamId: groupA });
    expect(ok.body.code).toBe(0);
    const list = await api('POST', '/sys/treatment/queryRecipeDetail', doctor, { patientId, treatmentId });
    const first = list.body.data.find((p: { id: number }) => p.id === ids[0]);
    expect(first).toMatchObject({ teamId: groupA, teamName: '神经康复组', therapistId: null });
    expect((await api('POST', '/sys/patient/unAssignedCount', doctor, {})).body.data.unAssignedCount).toBe(before + 2);

    // a project with a group takes neither a therapist nor another group; nothing of the batch changes
    for (const body of [
      { ids: [ids[0], ids[1]], therapistId: ref.therapistId },
      { ids: [ids[1], ids[0]], teamId: groupA },
    ]) {
      const res = await api('POST', '/sys/treatment/assignTherapist', doctor, body, 'en');
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('Assignment failed!');
    }
    const [second] = await s.app.db.select().from(treatmentProjects).where(eq(treatmentProjects.id, ids[1]!));
    expect(second).toMatchObject({ therapistId: null, teamId: null });

    // a therapist, then the list filter and the count see it
    expect(
      (await api('POST', '/sys/treatment/assignTherapist', doctor, { ids: [ids[1]], therapistId: ref.therapistId }))
        .body.code,
    ).toBe(0);
    expect((await api('POST', '/sys/patient/unAssignedCount', doctor, {})).body.data.unAssignedCount).toBe(before + 1);
    const unassigned = await api('POST', '/sys/patient/queryOutPatientPage', doctor, { unassigned: 1, limit: 1000 });
    const mine = unassigned.body.data.list.find((r: { treatmentId: number }) => r.treatmentId === treatmentId);
    expect(mine.unassignedCount).toBe(1);

    // refusals: both or neither (400), a disabled or foreign group (400), another organization's project (404)
    const both = await api('POST', '/sys/treatment/assignTherapist', doctor, {
      ids: [ids[2]],
      therapistId: ref.therapistId,
      teamId: groupA,
    });
    expect([both.status, both.body.field]).toEqual([400, 'therapistId']);
    const neither = await api('POST', '/sys/treatment/assignTherapist', doctor, { ids: [ids[2]] });
    expect(neither.status).toBe(400);
    for (const teamId of [groupOff, foreign.teamId]) {
      const res = await api('POST', '/sys/treatment/assignTherapist', doctor, { ids: [ids[2]], teamId });
      expect([res.status, res.body.field]).toEqual([400, 'teamId']);
    }
    const theirs = await api('POST', '/sys/treatment/assignTherapist', other, {
      ids: [ids[2]],
      teamId: foreign.teamId,
    });
    expect(theirs.status).toBe(404);
    const [third] = await s.app.db.select().from(treatmentProjects).where(eq(treatmentProjects.id, ids[2]!));
    expect(third).toMatchObject({ therapistId: null, teamId: null });
  });

  it('offers the groups in use with the staff pickers', async () => {
    const staff = await api('GET', '/sys/patient/staff', doctor);
    const names = staff.body.data.teams.map((t: { name: string }) => t.name);
    expect(names).toContain('神经康复组');
    expect(names).not.toContain('停用小组');
    expect(names).not.toContain('外院小组');
  });
});

describe('project linkage and the recommended plan', () => {
  it('saves, lists, reads, edits and deletes a linkage', async () => {
    const saved = await api('POST', '/sys/projectLinkage/save', admin, {
      diseaseId: ref.diseaseId,
      templateIds: [ref.templates[10], ref.templates[7]],
      remark: '颈椎病常规',
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    expect(saved.body.data.projects.map((p: { templateId: number }) => p.templateId)).toEqual([
      ref.templates[10],
      ref.templates[7],
    ]);
    const id = saved.body.data.id;
    const list = await api('POST', '/sys/projectLinkage/list', admin, { diseaseId: ref.diseaseId }, 'en');
    expect(list.body.data.list.find((l: { id: number }) => l.id === id)).toMatchObject({
      diseaseName: 'Frozen shoulder',
      functioningName: null,
    });
    const edited = await api('POST', '/sys/projectLinkage/save', admin, {
      id,
      diseaseId: ref.diseaseId,
      templateIds: [ref.templates[10]],
    });
    expect(edited.body.data.projects).toHaveLength(1);
    expect((await api('GET', `/sys/projectLinkage/info/${id}`, admin)).body.data.remark).toBeNull();
    expect((await api('POST', '/sys/projectLinkage/delete', admin, { ids: [id] })).body.code).toBe(0);
    expect((await api('GET', `/sys/projectLinkage/info/${id}`, admin)).status).toBe(404);
  });

  it('refuses bad linkages and writes nothing', async () => {
    const before = await rows(projectLinkages);
    const cases: [Record<string, unknown>, string, number][] = [
      [{ templateIds: [ref.templates[0]] }, 'diseaseId', 400],
      [{ diseaseId: ref.diseaseId, templateIds: [] }, 'templateIds', 400],
      [{ diseaseId: ref.diseaseId, templateIds: [ref.templates[0], ref.templates[0]] }, 'templateIds.1', 400],
      [{ diseaseId: foreign.diseaseId, templateIds: [ref.templates[0]] }, 'diseaseId', 400],
      [{ diseaseId: ref.diseaseId, templateIds: [ref.templates[0], foreign.templateId] }, 'templateIds.1', 400],
    ];
    for (const [body, field, status] of cases) {
      const res = await api('POST', '/sys/projectLinkage/save', admin, body);
      expect([res.status, res.body.field], JSON.stringify(body)).toEqual([status, field]);
    }
    const first = await api('POST', '/sys/projectLinkage/save', admin, {
      functioningId: ref.functioningId,
      templateIds: [ref.templates[0]],
    });
    expect(first.body.code).toBe(0);
    const dup = await api('POST', '/sys/projectLinkage/save', admin, {
      functioningId: ref.functioningId,
      templateIds: [ref.templates[1]],
    });
    expect([dup.status, dup.body.field]).toEqual([409, 'diseaseId']);
    expect(await rows(projectLinkages)).toBe(before + 1);
    // another organization: not found, untouched
    const id = first.body.data.id;
    expect((await api('GET', `/sys/projectLinkage/info/${id}`, other)).status).toBe(404);
    expect((await api('POST', '/sys/projectLinkage/delete', other, { ids: [id] })).status).toBe(404);
    const theirs = await api('POST', '/sys/projectLinkage/save', other, {
      id,
      diseaseId: foreign.diseaseId,
      templateIds: [foreign.templateId],
    });
    expect(theirs.status).toBe(404);
    expect((await api('POST', '/sys/projectLinkage/delete', admin, { ids: [id, 999999] })).status).toBe(404);
    expect(await rows(projectLinkages)).toBe(before + 1);
    // a doctor reads the plan but does not maintain the linkage
    expect(
      (
        await api('POST', '/sys/projectLinkage/save', doctor, {
          diseaseId: ref.diseaseId,
          templateIds: [ref.templates[0]],
        })
      ).status,
    ).toBe(403);
    await api('POST', '/sys/projectLinkage/delete', admin, { ids: [id] });
  });

  it('recommends the projects of the pair, the disease and the function diagnosis, each once', async () => {
    const pair = await api('POST', '/sys/projectLinkage/save', admin, {
      diseaseId: ref.diseaseId,
      functioningId: ref.functioningId,
      templateIds: [ref.templates[10]],
    });
    const disease = await api('POST', '/sys/projectLinkage/save', admin, {
      diseaseId: ref.diseaseId,
      templateIds: [ref.templates[7], ref.templates[10]],
    });
    const fn = await api('POST', '/sys/projectLinkage/save', admin, {
      functioningId: ref.functioningId,
      templateIds: [ref.templates[9]],
    });
    expect([pair.body.code, disease.body.code, fn.body.code]).toEqual([0, 0, 0]);
    const { patientId, treatmentId } = await register();
    await prescribe(treatmentId, 1, { templateId: ref.templates[7], name: '中频脉冲电治疗' });
    const plan = await api('POST', '/sys/patient/recommendPlan', doctor, { patientId, treatmentId }, 'en');
    expect(plan.body.code).toBe(0);
    expect(plan.body.data).toMatchObject({ diseaseName: 'Frozen shoulder', functioningName: 'Chronic pain' });
    expect(
      plan.body.data.projects.map((p: { templateId: number; basis: string; inProgress: boolean; name: string }) => [
        p.templateId,
        p.basis,
        p.inProgress,
      ]),
    ).toEqual([
      [ref.templates[10], 'both', false],
      [ref.templates[7], 'disease', true],
      [ref.templates[9], 'functioning', false],
    ]);
    expect(plan.body.data.projects[0]).toMatchObject({ name: 'Cervical traction', unitPrice: 15, frequency: '1' });
    // another organization's course is not found; a therapist may read plans (recipe), not without a session
    expect((await api('POST', '/sys/patient/recommendPlan', other, { patientId, treatmentId })).status).toBe(404);
    expect(
      (await api('POST', '/sys/patient/recommendPlan', doctor, { patientId: patientId + 100000, treatmentId })).status,
    ).toBe(404);
    expect((await api('POST', '/sys/patient/recommendPlan', doctor, { patientId })).status).toBe(400);
    expect((await api('POST', '/sys/patient/recommendPlan', therapist, { patientId, treatmentId })).body.code).toBe(0);
    await api('POST', '/sys/projectLinkage/delete', admin, {
      ids: [pair.body.data.id, disease.body.data.id, fn.body.data.id],
    });
  });
});

describe('case templates', () => {
  it('saves from a course, lists, applies to another course, deletes', async () => {
    const saved = await api('POST', '/sys/casetemplate/save', doctor, {
      name: '颈椎病门诊病历',
      chiefComplaint: '颈痛伴右上肢麻木 2 月',
      diseaseId: ref.diseaseId,
      functioningId: ref.functioningId,
      tcmDiagnosis: '项痹病',
      specialNotes: '避免长时间低头',
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const list = await api('POST', '/sys/casetemplate/list', doctor, { page: 1, limit: 9999 }, 'en');
    expect(list.body.data.list.find((c: { id: number }) => c.id === saved.body.data.id)).toMatchObject({
      diseaseName: 'Frozen shoulder',
      functioningName: 'Chronic pain',
    });
    const stroke = await api('POST', '/sys/diseases/getDiseaseList', doctor, { keyword: 'ngs' });
    const { treatmentId } = await register({ diseaseId: stroke.body.data[0].id });
    const applied = await api('POST', '/sys/casetemplate/apply', doctor, { id: saved.body.data.id, treatmentId });
    expect(applied.body.code).toBe(0);
    const [course] = await s.app.db.select().from(treatments).where(eq(treatments.id, treatmentId));
    expect(course).toMatchObject({
      chiefComplaint: '颈痛伴右上肢麻木 2 月',
      tcmDiagnosis: '项痹病',
      diseaseId: ref.diseaseId,
      functioningId: ref.functioningId,
    });
    expect((await api('POST', '/sys/casetemplate/delete', doctor, { ids: [saved.body.data.id] })).body.code).toBe(0);
  });

  it('refuses duplicates, bad input, other organizations and ended courses; writes nothing', async () => {
    const first = await api('POST', '/sys/casetemplate/save', doctor, { name: '偏瘫病历' });
    expect(first.body.code).toBe(0);
    const id = first.body.data.id;
    const before = await rows(caseTemplates);
    const dup = await api('POST', '/sys/casetemplate/save', doctor, { name: '偏瘫病历 '.toUpperCase() }, 'en');
    expect([dup.status, dup.body.field]).toEqual([409, 'name']);
    expect(dup.body.msg).toContain('already exists');
    expect((await api('POST', '/sys/casetemplate/save', doctor, { name: '' })).body.field).toBe('name');
    expect(
      (await api('POST', '/sys/casetemplate/save', doctor, { name: 'x', chiefComplaint: 'x'.repeat(101) })).body.field,
    ).toBe('chiefComplaint');
    expect(
      (await api('POST', '/sys/casetemplate/save', doctor, { name: 'y', diseaseId: foreign.diseaseId })).body.field,
    ).toBe('diseaseId');
    expect((await api('POST', '/sys/casetemplate/save', other, { id, name: 'z' })).status).toBe(404);
    expect((await api('GET', `/sys/casetemplate/info/${id}`, other)).status).toBe(404);
    expect((await api('POST', '/sys/casetemplate/delete', other, { ids: [id] })).status).toBe(404);
    expect((await api('POST', '/sys/casetemplate/save', therapist, { name: 'w' })).status).toBe(403);
    expect(await rows(caseTemplates)).toBe(before);

    const { treatmentId } = await register();
    expect((await api('POST', '/sys/casetemplate/apply', other, { id, treatmentId })).status).toBe(404);
    await api('POST', '/sys/patient/endTreatment', doctor, { treatmentId });
    const ended = await api('POST', '/sys/casetemplate/apply', doctor, { id, treatmentId });
    expect(ended.status).toBe(409);
    expect((await api('GET', `/sys/casetemplate/info/${id}`, doctor)).body.data.name).toBe('偏瘫病历');
  });
});

describe('the case of a course (POST /sys/patient/saveCase)', () => {
  it("writes the course's case as given, refuses bad input, another organization and an ended course", async () => {
    const { treatmentId } = await register();
    const body = {
      treatmentId,
      chiefComplaint: '左侧肢体无力 1 月',
      diseaseId: ref.diseaseId,
      functioningId: ref.functioningId,
      tcmDiagnosis: '中风',
    };
    const saved = await api('POST', '/sys/patient/saveCase', doctor, body);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const course = async () => (await s.app.db.select().from(treatments).where(eq(treatments.id, treatmentId)))[0]!;
    const { treatmentId: _t, ...values } = body;
    expect(await course()).toMatchObject({ ...values, id: treatmentId, specialNotes: null });
    // a text left out is cleared
    await api('POST', '/sys/patient/saveCase', doctor, { ...body, tcmDiagnosis: undefined, specialNotes: '跌倒风险' });
    expect(await course()).toMatchObject({ tcmDiagnosis: null, specialNotes: '跌倒风险' });
    const before = await course();

    for (const [bad, field] of [
      [{ ...body, chiefComplaint: 'x'.repeat(101) }, 'chiefComplaint'],
      [{ ...body, diseaseId: undefined }, 'diseaseId'],
      [{ ...body, diseaseId: foreign.diseaseId }, 'diseaseId'],
      [{ ...body, treatmentId: 'x' }, 'treatmentId'],
      [{ ...body, extra: 1 }, undefined],
    ] as const) {
      const res = await api('POST', '/sys/patient/saveCase', doctor, bad, 'en');
      expect(res.status, JSON.stringify(bad)).toBe(400);
      if (field) expect(res.body.field).toBe(field);
    }
    expect((await api('POST', '/sys/patient/saveCase', other, body)).status).toBeGreaterThanOrEqual(400);
    expect((await api('POST', '/sys/patient/saveCase', therapist, body)).status).toBe(403);
    expect(await course()).toEqual(before);
    await api('POST', '/sys/patient/endTreatment', doctor, { treatmentId });
    expect((await api('POST', '/sys/patient/saveCase', doctor, body)).status).toBe(409);
  });

  it("answers 404 for another organization's course", async () => {
    const { treatmentId } = await register();
    const theirs = async (table: typeof sysDisease | typeof sysFunctioning) =>
      (await s.app.db.select({ id: table.id }).from(table).where(eq(table.organizationId, other.organizationId)))[0]!
        .id;
    const res = await api('POST', '/sys/patient/saveCase', other, {
      treatmentId,
      diseaseId: await theirs(sysDisease),
      functioningId: await theirs(sysFunctioning),
    });
    expect(res.status).toBe(404);
  });
});

describe('prescription templates', () => {
  it('saves a set of projects, lists them with the template defaults, edits and deletes', async () => {
    const saved = await api('POST', '/sys/prescriptiontemplate/save', doctor, {
      name: '颈肩痛处方',
      items: [
        { templateId: ref.templates[10], quantity: 1, times: 10, frequency: '1', duration: 20 },
        { templateId: ref.templates[7], quantity: 2, times: 10, frequency: '1/2', duration: 20 },
      ],
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const list = await api('POST', '/sys/prescriptiontemplate/list', doctor, { page: 1, limit: 9999 }, 'en');
    const mine = list.body.data.list.find((p: { id: number }) => p.id === saved.body.data.id);
    expect(
      mine.items.map((i: { name: string; quantity: number; frequency: string }) => [i.name, i.quantity, i.frequency]),
    ).toEqual([
      ['Cervical traction', 1, '1'],
      ['Medium-frequency electrotherapy', 2, '1/2'],
    ]);
    const edited = await api('POST', '/sys/prescriptiontemplate/save', doctor, {
      id: saved.body.data.id,
      name: '颈肩痛处方',
      items: [{ templateId: ref.templates[10], times: 7, frequency: '1', duration: 20 }],
    });
    expect(edited.body.data.items).toHaveLength(1);
    expect(
      (await api('POST', '/sys/prescriptiontemplate/delete', doctor, { ids: [saved.body.data.id] })).body.code,
    ).toBe(0);
  });

  it('refuses bad items, duplicates and other organizations; writes nothing', async () => {
    const first = await api('POST', '/sys/prescriptiontemplate/save', doctor, {
      name: '平衡训练处方',
      items: [{ templateId: ref.templates[2], times: 14, frequency: '1', duration: 30 }],
    });
    expect(first.body.code).toBe(0);
    const id = first.body.data.id;
    const before = await rows(prescriptionTemplates);
    const item = { templateId: ref.templates[2], times: 14, frequency: '1', duration: 30 };
    const cases: [Record<string, unknown>, string, number][] = [
      [{ name: '平衡训练处方', items: [item] }, 'name', 409],
      [{ name: 'a', items: [] }, 'items', 400],
      [{ name: 'b', items: [{ ...item, frequency: '1/4' }] }, 'items.0.frequency', 400],
      [{ name: 'c', items: [item, item] }, 'items.1', 400],
      [{ name: 'd', items: [{ ...item, templateId: foreign.templateId }] }, 'items.0.templateId', 400],
    ];
    for (const [body, field, status] of cases) {
      const res = await api('POST', '/sys/prescriptiontemplate/save', doctor, body);
      expect([res.status, res.body.field], JSON.stringify(body)).toEqual([status, field]);
    }
    expect(
      (
        await api('POST', '/sys/prescriptiontemplate/save', other, {
          id,
          name: 'e',
          items: [{ ...item, templateId: foreign.templateId }],
        })
      ).status,
    ).toBe(404);
    expect((await api('GET', `/sys/prescriptiontemplate/info/${id}`, other)).status).toBe(404);
    expect((await api('POST', '/sys/prescriptiontemplate/delete', other, { ids: [id] })).status).toBe(404);
    expect((await api('POST', '/sys/prescriptiontemplate/save', therapist, { name: 'f', items: [item] })).status).toBe(
      403,
    );
    expect(await rows(prescriptionTemplates)).toBe(before);
    expect((await api('GET', `/sys/prescriptiontemplate/info/${id}`, doctor)).body.data.items).toHaveLength(1);
  });
});

describe('outpatient visits', () => {
  it('lists the visits of a patient with what their projects came to; 404 for another organization', async () => {
    const { patientId, treatmentId } = await register();
    await prescribe(treatmentId, 2);
    await api('POST', '/sys/patient/endTreatment', doctor, { treatmentId });
    const again = await api('POST', '/sys/patient/registerOutPatient', doctor, { patientId, basedOnId: treatmentId });
    expect(again.body.code).toBe(0);
    const res = await api('POST', '/sys/patient/queryVisitDetailsPage', doctor, { patientId }, 'en');
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ totalCount: 2, currPage: 1 });
    const [newest, first] = res.body.data.list;
    expect(newest).toMatchObject({ treatmentId: again.body.data.treatmentId, status: 1, projectCount: 2 });
    expect(first).toMatchObject({
      treatmentId,
      status: 2,
      projectCount: 2,
      treatedTimes: 0,
      totalTimes: 20,
      totalPrice: 900,
      diseaseName: 'Frozen shoulder',
    });
    expect((await api('POST', '/sys/patient/queryVisitDetailsPage', other, { patientId })).status).toBe(404);
    expect((await api('POST', '/sys/patient/queryVisitDetailsPage', doctor, {})).body.field).toBe('patientId');
    const paged = await api('POST', '/sys/patient/queryVisitDetailsPage', doctor, { patientId, page: 2, limit: 1 });
    expect(paged.body.data.list.map((v: { treatmentId: number }) => v.treatmentId)).toEqual([treatmentId]);
  });
});

describe('saving at the same moment', () => {
  it('two saves of one name or one diagnosis pair: one succeeds, the other is 409, never 500', async () => {
    const cases = await Promise.all(
      [1, 2].map(() => api('POST', '/sys/casetemplate/save', doctor, { name: '同时保存的病历' })),
    );
    expect(cases.map((r) => r.status).sort()).toEqual([200, 409]);
    const linkages = await Promise.all(
      [1, 2].map(() =>
        api('POST', '/sys/projectLinkage/save', admin, {
          functioningId: ref.functioningId,
          diseaseId: ref.diseaseId,
          templateIds: [ref.templates[3]],
        }),
      ),
    );
    expect(linkages.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('hisProjectTemplate/pageInfo and comboprojectequipment/listBox', () => {
  it('pages the coded templates by 99 and lists a combo equipment; refuses bad input and other organizations', async () => {
    await s.app.db
      .update(sysProjectTemplate)
      .set({ code: 'HIS-0001' })
      .where(eq(sysProjectTemplate.id, ref.templates[0]!));
    const page = await api('POST', '/sys/hisProjectTemplate/pageInfo', doctor, {});
    expect(page.status).toBe(200);
    expect(page.body.data.pageSize).toBe(99);
    const row = page.body.data.list.find((r: { id: number }) => r.id === ref.templates[0]);
    expect(row).toMatchObject({ code: 'HIS-0001' });
    expect(page.body.data.list.every((r: { code: string }) => r.code)).toBe(true);
    const found = await api('POST', '/sys/hisProjectTemplate/pageInfo', doctor, { keyword: 'his-0001' });
    expect(found.body.data.list.map((r: { id: number }) => r.id)).toEqual([ref.templates[0]]);
    expect(
      (await api('POST', '/sys/hisProjectTemplate/pageInfo', other, { keyword: 'HIS-0001' })).body.data.list,
    ).toEqual([]);
    expect((await api('POST', '/sys/hisProjectTemplate/pageInfo', doctor, { limit: 100 })).status).toBe(400);

    const [template] = await s.app.db
      .select()
      .from(sysProjectTemplate)
      .where(eq(sysProjectTemplate.id, ref.templates[0]!));
    const equipmentId = (await api('GET', '/sys/equipment/getEquipmentList', admin)).body.data[0]?.id;
    expect(equipmentId).toBeDefined();
    await s.app.db.update(sysProjectTemplate).set({ equipmentId }).where(eq(sysProjectTemplate.id, template!.id));
    const combo = await api('POST', '/sys/comboTemplate/saveOrUpdate', admin, {
      name: '设备组合',
      items: [{ templateId: template!.id, quantity: 1 }],
    });
    expect(combo.body.code, JSON.stringify(combo.body)).toBe(0);
    const comboId = combo.body.data.id;
    const box = await api('POST', '/sys/comboprojectequipment/listBox', doctor, { comboId });
    expect(box.status).toBe(200);
    expect(box.body.data).toEqual([expect.objectContaining({ templateId: template!.id, equipmentId })]);
    expect((await api('POST', '/sys/comboprojectequipment/listBox', other, { comboId })).status).toBe(404);
    expect((await api('POST', '/sys/comboprojectequipment/listBox', doctor, { comboId: 'x' })).status).toBe(400);
    expect((await api('POST', '/sys/comboprojectequipment/listBox', doctor, {})).status).toBe(400);
    expect((await s.api('POST', '/api/sys/comboprojectequipment/listBox', { body: { comboId } })).status).toBe(401);
  });
});
