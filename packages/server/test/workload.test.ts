// Therapist groups, post clock-in and the workload numbers (issue 5): every call with success, bad input (400 naming
// the field), no permission (403), another organization's ids (404), conflicts (409) and nothing written on refusal.
// Work orders are inserted directly: the numbers must be exactly what the rows say.
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleId } from '@rehab/shared';
import {
  clockIns,
  offices,
  treatmentTeamMembers,
  treatmentTeams,
  userOffices,
  userOrganizations,
  userRoles,
  users,
  workOrders,
} from '../src/db/schema';
import { treatmentProjects } from '../src/modules/patients/patients.tables';
import { hashPassword } from '../src/modules/auth/password';
import { dayIn } from '../src/modules/workload/today';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let org: number;
let other: { token: string; organizationId: number };
let doctor: string;
let superAdmin: string;
let today: string;
let yesterday: string;
/** two therapists and a nurse of our own, in the first organization */
const staff = { a: 0, b: 0, nurse: 0 };
let tokenA: string;
let tokenB: string;
let officeId: number;
let otherOfficeId: number;

async function createStaff(name: string, phone: string, roleIds: number[], organizationId: number, office?: number) {
  const [u] = await s.app.db
    .insert(users)
    .values({ name, phone, email: `${phone}@rehab.example`, passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  await s.app.db.insert(userOrganizations).values({ userId: u!.id, organizationId });
  await s.app.db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: u!.id, organizationId, roleId })));
  if (office) await s.app.db.insert(userOffices).values({ userId: u!.id, officeId: office });
  return u!.id;
}

const api = (token: string, method: string, url: string, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token, body, lang });
const teamCount = async () => Number((await s.app.db.select({ n: count() }).from(treatmentTeams))[0]!.n);
const memberCount = async () => Number((await s.app.db.select({ n: count() }).from(treatmentTeamMembers))[0]!.n);
const clockCount = async () => Number((await s.app.db.select({ n: count() }).from(clockIns))[0]!.n);

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  const a = await s.loginInto(DEMO.orgAdmin);
  admin = a.token;
  org = a.organizationId;
  other = await s.loginInto(DEMO.superAdmin, 1);
  // the super administrator (role 1) in the second organization: one session only (a second sign-in ends the first)
  superAdmin = other.token;
  doctor = (await s.loginInto(DEMO.doctor)).token;
  today = dayIn(s.config.scheduler.timezone);
  yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const officeRows = await s.app.db.select().from(offices).where(eq(offices.organizationId, org));
  officeId = officeRows[1]!.id;
  otherOfficeId = (await s.app.db.select().from(offices).where(eq(offices.organizationId, other.organizationId)))[0]!
    .id;
  staff.a = await createStaff('测试治疗师甲', '13900005001', [RoleId.therapist], org, officeId);
  staff.b = await createStaff('测试治疗师乙', '13900005002', [RoleId.therapist], org, officeId);
  staff.nurse = await createStaff('测试护士', '13900005003', [RoleId.nurse], org);
  tokenA = (await s.loginInto('13900005001')).token;
  tokenB = (await s.loginInto('13900005002')).token;
}, 120_000);
afterAll(async () => {
  await s?.close();
});

let teamId: number;
let team2Id: number;

describe('therapist groups', () => {
  it('saves a group with members, leader, department and one default group per member', async () => {
    const res = await api(admin, 'POST', '/sys/treatmentTeam/save', {
      name: '测试神经康复组',
      officeId,
      leaderId: staff.a,
      remark: '病区三楼',
      members: [
        { userId: staff.a, isDefault: true },
        { userId: staff.b, isDefault: true },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: '测试神经康复组',
      officeId,
      leaderId: staff.a,
      leaderName: '测试治疗师甲',
      status: 1,
      remark: '病区三楼',
      memberCount: 2,
    });
    expect(res.body.data.officeName).toBeTruthy();
    teamId = res.body.data.id;

    // B's default moves to the second group; A keeps the first as default
    const second = await api(admin, 'POST', '/sys/treatmentTeam/save', {
      name: '测试骨科康复组',
      members: [
        { userId: staff.b, isDefault: true },
        { userId: staff.nurse, isDefault: false },
        { userId: staff.a, isDefault: false },
      ],
    });
    expect(second.status).toBe(200);
    team2Id = second.body.data.id;
    const info = await api(admin, 'GET', `/sys/treatmentTeam/info/${teamId}`);
    const defaults = Object.fromEntries(
      info.body.data.members.map((m: { userId: number; isDefault: boolean }) => [m.userId, m.isDefault]),
    );
    expect(defaults).toEqual({ [staff.a]: true, [staff.b]: false });
    expect(info.body.data.members[0].roleIds).toEqual([RoleId.therapist]);
  });

  it('lists with search by name, status and department, paged', async () => {
    const res = await api(admin, 'POST', '/sys/treatmentTeam/list', { name: '测试', page: 1, limit: 10 });
    expect(res.body.data.list.map((r: { name: string }) => r.name).sort()).toEqual([
      '测试神经康复组',
      '测试骨科康复组',
    ]);
    expect(res.body.data).toMatchObject({ totalCount: 2, currPage: 1, pageSize: 10 });
    const byOffice = await api(admin, 'POST', '/sys/treatmentTeam/list', { name: '测试', officeId });
    expect(byOffice.body.data.list.map((r: { id: number }) => r.id)).toEqual([teamId]);
    expect((await api(admin, 'POST', '/sys/treatmentTeam/list', { status: 5 })).body).toMatchObject({
      code: 400,
      field: 'status',
    });
    const select = await api(tokenA, 'GET', '/sys/treatmentTeam/select');
    expect(select.body.data.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([teamId, team2Id]));
    // the other organization sees none of them
    const theirs = await api(other.token, 'POST', '/sys/treatmentTeam/list', { name: '测试' });
    expect(theirs.body.data.totalCount).toBe(0);
  });

  it('refuses bad input, repeats, foreign ids and callers without the permission, writing nothing', async () => {
    const [teams, members] = [await teamCount(), await memberCount()];
    const save = (body: unknown, token = admin, lang?: string) =>
      api(token, 'POST', '/sys/treatmentTeam/save', body, lang);
    expect((await save({ name: '' })).body).toMatchObject({ code: 400, field: 'name' });
    expect((await save({ name: 'x'.repeat(51) })).body).toMatchObject({ code: 400, field: 'name' });
    expect((await save({ name: '新组', remark: 'x'.repeat(21) })).body).toMatchObject({ code: 400, field: 'remark' });
    expect((await save({ name: '新组', leaderId: staff.a, members: [] })).body).toMatchObject({
      code: 400,
      field: 'leaderId',
    });
    expect(
      (
        await save({
          name: '新组',
          members: [
            { userId: staff.a, isDefault: false },
            { userId: staff.a, isDefault: true },
          ],
        })
      ).body,
    ).toMatchObject({ code: 400, field: 'members' });
    const taken = await save({ name: '测试神经康复组'.toUpperCase() }, admin, 'en');
    expect(taken.body).toMatchObject({ code: 409, field: 'name' });
    expect(taken.body.msg).toContain('测试神经康复组');
    // an organization administrator holds no treating role: not a member
    const [orgAdminUser] = await s.app.db.select().from(users).where(eq(users.phone, DEMO.orgAdmin));
    const notStaff = await save({ name: '新组', members: [{ userId: orgAdminUser!.id, isDefault: false }] });
    expect(notStaff.body).toMatchObject({ code: 400, field: 'members' });
    expect(notStaff.body.msg).toContain('机构管理员');
    // another organization's department and user
    expect((await save({ name: '新组', officeId: otherOfficeId })).status).toBe(404);
    const [therapist2] = await s.app.db.select().from(users).where(eq(users.phone, DEMO.therapist2));
    expect((await save({ name: '新组', members: [{ userId: therapist2!.id, isDefault: false }] })).status).toBe(404);
    // permissions: doctors read groups, only administrators maintain them; therapists do neither
    expect((await save({ name: '新组' }, doctor)).status).toBe(403);
    expect((await api(tokenA, 'POST', '/sys/treatmentTeam/list', {})).status).toBe(403);
    expect((await api(doctor, 'POST', '/sys/treatmentTeam/list', {})).status).toBe(200);
    expect([await teamCount(), await memberCount()]).toEqual([teams, members]);
  });

  it('updates the whole group, members replaced; foreign ids answer 404', async () => {
    const res = await api(admin, 'POST', '/sys/treatmentTeam/update', {
      id: team2Id,
      name: '测试骨科康复组',
      status: 1,
      leaderId: staff.b,
      members: [
        { userId: staff.b, isDefault: true },
        { userId: staff.nurse, isDefault: true },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ leaderId: staff.b, memberCount: 2, officeId: null });
    const members = await s.app.db.select().from(treatmentTeamMembers).where(eq(treatmentTeamMembers.teamId, team2Id));
    expect(members.map((m) => m.userId).sort()).toEqual([staff.b, staff.nurse].sort());

    const [foreign] = await s.app.db
      .insert(treatmentTeams)
      .values({ organizationId: other.organizationId, name: '别家小组' })
      .returning();
    expect((await api(admin, 'GET', `/sys/treatmentTeam/info/${foreign!.id}`)).status).toBe(404);
    expect(
      (await api(admin, 'POST', '/sys/treatmentTeam/update', { id: foreign!.id, name: '改名', members: [] })).status,
    ).toBe(404);
    expect((await api(admin, 'POST', '/sys/treatmentTeam/delete', [foreign!.id])).status).toBe(404);
    const [still] = await s.app.db.select().from(treatmentTeams).where(eq(treatmentTeams.id, foreign!.id));
    expect(still!.name).toBe('别家小组');
    // a rename onto another group's name is a conflict and changes nothing
    const clash = await api(admin, 'POST', '/sys/treatmentTeam/update', {
      id: team2Id,
      name: '测试神经康复组',
      members: [],
    });
    expect(clash.body).toMatchObject({ code: 409, field: 'name' });
    expect(
      (await s.app.db.select().from(treatmentTeamMembers).where(eq(treatmentTeamMembers.teamId, team2Id))).length,
    ).toBe(2);
  });

  it('keeps an English name, shown on English screens with the Chinese name as fallback (issue 21)', async () => {
    // no Chinese characters in the English name, nothing written
    const teams = await teamCount();
    const chinese = await api(admin, 'POST', '/sys/treatmentTeam/save', { name: '测试英文组', nameEn: '英文' });
    expect(chinese.body).toMatchObject({ code: 400, field: 'nameEn' });
    expect(await teamCount()).toBe(teams);
    const saved = await api(admin, 'POST', '/sys/treatmentTeam/save', {
      name: '测试英文组',
      nameEn: ' Test English group ',
      members: [{ userId: staff.b, isDefault: false }],
    });
    expect(saved.body.data).toMatchObject({ name: '测试英文组', nameEn: 'Test English group' });
    const id = saved.body.data.id as number;
    // the list answers both names (the form edits them) and finds the group by its English name
    const found = await api(admin, 'POST', '/sys/treatmentTeam/list', { name: 'english' });
    expect(found.body.data.list.map((r: { id: number }) => r.id)).toEqual([id]);
    // the pickers name groups in the reader's language; one without an English name keeps its Chinese name
    const picked = async (lang: string) =>
      Object.fromEntries(
        (await api(tokenB, 'GET', '/sys/treatmentTeam/select', undefined, lang)).body.data.map(
          (r: { id: number; name: string }) => [r.id, r.name],
        ),
      );
    expect((await picked('en'))[id]).toBe('Test English group');
    expect((await picked('en'))[teamId]).toBe('测试神经康复组');
    expect((await picked('zh-CN'))[id]).toBe('测试英文组');
    const clockList = await api(tokenB, 'POST', '/sys/checkin/selectTreatmentTeamList', undefined, 'en');
    expect(clockList.body.data.teamList.find((t: { id: number }) => t.id === id).name).toBe('Test English group');
    const authorize = await api(admin, 'POST', '/sys/referral/getTreatmentTeamAndTherapists', {}, 'en');
    expect(authorize.body.data.find((t: { id: number }) => t.id === id)?.name).toBe('Test English group');
    const therapists = await api(admin, 'GET', '/sys/therapist/list', undefined, 'en');
    const b = therapists.body.data.find((r: { userId: number }) => r.userId === staff.b);
    expect(b.teams.find((t: { id: number }) => t.id === id).name).toBe('Test English group');
    // a work order of the group names it in English on English screens
    const [project] = await s.app.db.select().from(treatmentProjects).where(eq(treatmentProjects.organizationId, org));
    const [order] = await s.app.db
      .insert(workOrders)
      .values({
        organizationId: org,
        patientId: project!.patientId,
        treatmentId: project!.treatmentId,
        projectId: project!.id,
        execOfficeId: project!.execOfficeId,
        teamId: id,
        authorizedTeamId: id,
        treatDate: '2020-01-02',
        seq: 1,
      })
      .returning();
    const orders = async (lang: string) =>
      (
        await api(admin, 'POST', '/sys/referral/list', { patientId: project!.patientId, limit: 100 }, lang)
      ).body.data.list.find((r: { id: number }) => r.id === order!.id);
    expect(await orders('en')).toMatchObject({
      treatmentTeamName: 'Test English group',
      authorizedTeamName: 'Test English group',
    });
    expect((await orders('zh-CN')).treatmentTeamName).toBe('测试英文组');
    // emptied, the English screens fall back to the Chinese name
    await api(admin, 'POST', '/sys/treatmentTeam/update', { id, name: '测试英文组', nameEn: '', members: [] });
    expect((await orders('en')).treatmentTeamName).toBe('测试英文组');
    expect((await api(admin, 'GET', `/sys/treatmentTeam/info/${id}`)).body.data.nameEn).toBe('');
    await s.app.db.delete(workOrders).where(eq(workOrders.id, order!.id));
    expect((await api(admin, 'POST', '/sys/treatmentTeam/delete', [id])).status).toBe(200);
  });

  it('refuses to delete a group still used by projects or work orders, naming what uses it', async () => {
    const [used] = await s.app.db
      .insert(treatmentTeams)
      .values({ organizationId: org, name: '测试在用组' })
      .returning();
    const [project] = await s.app.db.select().from(treatmentProjects).where(eq(treatmentProjects.organizationId, org));
    await s.app.db.update(treatmentProjects).set({ teamId: used!.id }).where(eq(treatmentProjects.id, project!.id));
    const zh = await api(admin, 'POST', '/sys/treatmentTeam/delete', { ids: [used!.id] });
    expect(zh.body.code).toBe(409);
    expect(zh.body.msg).toBe('治疗小组“测试在用组”仍被1 个治疗项目使用，不能删除，可改为停用');
    await s.app.db.insert(workOrders).values({
      organizationId: org,
      patientId: project!.patientId,
      treatmentId: project!.treatmentId,
      projectId: project!.id,
      execOfficeId: project!.execOfficeId,
      teamId: used!.id,
      treatDate: '2020-01-01',
      seq: 1,
    });
    const en = await api(admin, 'POST', '/sys/treatmentTeam/delete', [used!.id], 'en');
    expect(en.body.code).toBe(409);
    expect(en.body.msg).toContain('1 treatment project(s), 1 work order(s)');
    // one refused id refuses the whole call
    const [free] = await s.app.db.insert(treatmentTeams).values({ organizationId: org, name: '测试空组' }).returning();
    expect((await api(admin, 'POST', '/sys/treatmentTeam/delete', [free!.id, used!.id])).status).toBe(409);
    expect(await s.app.db.select().from(treatmentTeams).where(eq(treatmentTeams.id, free!.id))).toHaveLength(1);
    expect((await api(doctor, 'POST', '/sys/treatmentTeam/delete', [free!.id])).status).toBe(403);
    expect((await api(admin, 'POST', '/sys/treatmentTeam/delete', [])).body).toMatchObject({ code: 400 });
    // cleanup of the fixture: the order and the project go back; the unused group is deleted
    await s.app.db.delete(workOrders).where(eq(workOrders.teamId, used!.id));
    await s.app.db.update(treatmentProjects).set({ teamId: null }).where(eq(treatmentProjects.id, project!.id));
    expect((await api(admin, 'POST', '/sys/treatmentTeam/delete', [free!.id, used!.id])).status).toBe(200);
    expect(
      await s.app.db
        .select()
        .from(treatmentTeams)
        .where(inArray(treatmentTeams.id, [free!.id, used!.id])),
    ).toEqual([]);
  });
});

describe('post clock-in', () => {
  it('tells treating staff to clock in, and nobody else', async () => {
    const flag = async (token: string) => (await api(token, 'POST', '/sys/checkin/needCheckIn')).body.data.needCheckIn;
    expect(await flag(tokenA)).toBe(true);
    expect(await flag(doctor)).toBe(true);
    expect(await flag(admin)).toBe(false); // role 19 only
    expect(await flag(superAdmin)).toBe(false); // role 1
    // an organization without an enabled group has nothing to clock in to
    await s.app.db
      .update(treatmentTeams)
      .set({ status: 0 })
      .where(eq(treatmentTeams.organizationId, other.organizationId));
    const therapist2 = (await s.loginInto(DEMO.therapist2)).token;
    expect(await flag(therapist2)).toBe(false);
  });

  it('offers the groups with the default preselected, records one clock-in a day and changes the post', async () => {
    expect((await api(tokenA, 'POST', '/sys/checkin/todayCheck')).body.data).toBeNull();
    const list = await api(tokenA, 'POST', '/sys/checkin/selectTreatmentTeamList');
    expect(list.body.data.defaultTeam).toEqual({ id: teamId, name: '测试神经康复组' });
    const offered = list.body.data.teamList as { id: number; member: boolean }[];
    expect(offered.find((t) => t.id === teamId)?.member).toBe(true);
    expect(offered.find((t) => t.id === team2Id)?.member).toBe(false);
    // the user's own groups come first
    expect(offered[0]!.member).toBe(true);

    const first = await api(tokenA, 'PUT', '/sys/checkin/check', { treatmentTeamId: teamId, name: '测试神经康复组' });
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe('岗位打卡成功：测试神经康复组');
    expect(first.body.data).toMatchObject({ teamId, teamName: '测试神经康复组', date: today });
    const again = await api(tokenA, 'PUT', '/sys/checkin/check', { treatmentTeamId: team2Id }, 'en');
    expect(again.body.msg).toBe('Post clock-in succeeded: 测试骨科康复组');
    expect(again.body.data).toMatchObject({
      id: first.body.data.id,
      teamId: team2Id,
      checkedAt: first.body.data.checkedAt,
    });
    const todayRow = await api(tokenA, 'POST', '/sys/checkin/todayCheck');
    expect(todayRow.body.data).toMatchObject({ teamId: team2Id, teamName: '测试骨科康复组' });
    const rows = await s.app.db.select().from(clockIns).where(eq(clockIns.userId, staff.a));
    expect(rows).toHaveLength(1);
    // today's post is now the preselected one
    expect((await api(tokenA, 'POST', '/sys/checkin/selectTreatmentTeamList')).body.data.defaultTeam.id).toBe(team2Id);
    await api(tokenA, 'PUT', '/sys/checkin/check', { treatmentTeamId: teamId });
  });

  it('refuses disabled and foreign groups, bad input and callers who are not treating staff, writing nothing', async () => {
    const before = await clockCount();
    const [disabled] = await s.app.db
      .insert(treatmentTeams)
      .values({ organizationId: org, name: '测试停用组', status: 0 })
      .returning();
    const [foreign] = await s.app.db
      .insert(treatmentTeams)
      .values({ organizationId: other.organizationId, name: '别家打卡组' })
      .returning();
    const check = (token: string, body: unknown, lang?: string) => api(token, 'PUT', '/sys/checkin/check', body, lang);
    const off = await check(tokenB, { treatmentTeamId: disabled!.id });
    expect(off.body).toMatchObject({ code: 409, field: 'treatmentTeamId' });
    expect(off.body.msg).toContain('测试停用组');
    expect((await check(tokenB, { treatmentTeamId: foreign!.id })).status).toBe(404);
    expect((await check(tokenB, {})).body).toMatchObject({ code: 400, field: 'treatmentTeamId' });
    expect((await check(tokenB, { treatmentTeamId: 'abc' })).body).toMatchObject({
      code: 400,
      field: 'treatmentTeamId',
    });
    expect((await check(admin, { treatmentTeamId: teamId })).status).toBe(403);
    expect((await api(admin, 'POST', '/sys/checkin/selectTreatmentTeamList')).status).toBe(403);
    // the super administrator holds every permission but is not clock-in staff (role 1)
    const sa = await check(superAdmin, { treatmentTeamId: teamId }, 'en');
    expect(sa.status).toBe(403);
    expect(sa.body.msg).toMatch(/therapists, doctors and nurses/);
    expect(await clockCount()).toBe(before);
    expect((await s.api('POST', '/api/sys/checkin/needCheckIn')).status).toBe(401);
  });
});

describe('workload numbers', () => {
  let projects: (typeof treatmentProjects.$inferSelect)[];
  let seq = 100;
  const order = (
    p: typeof treatmentProjects.$inferSelect,
    v: Partial<typeof workOrders.$inferInsert> & { status: number },
  ) => ({
    organizationId: org,
    patientId: p.patientId,
    treatmentId: p.treatmentId,
    projectId: p.id,
    execOfficeId: p.execOfficeId,
    treatDate: today,
    seq: seq++,
    ...v,
  });

  beforeAll(async () => {
    const all = await s.app.db.select().from(treatmentProjects).where(eq(treatmentProjects.organizationId, org));
    // two projects of two different patients
    const first = all[0]!;
    projects = [first, all.find((p) => p.patientId !== first.patientId)!];
    const [p, q] = projects as [typeof first, typeof first];
    await s.app.db.insert(workOrders).values([
      // A: two completed (two patients), one unfinished checked in, one invalidated, one expired
      order(p, { therapistId: staff.a, teamId, status: 3, executorId: staff.a, completedAt: new Date() }),
      order(q, { therapistId: staff.a, teamId, status: 3, executorId: staff.a, completedAt: new Date() }),
      order(p, { therapistId: staff.a, teamId, status: 1, checkedInAt: new Date() }),
      order(q, { therapistId: staff.a, teamId, status: 2, invalidReason: '患者请假' }),
      order(p, { therapistId: staff.a, teamId, status: 4 }),
      // A's order authorized to B in the second group: counts for B there
      order(q, { therapistId: staff.a, teamId, authorizedTherapistId: staff.b, authorizedTeamId: team2Id, status: 1 }),
      // B executed an order of A's: the executor gets the credit
      order(p, { therapistId: staff.a, teamId, status: 3, executorId: staff.b, completedAt: new Date() }),
      // yesterday: one completed for A
      order(p, { therapistId: staff.a, teamId, status: 3, executorId: staff.a, treatDate: yesterday }),
    ]);
  });

  it('answers today per therapist, per group and in total', async () => {
    const res = await api(admin, 'GET', '/sys/workload/today');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.date).toBe(today);
    const [p, q] = projects as [typeof treatmentProjects.$inferSelect, typeof treatmentProjects.$inferSelect];
    const a = d.therapists.find((t: { therapistId: number }) => t.therapistId === staff.a);
    expect(a).toMatchObject({
      name: '测试治疗师甲',
      total: 5,
      unfinished: 1,
      completed: 2,
      invalidated: 1,
      expired: 1,
      patients: 2,
      minutes: p.duration + q.duration,
      checkedIn: 1,
      clockIn: { teamId, teamName: '测试神经康复组' },
    });
    // the update of the second group left A out of it
    expect(a.teams).toEqual([{ id: teamId, name: '测试神经康复组', isDefault: true }]);
    const b = d.therapists.find((t: { therapistId: number }) => t.therapistId === staff.b);
    expect(b).toMatchObject({ total: 2, unfinished: 1, completed: 1, patients: 1, minutes: p.duration, clockIn: null });
    const t1 = d.teams.find((t: { teamId: number }) => t.teamId === teamId);
    expect(t1).toMatchObject({ total: 6, completed: 3, unfinished: 1, clockedIn: 1, members: 2 });
    const t2 = d.teams.find((t: { teamId: number }) => t.teamId === team2Id);
    expect(t2).toMatchObject({ total: 1, unfinished: 1, completed: 0 });
    expect(d.totals.total).toBeGreaterThanOrEqual(7);
    expect(d.clockedIn).toBeGreaterThanOrEqual(1);
    expect(d.therapistCount).toBeGreaterThanOrEqual(3);
    // one department: our orders are in the projects' executing departments
    const dept = await api(admin, 'GET', `/sys/workload/today?officeId=${p.execOfficeId}`);
    const aDept = dept.body.data.therapists.find((t: { therapistId: number }) => t.therapistId === staff.a);
    expect(aDept.total).toBe(p.execOfficeId === q.execOfficeId ? 5 : 3);
    expect((await api(admin, 'GET', '/sys/workload/today?officeId=x')).body).toMatchObject({
      code: 400,
      field: 'officeId',
    });
  });

  it('never shows another organization’s orders', async () => {
    const theirs = await api(other.token, 'GET', '/sys/workload/today');
    expect(theirs.body.data.therapists.map((t: { therapistId: number }) => t.therapistId)).not.toContain(staff.a);
    const [p] = projects;
    const foreignOffice = await api(other.token, 'GET', `/sys/workload/today?officeId=${p!.execOfficeId}`);
    expect(foreignOffice.body.data.totals.total).toBe(0);
    const board = await api(other.token, 'GET', '/sys/workload/board');
    expect(board.body.data.cards.map((c: { therapistId: number }) => c.therapistId)).not.toContain(staff.a);
    const daily = await api(other.token, 'POST', '/sys/workload/daily', {
      startDate: yesterday,
      endDate: today,
      therapistId: staff.a,
    });
    expect(daily.body.data.totals.total).toBe(0);
  });

  it('answers a date range by day and per therapist, with filters', async () => {
    const res = await api(doctor, 'POST', '/sys/workload/daily', {
      startDate: yesterday,
      endDate: today,
      therapistId: staff.a,
    });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.days.map((x: { date: string }) => x.date)).toEqual([yesterday, today]);
    expect(d.days[0]).toMatchObject({ completed: 1, total: 1, therapists: 1 });
    expect(d.days[1]).toMatchObject({ completed: 2, total: 5 });
    expect(d.therapists).toEqual([expect.objectContaining({ therapistId: staff.a, completed: 3, days: 2 })]);
    expect(d.totals).toMatchObject({ completed: 3, total: 6 });
    const byTeam = await api(doctor, 'POST', '/sys/workload/daily', {
      startDate: today,
      endDate: today,
      teamId: team2Id,
    });
    expect(byTeam.body.data.totals).toMatchObject({ total: 1, unfinished: 1 });
    // the rows add up to the totals: group-owned and unowned orders have rows of their own
    for (const lang of ['zh-CN', 'en']) {
      const all = (await api(doctor, 'POST', '/sys/workload/daily', { startDate: yesterday, endDate: today }, lang))
        .body.data;
      const sum = (k: string) => all.therapists.reduce((n: number, r: Record<string, number>) => n + r[k]!, 0);
      for (const k of ['total', 'completed', 'unfinished', 'expired', 'invalidated', 'minutes'])
        expect(sum(k), k).toBe(all.totals[k]);
      const kinds = all.therapists.map((r: { kind: string }) => r.kind);
      expect(kinds.filter((k: string) => k !== 'therapist').length).toBeGreaterThan(0);
      const nobody = all.therapists.find((r: { kind: string }) => r.kind !== 'therapist');
      expect(nobody.therapistId).toBeNull();
      expect(nobody.name).toMatch(lang === 'en' ? /Group orders|Unassigned/ : /小组工单|未分配/);
    }
    const week = await api(doctor, 'POST', '/sys/workload/daily', { startDate: '2026-01-01', endDate: '2026-01-07' });
    expect(week.body.data.days).toHaveLength(7);

    const bad = (body: unknown) => api(doctor, 'POST', '/sys/workload/daily', body, 'en');
    expect((await bad({ startDate: today })).body).toMatchObject({ code: 400, field: 'endDate' });
    expect((await bad({ startDate: '2026-02-30', endDate: today })).body).toMatchObject({
      code: 400,
      field: 'startDate',
    });
    const reversed = await bad({ startDate: today, endDate: yesterday });
    expect(reversed.body).toMatchObject({ code: 400, field: 'endDate' });
    expect(reversed.body.msg).toMatch(/earlier than the start/);
    expect((await bad({ startDate: '2026-01-01', endDate: '2026-06-30' })).body).toMatchObject({
      code: 400,
      field: 'endDate',
    });
  });

  it('answers the live board: a card per therapist with the queue and the last patient', async () => {
    const res = await api(tokenA, 'GET', '/sys/workload/board');
    expect(res.status).toBe(200);
    const card = res.body.data.cards.find((c: { therapistId: number }) => c.therapistId === staff.a);
    expect(card).toMatchObject({ completed: 2, unfinished: 1, clockIn: { teamId } });
    expect(card.queue).toHaveLength(1);
    expect(card.queue[0]).toMatchObject({ checkedIn: true });
    expect(card.queue[0].patientName).toBeTruthy();
    expect(card.last.patientName).toBeTruthy();
    // clocked-in therapists first
    expect(res.body.data.cards[0].clockIn).not.toBeNull();
    const b = res.body.data.cards.find((c: { therapistId: number }) => c.therapistId === staff.b);
    expect(b.queue).toHaveLength(1);
  });

  it('lists the therapists for therapist management with groups, departments and today', async () => {
    const res = await api(admin, 'GET', '/sys/therapist/list');
    expect(res.status).toBe(200);
    const a = res.body.data.find((r: { userId: number }) => r.userId === staff.a);
    expect(a).toMatchObject({
      name: '测试治疗师甲',
      phone: '13900005001',
      roleIds: [RoleId.therapist],
      clockIn: { teamId },
      today: { unfinished: 1, completed: 2 },
    });
    expect(a.offices).toHaveLength(1);
    expect(a.teams).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: teamId, isDefault: true, leader: true })]),
    );
    // the nurse is not a therapist
    expect(res.body.data.map((r: { userId: number }) => r.userId)).not.toContain(staff.nurse);
    expect((await api(tokenA, 'GET', '/sys/therapist/list')).status).toBe(403);
  });
});

describe('staff lists', () => {
  it('getDoctor answers the doctors by default, or the staff of a role', async () => {
    const doctors = await api(tokenA, 'POST', '/sys/user/getDoctor', {});
    expect(doctors.body.data.map((d: { name: string }) => d.name)).toContain('王医生');
    expect(doctors.body.data[0]).toMatchObject({ roleId: RoleId.doctor });
    const nurses = await api(tokenA, 'POST', '/sys/user/getDoctor', { roleId: RoleId.nurse });
    expect(nurses.body.data.map((d: { userId: number }) => d.userId)).toContain(staff.nurse);
    expect((await api(tokenA, 'POST', '/sys/user/getDoctor', { roleId: 'x' })).body).toMatchObject({
      code: 400,
      field: 'roleId',
    });
    const theirs = await api(other.token, 'POST', '/sys/user/getDoctor', {});
    expect(theirs.body.data.map((d: { name: string }) => d.name)).not.toContain('王医生');
  });

  it('getTherapist answers the therapists with their groups, by group or name', async () => {
    const all = await api(doctor, 'POST', '/sys/user/getTherapist', {});
    const ids = all.body.data.map((d: { userId: number }) => d.userId);
    expect(ids).toEqual(expect.arrayContaining([staff.a, staff.b]));
    expect(ids).not.toContain(staff.nurse);
    const ofTeam = await api(doctor, 'POST', '/sys/user/getTherapist', { teamId: team2Id });
    expect(ofTeam.body.data.map((d: { userId: number }) => d.userId)).toEqual([staff.b]);
    const byName = await api(doctor, 'POST', '/sys/user/getTherapist', { name: '治疗师乙' });
    expect(byName.body.data.map((d: { userId: number }) => d.userId)).toEqual([staff.b]);
    const theirs = await api(other.token, 'POST', '/sys/user/getTherapist', {});
    expect(theirs.body.data.map((d: { userId: number }) => d.userId)).not.toContain(staff.a);
    expect((await s.api('POST', '/api/sys/user/getTherapist', { body: {} })).status).toBe(401);
  });
});

describe('no input answers 500', () => {
  it('bodies and queries of the wrong shape are refused, never a server error', async () => {
    const calls: [string, string][] = [
      ['POST', '/sys/treatmentTeam/list'],
      ['POST', '/sys/treatmentTeam/save'],
      ['POST', '/sys/treatmentTeam/update'],
      ['POST', '/sys/treatmentTeam/delete'],
      ['PUT', '/sys/checkin/check'],
      ['POST', '/sys/workload/daily'],
      ['POST', '/sys/user/getDoctor'],
      ['POST', '/sys/user/getTherapist'],
    ];
    const bodies: unknown[] = [
      '"x"',
      '[]',
      '12',
      'null',
      '{"ids":[-1]}',
      '{"name":{"a":1},"members":"x"}',
      '{"members":[{"userId":"a"}]}',
      '{"treatmentTeamId":99999999999}',
      '{"startDate":"2026-13-01","endDate":[]}',
      '{"roleId":-5,"teamId":{}}',
      '{bad json',
    ];
    for (const [method, url] of calls) {
      for (const body of bodies) {
        const res = await s.api(method, `/api${url}`, {
          token: admin,
          body: body as string,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status, `${method} ${url} ${String(body)}`).toBeLessThan(500);
      }
    }
    for (const q of ['officeId=-1', 'officeId=abc', 'officeId=1e99', 'officeId[]=1']) {
      expect((await api(admin, 'GET', `/sys/workload/today?${q}`)).status).toBeLessThan(500);
      expect((await api(admin, 'GET', `/sys/workload/board?${q}`)).status).toBeLessThan(500);
    }
    expect((await api(admin, 'GET', '/sys/treatmentTeam/info/abc')).status).toBe(400);
  });
});
