import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offices, organizations, userOrganizations, userRoles, users } from '../src/db/schema';
import { DEMO, startTestServer, type TestServer } from './harness';

type Office = { id: number; name: string; nameLang: Record<string, string> };
type Org = {
  id: number;
  name: string;
  nameLang: Record<string, string>;
  offices: Office[];
  config: { caIntegration: boolean };
};

let s: TestServer;
/** the two demo organizations as the super administrator sees them (every department) */
let org1: Org;
let org2: Org;
beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  const token = await s.loginAdmin(DEMO.superAdmin);
  const list = await s.api('GET', '/api/sys/organization/chooseOrganizationList', { token });
  [org1, org2] = list.body.data.list as Org[];
});
afterAll(async () => {
  await s?.close();
});

const get = (url: string, token: string, lang?: string) =>
  s.api('GET', `/api/sys/organization/${url}`, { token, lang });
const byName = (offices: Office[], en: string) => offices.find((o) => o.nameLang.en === en)!;
const login = (account: string) =>
  [DEMO.superAdmin, DEMO.orgAdmin].includes(account as never) ? s.loginAdmin(account) : s.loginStaff(account);

describe('chooseOrganizationList', () => {
  it('lists both organizations with their departments for the super administrator, as a page', async () => {
    const token = await s.loginAdmin(DEMO.superAdmin);
    const res = await get('chooseOrganizationList', token);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ totalCount: 2, pageSize: 10, currPage: 1, totalPage: 1 });
    expect(org1.nameLang).toEqual({ 'zh-CN': '康复示范医院', en: 'Rehab Demonstration Hospital' });
    expect(org2.nameLang.en).toBe('East District Community Rehab Centre');
    expect(org1.offices.map((o) => o.nameLang.en)).toEqual([
      'Rehabilitation Medicine',
      'Physical Therapy',
      'Occupational Therapy',
      'Speech Therapy',
    ]);
    expect(org2.offices).toHaveLength(4);
    expect(org1.config).toEqual({ caIntegration: false });

    const page2 = await get('chooseOrganizationList?page=2&limit=1', token);
    expect(page2.body.data).toMatchObject({ totalCount: 2, pageSize: 1, currPage: 2, totalPage: 2 });
    expect(page2.body.data.list.map((o: Org) => o.id)).toEqual([org2.id]);
    const bad = await get('chooseOrganizationList?page=0', token);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('page');
  });

  it('lists only their own organizations and departments for the others', async () => {
    const cases: [string, number[], string[][]][] = [
      [
        DEMO.orgAdmin,
        [org1.id],
        [['Rehabilitation Medicine', 'Physical Therapy', 'Occupational Therapy', 'Speech Therapy']],
      ],
      [DEMO.doctor, [org1.id], [['Rehabilitation Medicine']]],
      [DEMO.therapist, [org1.id, org2.id], [['Physical Therapy', 'Occupational Therapy'], ['Physical Therapy']]],
      [DEMO.therapist2, [org2.id], [['Physical Therapy']]],
    ];
    for (const [account, orgIds, offices] of cases) {
      const token = await login(account);
      const res = await get('chooseOrganizationList', token);
      expect(
        res.body.data.list.map((o: Org) => o.id),
        account,
      ).toEqual(orgIds);
      expect(res.body.data.totalCount).toBe(orgIds.length);
      expect(
        res.body.data.list.map((o: Org) => o.offices.map((x) => x.nameLang.en)),
        account,
      ).toEqual(offices);
    }
  });
});

describe('lastLoginOrganization', () => {
  it('never restores for roles 1 and 19', async () => {
    for (const account of [DEMO.superAdmin, DEMO.orgAdmin]) {
      const token = await s.loginAdmin(account);
      // even after they have chosen one
      expect((await get(`chooseOrganization?id=${org1.id}&officeId=${org1.offices[0]!.id}`, token)).body.code).toBe(0);
      const again = await s.loginAdmin(account);
      const res = await get('lastLoginOrganization', again);
      expect(res.body.code).toBe(0);
      expect(res.body.data).toMatchObject({ defaultChoose: false, childOrganization: null });
    }
  });

  it('goes straight in for a user of a single organization', async () => {
    const token = await s.loginStaff(DEMO.therapist2);
    const res = await get('lastLoginOrganization', token);
    expect(res.body.data).toMatchObject({
      defaultChoose: true,
      childOrganization: { id: org2.id },
      needSelectOffice: false,
      office: { id: byName(org2.offices, 'Physical Therapy').id },
    });
  });

  it('asks a user of two organizations until they choose, then restores the organization and department', async () => {
    const token = await s.loginStaff(DEMO.therapist);
    expect((await get('lastLoginOrganization', token)).body.data).toMatchObject({
      defaultChoose: false,
      childOrganization: null,
    });

    const ot = byName(org1.offices, 'Occupational Therapy');
    const chosen = await get(`chooseOrganization?id=${org1.id}&officeId=${ot.id}`, token);
    expect(chosen.body.code).toBe(0);
    expect(chosen.body.data).toMatchObject({
      organization: { id: org1.id },
      office: { id: ot.id },
      needSelectOffice: false,
      roleIdList: [10],
      caIntegration: false,
    });

    const next = await s.loginStaff(DEMO.therapist);
    const res = await get('lastLoginOrganization', next);
    expect(res.body.data).toMatchObject({
      defaultChoose: true,
      childOrganization: { id: org1.id },
      office: { id: ot.id },
      needSelectOffice: false,
    });
    expect(res.body.data.offices.map((o: Office) => o.nameLang.en)).toEqual([
      'Physical Therapy',
      'Occupational Therapy',
    ]);
  });
});

describe('chooseOrganization', () => {
  it('refuses an organization the user does not belong to', async () => {
    const token = await s.loginStaff(DEMO.doctor);
    for (const id of [org2.id, 9999]) {
      const res = await get(`chooseOrganization?id=${id}`, token, 'en');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 403,
        msgKey: 'org.notMember',
        msg: 'You do not belong to this organization',
      });
    }
    // nothing was chosen
    expect((await s.api('GET', '/api/sys/menu/nav', { token })).body.menuList).toEqual([]);
  });

  it("refuses another organization's department, and a department the user does not work in", async () => {
    const token = await s.loginStaff(DEMO.therapist);
    const other = await get(`chooseOrganization?id=${org1.id}&officeId=${org2.offices[1]!.id}`, token);
    expect(other.status).toBe(403);
    expect(other.body.msgKey).toBe('org.officeNotInOrganization');
    const notMine = await get(
      `chooseOrganization?id=${org1.id}&officeId=${byName(org1.offices, 'Speech Therapy').id}`,
      token,
    );
    expect(notMine.status).toBe(403);
    const admin = await s.loginAdmin(DEMO.orgAdmin);
    const adminOther = await get(`chooseOrganization?id=${org1.id}&officeId=${org2.offices[0]!.id}`, admin);
    expect(adminOther.status).toBe(403);
  });

  it('asks for a department when the user has several and gave none', async () => {
    const token = await s.loginStaff(DEMO.therapist);
    const res = await get(`chooseOrganization?id=${org1.id}`, token);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ office: null, needSelectOffice: true });
    expect(res.body.data.offices).toHaveLength(2);
    // the organization is current all the same
    const info = await s.api('GET', '/api/sys/user/info', { token });
    expect(info.body.data).toMatchObject({ organization: { id: org1.id }, office: null, roleIdList: [10] });
  });

  it('takes the only department when none is given', async () => {
    const token = await s.loginStaff(DEMO.doctor);
    const res = await get(`chooseOrganization?id=${org1.id}`, token);
    expect(res.body.data).toMatchObject({
      office: { id: byName(org1.offices, 'Rehabilitation Medicine').id },
      needSelectOffice: false,
    });
  });

  it('switches organization within a session and scopes the roles to it', async () => {
    const token = await s.loginStaff(DEMO.therapist);
    expect((await get(`chooseOrganization?id=${org2.id}`, token)).body.data.roleIdList).toEqual([10]);
    const info = await s.api('GET', '/api/sys/user/info', { token });
    expect(info.body.data).toMatchObject({
      organization: { id: org2.id },
      office: { id: byName(org2.offices, 'Physical Therapy').id },
    });
  });

  it('validates the query', async () => {
    const token = await s.loginAdmin(DEMO.superAdmin);
    for (const query of ['', '?id=abc', '?id=0', '?id=-1', `?id=${org1.id}&officeId=x`, '?id=1.5']) {
      const res = await get(`chooseOrganization${query}`, token);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe(400);
    }
    for (const query of ['?id=3000000000', `?id=${org1.id}&officeId=99999999999`, '?id=1e300']) {
      const res = await get(`chooseOrganization${query}`, token);
      expect(res.status, query).toBeLessThan(500);
    }
  });

  it('needs a session', async () => {
    expect((await s.api('GET', `/api/sys/organization/chooseOrganization?id=${org1.id}`)).status).toBe(401);
  });
});

describe('defaultChooseOrganizationAndOffice', () => {
  it('enters the restored organization in one call', async () => {
    const token = await s.loginStaff(DEMO.therapist2);
    const res = await get('defaultChooseOrganizationAndOffice', token);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      defaultChoose: true,
      organization: { id: org2.id },
      office: { id: byName(org2.offices, 'Physical Therapy').id },
      roleIdList: [10],
    });
    const nav = await s.api('GET', '/api/sys/menu/nav', { token });
    expect(nav.body.menuList.length).toBeGreaterThan(0);
  });

  it('enters nothing for an administrator, who must choose', async () => {
    const token = await s.loginAdmin(DEMO.orgAdmin);
    const res = await get('defaultChooseOrganizationAndOffice', token);
    expect(res.body.data).toMatchObject({ defaultChoose: false, roleIdList: [] });
    expect((await s.api('GET', '/api/sys/menu/nav', { token })).body.menuList).toEqual([]);
  });
});

describe('membership changes', () => {
  it('lets the super administrator enter an organization where they hold no role, with every permission', async () => {
    const [org] = await s.app.db
      .insert(organizations)
      .values({ name: '新院区', nameLang: { 'zh-CN': '新院区', en: 'New campus' } })
      .returning({ id: organizations.id });
    await s.app.db.insert(offices).values({ organizationId: org!.id, name: '康复科', nameLang: { en: 'Rehab' } });
    const token = await s.loginAdmin(DEMO.superAdmin);
    const list = await get('chooseOrganizationList', token);
    expect(list.body.data.list.map((o: Org) => o.id)).toContain(org!.id);
    const chosen = await get(`chooseOrganization?id=${org!.id}`, token);
    expect(chosen.body.data).toMatchObject({ organization: { id: org!.id }, roleIdList: [1] });
    const nav = await s.api('GET', '/api/sys/menu/nav', { token });
    expect(nav.body.permissions).toContain('sys:index:info');
    expect(nav.body.menuList.length).toBeGreaterThan(0);
    expect((await s.api('GET', `/api/sys/index/info/${org!.id}/0`, { token })).status).toBe(200);
    // the others do not see it
    const orgAdmin = await s.loginAdmin(DEMO.orgAdmin);
    expect((await get(`chooseOrganization?id=${org!.id}`, orgAdmin)).status).toBe(403);
  });

  it('takes the organization away from a session whose user left it', async () => {
    const { token, organizationId } = await s.loginInto(DEMO.doctor);
    expect((await s.api('GET', '/api/sys/user/info', { token })).body.data.organization.id).toBe(organizationId);
    const [doctor] = await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.doctor));
    const membership = and(eq(userRoles.userId, doctor!.id), eq(userRoles.organizationId, organizationId));
    await s.app.db.delete(userRoles).where(membership);
    await s.app.db
      .delete(userOrganizations)
      .where(and(eq(userOrganizations.userId, doctor!.id), eq(userOrganizations.organizationId, organizationId)));

    const info = await s.api('GET', '/api/sys/user/info', { token });
    expect(info.body.data).toMatchObject({ organization: null, roleIdList: [] });
    expect((await s.api('GET', '/api/sys/menu/nav', { token })).body).toMatchObject({ menuList: [], permissions: [] });
    const dashboard = await s.api('GET', `/api/sys/index/info/${organizationId}/0`, { token });
    expect(dashboard.status).toBe(403);
    expect(dashboard.body.msgKey).toBe('error.noOrganization');
    expect((await get(`chooseOrganization?id=${organizationId}`, token)).status).toBe(403);
  });
});
