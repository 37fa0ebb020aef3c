// The expert's proposals from a remote consultation (issue 17, treat-project and assess-project): the expert
// proposes from the inviting organization's catalogue; the inviting doctor accepts a proposal into the patient's
// course (the prescription and the assessment project are made by the patients and assessments modules) or declines
// it with a reason; participants only, code 1 for everyone else; accepting twice or concurrently makes one record;
// bad input answers 400 with its message and writes nothing; the table keeps a proposal's content unchanged.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleId } from '@rehab/shared';
import { createOrganization, switchProductOn } from '../src/modules/organizations';
import { masterRows } from '../src/modules/master-data';
import { users } from '../src/modules/users/users.tables';
import { organizationRelations } from '../src/modules/organizations/organizations.tables';
import { consultationProposals, consultationReads } from '../src/modules/telemedicine/telemedicine.tables';
import { strokePng } from '../src/modules/telemedicine/telemedicine.demo';
import { DEMO, startTestServer, type TestServer } from './harness';
import { addMember } from './members';

type Who = { token: string; organizationId: number; officeId?: number; userId: number };

let s: TestServer;
let doctor: Who; // the inviting hospital's doctor
let expert: Who; // the centre's doctor who takes the consultation over
let colleague: Who; // another doctor of the centre's office: not a participant once the expert took it over
let third: Who; // a doctor of a third organization, related to the hospital
let patientId: number;
let treatmentId: number;
let id: number; // a consultation taken over by the expert
let template: { id: number; name: string; frequency: string | null };
let method: { id: number; name: string; phases: number[] };
const png = `data:image/png;base64,${strokePng(5).toString('base64')}`;

const api = (who: Who, method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who.token, body, lang });
const login = async (phone: string): Promise<Who> => ({
  ...(await s.loginInto(phone)),
  userId: (await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id,
});
const proposalCount = async () => Number((await s.app.db.select({ n: count() }).from(consultationProposals))[0]!.n);
const P = '/sys/remoteDiagnosis/proposal';
const propose = (who: Who, body: Record<string, unknown>, lang?: string, on = id) =>
  api(who, 'POST', `${P}/propose/${on}`, body, lang);
const treat = (over: Record<string, unknown> = {}) => ({
  kind: 'treat',
  templateId: template.id,
  times: 10,
  frequency: '2',
  quantity: 1,
  remark: '循序渐进 / step by step',
  ...over,
});
const list = async (who: Who, kind: 'treat' | 'assess', lang?: string) =>
  (await api(who, 'GET', `${P}/list/${id}?kind=${kind}`, undefined, lang)).body;
const projectsOfCourse = async () =>
  (await api(doctor, 'POST', '/sys/treatment/queryRecipeDetail', { patientId, treatmentId, type: 2 })).body.data as {
    id: number;
    name: string;
    totalTimes: number;
    frequency: string;
  }[];

/** A consultation requested by the doctor from the expert's office (submitted). */
async function requested(over: Record<string, unknown> = {}) {
  const res = await api(doctor, 'POST', '/sys/remoteDiagnosis/initiate', {
    patientId,
    reason: '偏瘫康复方案',
    question: '下一阶段训练与评估？',
    toOrganizationId: expert.organizationId,
    toOfficeId: expert.officeId,
    proposedAt: new Date(s.clock.now().getTime() + 86_400_000).toISOString(),
    materials: [{ kind: 'patient', refId: patientId }],
    consentSignature: png,
    feeItem: '普通会诊',
    feeFen: 20000,
    ...over,
  });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data.id as number;
}

/** A consultation of the patient's course, taken over by the expert. */
async function takenOver() {
  const cid = await requested({ treatmentId });
  expect((await api(expert, 'POST', `/sys/remoteDiagnosis/receive/${cid}`)).body.code).toBe(0);
  const when = new Date(s.clock.now().getTime() + 3_600_000).toISOString();
  expect((await api(expert, 'POST', `/sys/remoteDiagnosis/accept/${cid}`, { scheduledAt: when })).body.code).toBe(0);
  return cid;
}

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  doctor = await login(DEMO.doctor);
  expert = await login(DEMO.expert);
  await addMember(s, '13900000041', expert.organizationId, RoleId.doctor, expert.officeId);
  colleague = await login('13900000041');
  const org3 = await createOrganization(s.app.db, { 'zh-CN': '第三机构', en: 'Third organization' });
  await switchProductOn(s.app.db, org3, 'telemedicine');
  await s.app.db
    .insert(organizationRelations)
    .values({ organizationId: doctor.organizationId, relatedOrganizationId: org3 });
  await addMember(s, '13900000042', org3, RoleId.doctor);
  third = await login('13900000042');

  patientId = (await api(doctor, 'GET', '/sys/remoteDiagnosis/patients')).body.data[0].id;
  const materials = await api(doctor, 'GET', `/sys/remoteDiagnosis/materials?patientId=${patientId}`);
  treatmentId = materials.body.data.find((m: { kind: string }) => m.kind === 'treatment').refId;
  id = await takenOver();

  const templates = await api(expert, 'GET', `${P}/catalogue/${id}?kind=treat`);
  expect(templates.body.code, templates.body.msg).toBe(0);
  template = templates.body.data[0];
  const methods = await api(expert, 'GET', `${P}/catalogue/${id}?kind=assess`, undefined, 'en');
  expect(methods.body.code, methods.body.msg).toBe(0);
  method = methods.body.data.find((m: { phases: number[] }) => m.phases.length > 0);
  expect(method).toBeTruthy();
}, 180_000);
afterAll(async () => {
  await s?.close();
});

describe('the catalogue', () => {
  it("is the inviting organization's, for the consultation's expert only", async () => {
    const mine = await masterRows(s.app.db, 'projectTemplate', doctor.organizationId);
    expect(mine.map((t) => t.id)).toContain(template.id);
    expect((await api(colleague, 'GET', `${P}/catalogue/${id}?kind=treat`)).body.code).toBe(1);
    expect((await api(third, 'GET', `${P}/catalogue/${id}?kind=assess`)).body.code).not.toBe(0);
  });
});

describe('a treatment project proposed and accepted', () => {
  let proposalId: number;

  it('refuses bad input with its message, writing nothing', async () => {
    const before = await proposalCount();
    const freq = await propose(expert, treat({ frequency: 'often' }), 'en');
    expect(freq.status).toBe(400);
    expect(freq.body.msg).toMatch(/frequency/i);
    const days = await propose(expert, treat({ times: 0 }), 'en');
    expect(days.status).toBe(400);
    expect(days.body.msg).toBeTruthy();
    const foreign = await propose(expert, treat({ templateId: 999999 }), 'en');
    expect(foreign.body).toMatchObject({ code: 400, field: 'templateId' });
    expect(foreign.body.msg).toMatch(/inviting organization/);
    const kind = await propose(expert, { kind: 'surgery', templateId: template.id }, 'en');
    expect(kind.status).toBe(400);
    expect(await proposalCount()).toBe(before);
  });

  it('the expert proposes; both sides see it; the expert’s read is recorded', async () => {
    const res = await propose(expert, treat());
    expect(res.body.code, res.body.msg).toBe(0);
    proposalId = res.body.data.id;
    const theirs = await list(expert, 'treat');
    expect(theirs.data).toMatchObject({ mayPropose: true, mayDecide: false });
    expect(theirs.data.list[0]).toMatchObject({
      id: proposalId,
      status: 'proposed',
      name: template.name,
      times: 10,
      frequency: '2',
    });
    const reads = await s.app.db.select().from(consultationReads).where(eq(consultationReads.consultationId, id));
    expect(reads.at(-1)).toMatchObject({ userId: expert.userId, patientId, what: 'proposals_treat' });
    const ours = await list(doctor, 'treat');
    expect(ours.data).toMatchObject({ mayPropose: false, mayDecide: true });
    expect(ours.data.list.map((p: { id: number }) => p.id)).toEqual([proposalId]);
    // the sending side's reads are its own record
    expect(
      (await s.app.db.select().from(consultationReads).where(eq(consultationReads.consultationId, id))).length,
    ).toBe(reads.length);
  });

  it('tells the inviting doctor, naming the project in the reader’s language', async () => {
    const catalogue = (await api(expert, 'GET', `${P}/catalogue/${id}?kind=treat`, undefined, 'en')).body.data;
    const english = catalogue.find((t: { id: number }) => t.id === template.id).name as string;
    expect(english).not.toBe(template.name);
    const inbox = async (lang: string) =>
      (await api(doctor, 'GET', '/sys/message/list?limit=50', undefined, lang)).body.data.list.map(
        (m: { title: string }) => m.title,
      ) as string[];
    expect((await inbox('en')).find((t) => t.startsWith(`Remote consultation ${id}:`))).toBe(
      `Remote consultation ${id}: the expert proposes ${english}`,
    );
    expect(await inbox('zh-CN')).toContain(`远程会诊 ${id}：专家建议 ${template.name}`);
  });

  it('nobody but the participants sees or decides it: code 1, nothing changes', async () => {
    for (const who of [colleague, third]) {
      const seen = await api(who, 'GET', `${P}/list/${id}?kind=treat`, undefined, 'en');
      expect(seen.body).toMatchObject({ code: 1, msg: 'Remote consultation record not found' });
      expect(JSON.stringify(seen.body)).not.toContain(template.name);
      expect((await propose(who, treat())).body.code).not.toBe(0);
      expect((await api(who, 'POST', `${P}/accept/${proposalId}`, {})).body.code).not.toBe(0);
      expect((await api(who, 'POST', `${P}/decline/${proposalId}`, { reason: 'x' })).body.code).not.toBe(0);
      expect((await api(who, 'POST', `${P}/withdraw/${proposalId}`)).body.code).not.toBe(0);
    }
    // the third organization's doctor holds the permissions: told the record does not exist
    const third404 = await api(third, 'POST', `${P}/accept/${proposalId}`, {}, 'en');
    expect(third404.body).toMatchObject({ code: 1, msg: 'Remote consultation record not found' });
    // each side keeps to its own step
    expect((await api(expert, 'POST', `${P}/accept/${proposalId}`, {})).body.code).toBe(409);
    expect((await api(doctor, 'POST', `${P}/withdraw/${proposalId}`)).body.code).toBe(409);
    expect((await propose(doctor, treat())).body.code).not.toBe(0);
    expect((await list(doctor, 'treat')).data.list[0].status).toBe('proposed');
  });

  it('accepting prescribes the project into the patient’s course; accepting again is refused', async () => {
    const before = (await projectsOfCourse()).length;
    const res = await api(doctor, 'POST', `${P}/accept/${proposalId}`, {});
    expect(res.body.code, res.body.msg).toBe(0);
    const projects = await projectsOfCourse();
    expect(projects).toHaveLength(before + 1);
    const made = projects.find((p) => p.id === res.body.data.recordId)!;
    expect(made).toMatchObject({ name: template.name, frequency: '2', totalTimes: 20 });
    const again = await api(doctor, 'POST', `${P}/accept/${proposalId}`, {}, 'en');
    expect(again.body.code).toBe(409);
    expect(again.body.msg).toMatch(/already accepted/);
    expect(await projectsOfCourse()).toHaveLength(before + 1);
    expect((await list(expert, 'treat')).data.list[0]).toMatchObject({
      status: 'accepted',
      recordId: made.id,
      decidedByName: expect.any(String),
    });
    // its content and decision are fixed: the table refuses a change or a delete
    await expect(
      s.app.db.update(consultationProposals).set({ times: 99 }).where(eq(consultationProposals.id, proposalId)),
    ).rejects.toThrow();
    await expect(
      s.app.db.delete(consultationProposals).where(eq(consultationProposals.id, proposalId)),
    ).rejects.toThrow();
  });

  it('two concurrent accepts make one project: one wins, the other is refused', async () => {
    const res = await propose(expert, treat({ times: 5, frequency: '1' }));
    const pid = res.body.data.id as number;
    const before = (await projectsOfCourse()).length;
    const answers = await Promise.all([
      api(doctor, 'POST', `${P}/accept/${pid}`, {}),
      api(doctor, 'POST', `${P}/accept/${pid}`, {}),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 409]);
    expect(await projectsOfCourse()).toHaveLength(before + 1);
  });

  it('declining asks for a reason, then keeps it; a withdrawn proposal cannot be accepted', async () => {
    const pid = (await propose(expert, treat({ times: 3 }))).body.data.id as number;
    const blank = await api(doctor, 'POST', `${P}/decline/${pid}`, { reason: '  ' }, 'en');
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBeTruthy();
    expect((await list(doctor, 'treat')).data.list.find((p: { id: number }) => p.id === pid).status).toBe('proposed');
    const declined = await api(doctor, 'POST', `${P}/decline/${pid}`, { reason: '患者已出院 / discharged soon' });
    expect(declined.body.code, declined.body.msg).toBe(0);
    expect((await list(expert, 'treat')).data.list.find((p: { id: number }) => p.id === pid)).toMatchObject({
      status: 'declined',
      declineReason: '患者已出院 / discharged soon',
      recordId: null,
    });
    expect((await api(doctor, 'POST', `${P}/accept/${pid}`, {})).body.code).toBe(409);

    const wid = (await propose(expert, treat({ times: 4 }))).body.data.id as number;
    expect((await api(expert, 'POST', `${P}/withdraw/${wid}`)).body.code).toBe(0);
    const late = await api(doctor, 'POST', `${P}/accept/${wid}`, {});
    expect(late.body.code).toBe(409);
    expect(late.body.msg).toContain('已撤回');
  });
});

describe('an assessment proposed and accepted', () => {
  it('refuses a phase the method is not used in, and a foreign method, writing nothing', async () => {
    const before = await proposalCount();
    const missing = ([1, 2, 3, 4] as const).find((p) => !method.phases.includes(p));
    if (missing) {
      const phase = await propose(expert, { kind: 'assess', methodId: method.id, phase: missing }, 'en');
      expect(phase.body).toMatchObject({ code: 400, field: 'phase' });
    }
    const foreign = await propose(expert, { kind: 'assess', methodId: 999999, phase: 1 });
    expect(foreign.body).toMatchObject({ code: 400, field: 'methodId' });
    expect(await proposalCount()).toBe(before);
  });

  it('accepting plans the assessment in the patient’s course, with the accepting doctor as assessor', async () => {
    const res = await propose(expert, {
      kind: 'assess',
      methodId: method.id,
      phase: method.phases[0],
      remark: '两周后',
    });
    expect(res.body.code, res.body.msg).toBe(0);
    const ours = await list(doctor, 'assess', 'en');
    expect(ours.data.list[0]).toMatchObject({ status: 'proposed', name: method.name, phase: method.phases[0] });
    const accepted = await api(doctor, 'POST', `${P}/accept/${res.body.data.id}`, {});
    expect(accepted.body.code, accepted.body.msg).toBe(0);
    const planned = await api(doctor, 'POST', '/sys/assess/list', { patientId, treatmentId, page: 1, limit: 50 });
    expect(planned.body.code, planned.body.msg).toBe(0);
    const row = planned.body.data.list.find((a: { id: number }) => a.id === accepted.body.data.recordId);
    expect(row).toBeTruthy();
    expect(row.status).toBe(1);
    expect((await api(doctor, 'POST', `${P}/accept/${res.body.data.id}`, {})).body.code).toBe(409);
  });
});

describe('when proposals are made', () => {
  it('only once the expert took the consultation over', async () => {
    const open = await requested();
    const early = await propose(expert, treat(), 'en', open);
    expect(early.body.code).toBe(409);
    expect((await api(expert, 'GET', `${P}/list/${open}?kind=treat`)).body.data.mayPropose).toBe(false);
  });
});
