import { AdminPerm, RoleId, type AdminMenuNode } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './harness';

// Administration of spec section 7: users, roles, menus, organizations and departments. Every call: success, bad
// input (400 naming the field, nothing written), no permission (403), another organization's id (404), conflicts.

let s: TestServer;
let sup: string; // super administrator in organization 1
let admin: string; // organization administrator of organization 1
let doctor: string;
let org1: number;
let org2: number;
let offices1: { id: number; name: string }[];
let offices2: { id: number; name: string }[];
let menuTree: AdminMenuNode[];

const flatten = (list: AdminMenuNode[]): AdminMenuNode[] => list.flatMap((n) => [n, ...flatten(n.children)]);
const menuByKey = (key: string) => flatten(menuTree).find((m) => m.key === key)!;

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  ({ token: sup, organizationId: org1 } = await s.loginInto(DEMO.superAdmin));
  ({ token: admin } = await s.loginInto(DEMO.orgAdmin));
  ({ token: doctor } = await s.loginInto(DEMO.doctor));
  const orgs = await s.api('GET', '/api/sys/organization/chooseOrganizationList', { token: sup });
  org2 = orgs.body.data.list[1].id;
  offices1 = (await s.api('GET', '/api/sys/office/listBox', { token: admin })).body.data;
  offices2 = (await s.api('GET', `/api/sys/office/listBox?organizationId=${org2}`, { token: sup })).body.data;
  menuTree = (await s.api('GET', '/api/sys/menu/list', { token: sup })).body.data;
});
afterAll(async () => {
  await s?.close();
});

/** The super administrator's token switched to an organization (one session, switched as needed). */
async function superIn(organizationId: number) {
  const res = await s.api('GET', `/api/sys/organization/chooseOrganization?id=${organizationId}`, { token: sup });
  expect(res.body.code).toBe(0);
  return sup;
}

let phoneSeq = 0;
const newPhone = () => `1390000${String(1000 + ++phoneSeq).slice(-4)}`;

async function createUser(token: string, overrides: Record<string, unknown> = {}) {
  const phone = newPhone();
  const res = await s.api('POST', '/api/sys/user/save', {
    token,
    body: {
      name: '测试用户',
      phone,
      memberships: [{ organizationId: org1, roleIds: [RoleId.therapist], officeIds: [offices1[1]!.id] }],
      ...overrides,
    },
  });
  return { res, phone, id: res.body.data?.id as number };
}

const userList = async (token: string, query = '') => s.api('GET', `/api/sys/user/list?limit=100${query}`, { token });

describe('users', () => {
  it('lists the members of the organization with roles, departments and search', async () => {
    const res = await userList(admin);
    expect(res.body.code).toBe(0);
    const phones = res.body.data.list.map((u: { phone: string }) => u.phone);
    expect(phones).toEqual(expect.arrayContaining([DEMO.doctor, DEMO.therapist, DEMO.orgAdmin]));
    expect(phones).not.toContain(DEMO.therapist2);
    const doc = res.body.data.list.find((u: { phone: string }) => u.phone === DEMO.doctor);
    expect(doc.roles.map((r: { id: number }) => r.id)).toEqual([RoleId.doctor]);
    expect(doc.offices).toHaveLength(1);
    expect(doc.online).toBe(true);

    const byName = await userList(admin, `&name=${encodeURIComponent('王')}`);
    expect(byName.body.data.list.map((u: { phone: string }) => u.phone)).toEqual([DEMO.doctor]);
    const byRole = await userList(admin, `&roleId=${RoleId.therapist}`);
    expect(byRole.body.data.list.every((u: { roles: { id: number }[] }) => u.roles.some((r) => r.id === 10))).toBe(
      true,
    );
    const byOffice = await userList(admin, `&officeId=${doc.offices[0].id}`);
    expect(byOffice.body.data.list.map((u: { phone: string }) => u.phone)).toContain(DEMO.doctor);
    const byPhone = await userList(admin, `&phone=0000019`);
    expect(byPhone.body.data.totalCount).toBe(1);
    const disabled = await userList(admin, '&status=0');
    expect(disabled.body.data.list.every((u: { status: number }) => u.status === 0)).toBe(true);
  });

  it('refuses bad search input, no permission and another organization for the organization administrator', async () => {
    const bad = await userList(admin, '&status=7');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('status');
    expect((await userList(doctor)).status).toBe(403);
    expect((await userList(admin, `&organizationId=${org2}`)).status).toBe(403);
    const other = await userList(await superIn(org1), `&organizationId=${org2}`);
    expect(other.body.data.list.map((u: { phone: string }) => u.phone)).toContain(DEMO.therapist2);
  });

  it('creates a user with the default password, who is warned that the password is at risk', async () => {
    const { res, phone, id } = await createUser(admin, { email: 'new.user@rehab.example' });
    expect(res.body.code).toBe(0);
    const info = await s.api('GET', `/api/sys/user/info/${id}/${org1}`, { token: admin });
    expect(info.body.data).toMatchObject({
      phone,
      email: 'new.user@rehab.example',
      roleIdList: [RoleId.therapist],
      officeIdList: [offices1[1]!.id],
    });
    const login = await s.login({ account: phone, password: 'Welcome@2026', loginRoleType: 2, isLogin: 1 });
    // a therapist signs in with the staff login; the password itself was accepted
    expect(login.body.msgKey).toBe('auth.staffMustUseCode');
    const code = await s.sendCode(phone);
    const staff = await s.login({ account: phone, password: 'Welcome@2026', loginRoleType: 1, verificationCode: code });
    expect(staff.body).toMatchObject({ code: 0, passwordAtRisk: true });
  });

  it('validates the user form and writes nothing on a refusal', async () => {
    const before = (await userList(admin)).body.data.totalCount;
    const badPhone = await createUser(admin, { phone: '12345' });
    expect(badPhone.res.status).toBe(400);
    expect(badPhone.res.body.field).toBe('phone');
    const badName = await createUser(admin, { name: '很'.repeat(22) });
    expect(badName.res.body).toMatchObject({ code: 400, field: 'name', msgKey: 'validation.nameTooLong' });
    const badEmail = await createUser(admin, { email: 'not-an-email' });
    expect(badEmail.res.body.field).toBe('email');
    const badPassword = await createUser(admin, { password: 'short' });
    expect(badPassword.res.body.field).toBe('password');
    const noRole = await createUser(admin, { memberships: [{ organizationId: org1, roleIds: [] }] });
    expect(noRole.res.body.field).toBe('memberships.0.roleIds');
    const foreignOffice = await createUser(admin, {
      memberships: [{ organizationId: org1, roleIds: [RoleId.therapist], officeIds: [offices2[0]!.id] }],
    });
    expect(foreignOffice.res.body).toMatchObject({ code: 400, field: 'memberships.0.officeIds' });
    const taken = await createUser(admin, { phone: DEMO.doctor });
    expect(taken.res.status).toBe(409);
    const takenEmail = await createUser(admin, { email: 'doctor@rehab.example' });
    expect(takenEmail.res.body).toMatchObject({ code: 409, field: 'email' });
    expect((await userList(admin)).body.data.totalCount).toBe(before);
  });

  it('lets only the super administrator assign other organizations and role 1', async () => {
    const foreign = await createUser(admin, {
      memberships: [{ organizationId: org2, roleIds: [RoleId.therapist] }],
    });
    expect(foreign.res.status).toBe(403);
    const superRole = await createUser(admin, {
      memberships: [{ organizationId: org1, roleIds: [RoleId.superAdmin] }],
    });
    expect(superRole.res.status).toBe(403);
    expect((await createUser(doctor)).res.status).toBe(403);
    const both = await createUser(await superIn(org1), {
      memberships: [
        { organizationId: org1, roleIds: [RoleId.doctor], officeIds: [offices1[0]!.id] },
        { organizationId: org2, roleIds: [RoleId.therapist], officeIds: [offices2[1]!.id] },
      ],
    });
    expect(both.res.body.code).toBe(0);
    const info = await s.api('GET', `/api/sys/user/info/${both.id}/${org2}`, { token: sup });
    expect(info.body.data.memberships).toHaveLength(2);
    expect(info.body.data.roleIdList).toEqual([RoleId.therapist]);

    // the organization administrator edits the organization-1 part and leaves organization 2 as it was
    const update = await s.api('POST', '/api/sys/user/update', {
      token: admin,
      body: {
        id: both.id,
        name: '改名用户',
        phone: both.phone,
        memberships: [{ organizationId: org1, roleIds: [RoleId.nurse], officeIds: [] }],
      },
    });
    expect(update.body.code).toBe(0);
    const after = await s.api('GET', `/api/sys/user/info/${both.id}/${org2}`, { token: sup });
    expect(after.body.data.name).toBe('改名用户');
    expect(after.body.data.memberships).toEqual([
      expect.objectContaining({ organizationId: org1, roleIds: [RoleId.nurse], officeIds: [] }),
      expect.objectContaining({ organizationId: org2, roleIds: [RoleId.therapist], officeIds: [offices2[1]!.id] }),
    ]);
    const adminView = await s.api('GET', `/api/sys/user/info/${both.id}/${org1}`, { token: admin });
    expect(adminView.body.data.memberships).toHaveLength(1);
  });

  it("refuses changing one's own phone or e-mail in the users screen: that needs My Center's code", async () => {
    const me = (await userList(admin, `&phone=${DEMO.orgAdmin}`)).body.data.list[0];
    const info = (await s.api('GET', `/api/sys/user/info/${me.id}/${org1}`, { token: admin })).body.data;
    const body = {
      id: me.id,
      name: info.name,
      phone: DEMO.orgAdmin,
      email: info.email,
      memberships: [{ organizationId: org1, roleIds: info.roleIdList, officeIds: info.officeIdList }],
    };
    for (const change of [{ phone: '13900009999' }, { email: 'elsewhere@rehab.example' }]) {
      const res = await s.api('POST', '/api/sys/user/update', {
        token: admin,
        body: { ...body, ...change },
        lang: 'en',
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ msgKey: 'user.ownContactInMyCenter', field: Object.keys(change)[0] });
    }
    // the same values save
    const same = await s.api('POST', '/api/sys/user/update', { token: admin, body });
    expect(same.body.code).toBe(0);
  });

  it('answers 404 for a user or organization the organization administrator does not manage', async () => {
    const list = await userList(await superIn(org2));
    const zhao = list.body.data.list.find((u: { phone: string }) => u.phone === DEMO.therapist2);
    expect((await s.api('GET', `/api/sys/user/info/${zhao.id}/${org1}`, { token: admin })).status).toBe(404);
    expect((await s.api('GET', `/api/sys/user/info/${zhao.id}/${org2}`, { token: admin })).status).toBe(404);
    for (const [url, body] of [
      ['/api/sys/user/updateStatus', { id: zhao.id, status: 0 }],
      ['/api/sys/user/resetPassword', { id: zhao.id }],
      ['/api/sys/user/upAndDownGrade', { id: zhao.id, type: 1 }],
      ['/api/sys/user/checkOnlineUser', { id: zhao.id }],
      ['/api/sys/user/delete', [zhao.id]],
      [
        '/api/sys/user/update',
        { id: zhao.id, name: 'x', phone: DEMO.therapist2, memberships: [{ organizationId: org1, roleIds: [10] }] },
      ],
    ] as const) {
      const res = await s.api('POST', url, { token: admin, body });
      expect([url, res.status]).toEqual([url, 404]);
    }
    expect((await s.api('GET', '/api/sys/user/info/999999/1', { token: sup })).status).toBe(404);
    expect((await s.api('GET', '/api/sys/user/info/abc/1', { token: sup })).body.field).toBe('id');
  });

  it('disables an account (its sessions end), refuses disabling oneself, and enables it again', async () => {
    const { id, phone } = await createUser(admin, {
      password: 'Larkspur#2026',
      memberships: [{ organizationId: org1, roleIds: [RoleId.orgAdmin] }],
    });
    const token = await s.loginAdmin(phone, 'Larkspur#2026');
    const online = await s.api('POST', '/api/sys/user/checkOnlineUser', { token: admin, body: { id } });
    expect(online.body.data).toMatchObject({ online: true, sessionCount: 1 });
    const off = await s.api('POST', '/api/sys/user/updateStatus', { token: admin, body: { id, status: 0 } });
    expect(off.body.code).toBe(0);
    expect((await s.api('GET', '/api/sys/user/info', { token })).status).toBe(401);
    const again = await s.login({ account: phone, password: 'Larkspur#2026', loginRoleType: 2, isLogin: 1 });
    expect(again.body.msgKey).toBe('auth.disabled');
    expect(
      (await s.api('POST', '/api/sys/user/checkOnlineUser', { token: admin, body: { id } })).body.data.online,
    ).toBe(false);
    const bad = await s.api('POST', '/api/sys/user/updateStatus', { token: admin, body: { id, status: 3 } });
    expect(bad.body.field).toBe('status');
    const self = await s.api('GET', '/api/sys/user/info', { token: admin });
    const selfOff = await s.api('POST', '/api/sys/user/updateStatus', {
      token: admin,
      body: { id: self.body.data.id, status: 0 },
    });
    expect(selfOff.status).toBe(409);
    expect((await s.api('POST', '/api/sys/user/updateStatus', { token: doctor, body: { id, status: 1 } })).status).toBe(
      403,
    );
    await s.api('POST', '/api/sys/user/updateStatus', { token: admin, body: { id, status: 1 } });
    expect((await s.loginAdmin(phone, 'Larkspur#2026')).length).toBeGreaterThan(10);
  });

  it('resets a password to the configured default: sessions end and the next sign-in is warned', async () => {
    const { id, phone } = await createUser(admin, {
      password: 'Larkspur#2026',
      memberships: [{ organizationId: org1, roleIds: [RoleId.orgAdmin] }],
    });
    const token = await s.loginAdmin(phone, 'Larkspur#2026');
    const res = await s.api('POST', '/api/sys/user/resetPassword', { token: admin, body: { id } });
    expect(res.body.code).toBe(0);
    expect((await s.api('GET', '/api/sys/user/info', { token })).status).toBe(401);
    const login = await s.login({ account: phone, password: 'Welcome@2026', loginRoleType: 2, isLogin: 1 });
    expect(login.body).toMatchObject({ code: 0, passwordAtRisk: true });
    expect((await s.api('POST', '/api/sys/user/resetPassword', { token: admin, body: {} })).body.field).toBe('id');
    expect((await s.api('POST', '/api/sys/user/resetPassword', { token: doctor, body: { id } })).status).toBe(403);
  });

  it('promotes to and demotes from the administrator role of the organization', async () => {
    const { id } = await createUser(admin);
    const up = await s.api('POST', '/api/sys/user/upAndDownGrade', { token: admin, body: { id, type: 1 } });
    expect(up.body.code).toBe(0);
    let info = await s.api('GET', `/api/sys/user/info/${id}/${org1}`, { token: admin });
    expect(info.body.data.roleIdList).toEqual([RoleId.therapist, RoleId.orgAdmin]);
    await s.api('POST', '/api/sys/user/upAndDownGrade', { token: admin, body: { id, type: 0 } });
    info = await s.api('GET', `/api/sys/user/info/${id}/${org1}`, { token: admin });
    expect(info.body.data.roleIdList).toEqual([RoleId.therapist]);
    const onlyAdmin = await createUser(admin, { memberships: [{ organizationId: org1, roleIds: [RoleId.orgAdmin] }] });
    const refused = await s.api('POST', '/api/sys/user/upAndDownGrade', {
      token: admin,
      body: { id: onlyAdmin.id, type: 0 },
    });
    expect(refused.body).toMatchObject({ code: 409, msgKey: 'admin.noRoleLeft' });
    const bad = await s.api('POST', '/api/sys/user/upAndDownGrade', { token: admin, body: { id, type: 'x' } });
    expect(bad.body.field).toBe('type');
    expect((await s.api('POST', '/api/sys/user/upAndDownGrade', { token: doctor, body: { id, type: 1 } })).status).toBe(
      403,
    );
  });

  it('keeps the super administrator account out of reach of an organization administrator', async () => {
    const list = await userList(admin);
    const root = list.body.data.list.find((u: { phone: string }) => u.phone === DEMO.superAdmin);
    for (const [url, body] of [
      ['/api/sys/user/updateStatus', { id: root.id, status: 0 }],
      ['/api/sys/user/resetPassword', { id: root.id }],
      ['/api/sys/user/upAndDownGrade', { id: root.id, type: 1 }],
      ['/api/sys/user/delete', [root.id]],
    ] as const) {
      const res = await s.api('POST', url, { token: admin, body });
      expect([url, res.body.msgKey]).toEqual([url, 'admin.superAdminProtected']);
    }
    expect((await s.api('GET', `/api/sys/user/info/${root.id}/${org1}`, { token: admin })).body.code).toBe(0);
  });

  it('checks whether the caller is signed in elsewhere', async () => {
    const own = await s.api('POST', '/api/sys/user/checkOnlineUser', { token: doctor, body: {} });
    expect(own.body.data).toMatchObject({ online: false, sessionCount: 0 });
    const list = await userList(admin);
    const other = list.body.data.list.find((u: { phone: string }) => u.phone === DEMO.orgAdmin);
    const peek = await s.api('POST', '/api/sys/user/checkOnlineUser', { token: doctor, body: { id: other.id } });
    expect(peek.status).toBe(404);
  });

  it('removes users from the organization; one left in none is disabled', async () => {
    const { id } = await createUser(admin);
    const res = await s.api('POST', '/api/sys/user/delete', { token: admin, body: [id] });
    expect(res.body.code).toBe(0);
    expect((await userList(admin)).body.data.list.some((u: { id: number }) => u.id === id)).toBe(false);
    const gone = await s.api('GET', `/api/sys/user/info/${id}/${org1}`, { token: await superIn(org1) });
    expect(gone.body.data).toMatchObject({ status: 0, memberships: [] });
    expect((await s.api('GET', `/api/sys/user/info/${id}/${org1}`, { token: admin })).status).toBe(404);
    expect((await s.api('POST', '/api/sys/user/delete', { token: admin, body: [] })).body.field).toBe('ids');
    expect((await s.api('POST', '/api/sys/user/delete', { token: doctor, body: [id] })).status).toBe(403);
  });

  it('lists the administrators of the organization', async () => {
    const res = await s.api('POST', '/api/sys/user/selectAdminUsers', { token: admin, body: {} });
    expect(res.body.data.map((u: { phone: string }) => u.phone)).toEqual(
      expect.arrayContaining([DEMO.superAdmin, DEMO.orgAdmin]),
    );
  });
});

/** A tiny valid PNG (1x1). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(url: string, token: string, data: Buffer, filename: string, type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), filename);
  const res = await fetch(s.base + url, { method: 'POST', headers: { token }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('signature images', () => {
  it('stores a PNG checked by content and serves it to members of the organization only', async () => {
    const ok = await upload('/api/sys/signature/save', doctor, PNG, 'sign.png');
    expect(ok.body.code).toBe(0);
    const list = await userList(admin, `&phone=${DEMO.doctor}`);
    const doc = list.body.data.list[0];
    expect(doc.hasSignature).toBe(true);
    const img = await fetch(`${s.base}/api/sys/signature/image/${doc.id}`, { headers: { token: admin } });
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    // a member of organization 2 only does not see it
    const zhao = await s.loginInto(DEMO.therapist2);
    const hidden = await fetch(`${s.base}/api/sys/signature/image/${doc.id}`, { headers: { token: zhao.token } });
    expect(hidden.status).toBe(404);
    const anonymous = await fetch(`${s.base}/api/sys/signature/image/${doc.id}`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses a file that is not an image whatever its name, a too large one, and no file', async () => {
    const fake = await upload('/api/sys/signature/save', doctor, Buffer.from('not an image at all'), 'sign.png');
    expect(fake.body).toMatchObject({ code: 400, msgKey: 'admin.signatureType' });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await upload('/api/sys/signature/save', doctor, big, 'big.png');
    expect([tooBig.status, tooBig.body]).toEqual([413, expect.objectContaining({ msgKey: 'admin.signatureTooLarge' })]);
    const none = await s.api('POST', '/api/sys/signature/save', { token: doctor, body: {} });
    expect(none.body.msgKey).toBe('admin.signatureMissing');
  });

  it('lets an administrator set the signature of a user of the organization only', async () => {
    const list = await userList(admin, `&phone=${DEMO.therapist}`);
    const li = list.body.data.list[0];
    expect((await upload(`/api/sys/signature/save/${li.id}`, admin, PNG, 's.png')).body.code).toBe(0);
    expect((await upload(`/api/sys/signature/save/${li.id}`, doctor, PNG, 's.png')).status).toBe(403);
    const zhao = (await userList(await superIn(org2), `&phone=${DEMO.therapist2}`)).body.data.list[0];
    expect((await upload(`/api/sys/signature/save/${zhao.id}`, admin, PNG, 's.png')).status).toBe(404);
  });
});

describe('roles', () => {
  const roleList = (token: string, q = '') => s.api('GET', `/api/sys/role/list?limit=100${q}`, { token });

  it('lists the platform and organization roles with their users count', async () => {
    const res = await roleList(admin);
    const therapist = res.body.data.list.find((r: { roleId: number }) => r.roleId === RoleId.therapist);
    expect(therapist).toMatchObject({ builtin: true, roleNameLang: { 'zh-CN': '治疗师', en: 'Therapist' } });
    expect(therapist.userCount).toBeGreaterThan(0);
    expect((await roleList(doctor)).status).toBe(403);
    expect((await roleList(admin, '&page=0')).body.field).toBe('page');
  });

  it('grants a menu to a role: a user holding it sees the menu on their next menu load', async () => {
    const department = menuByKey('maintainOffice.department');
    const save = await s.api('POST', '/api/sys/role/save', {
      token: admin,
      body: { roleName: '前台', roleNameEn: 'Front desk', menuIdList: [menuByKey('home').menuId] },
    });
    expect(save.body.code).toBe(0);
    const roleId = save.body.data.roleId;
    const { phone } = await createUser(admin, {
      password: 'Larkspur#2026',
      memberships: [{ organizationId: org1, roleIds: [roleId] }],
    });
    const code = await s.sendCode(phone);
    const login = await s.login({
      account: phone,
      password: 'Larkspur#2026',
      loginRoleType: 1,
      verificationCode: code,
    });
    const token = login.body.token;
    await s.api('GET', `/api/sys/organization/chooseOrganization?id=${org1}`, { token });
    const navUrls = async () => {
      const nav = await s.api('GET', '/api/sys/menu/nav', { token });
      const all = (list: { url: string | null; list: unknown[] }[]): string[] =>
        list.flatMap((m) => [m.url ?? '', ...all(m.list as never)]);
      return { urls: all(nav.body.menuList), permissions: nav.body.permissions as string[] };
    };
    expect((await navUrls()).urls).not.toContain('/maintainOffice/department');
    const info = await s.api('GET', `/api/sys/role/info/${roleId}`, { token: admin });
    expect(info.body.data).toMatchObject({ roleName: '前台', roleNameLang: { 'zh-CN': '前台', en: 'Front desk' } });
    const update = await s.api('POST', '/api/sys/role/update', {
      token: admin,
      body: {
        roleId,
        roleName: '前台',
        roleNameEn: 'Front desk',
        menuIdList: [...info.body.data.menuIdList, department.menuId],
      },
    });
    expect(update.body.code).toBe(0);
    const after = await navUrls();
    expect(after.urls).toContain('/maintainOffice/department');
    expect(after.permissions).toContain('sys:department:list');
    // its directory came along, so the role's menus read back as a whole tree
    const info2 = await s.api('GET', `/api/sys/role/info/${roleId}`, { token: admin });
    expect(info2.body.data.menuIdList).toContain(menuByKey('maintainOffice').menuId);
    expect(info2.body.data.userCount).toBe(1);

    // in use: not deletable, the message counts the users
    const del = await s.api('POST', '/api/sys/role/delete', { token: admin, body: [roleId], lang: 'en' });
    expect(del.body).toMatchObject({ code: 409, msgKey: 'admin.roleInUse' });
    expect(del.body.msg).toContain('1 user');
  });

  it('validates the role form', async () => {
    const empty = await s.api('POST', '/api/sys/role/save', { token: admin, body: { roleName: ' ' } });
    expect(empty.body).toMatchObject({ code: 400, field: 'roleName' });
    const chinese = await s.api('POST', '/api/sys/role/save', {
      token: admin,
      body: { roleName: '甲', roleNameEn: '中文' },
    });
    expect(chinese.body.field).toBe('roleNameEn');
    const badMenu = await s.api('POST', '/api/sys/role/save', {
      token: admin,
      body: { roleName: '甲', menuIdList: [99999] },
    });
    expect(badMenu.body).toMatchObject({ code: 400, field: 'menuIdList' });
    const dup = await s.api('POST', '/api/sys/role/save', { token: admin, body: { roleName: '治疗师' } });
    expect(dup.body).toMatchObject({ code: 409, field: 'roleName' });
    const notHeld = await s.api('POST', '/api/sys/role/save', {
      token: admin,
      body: { roleName: '越权', menuIdList: [menuByKey('maintainSystem.menu').menuId] },
    });
    expect(notHeld.body).toMatchObject({ code: 403, msgKey: 'admin.menuNotHeld' });
    expect((await s.api('POST', '/api/sys/role/save', { token: doctor, body: { roleName: '乙' } })).status).toBe(403);
    const names = (await roleList(admin)).body.data.list.map((r: { roleName: string }) => r.roleName);
    expect(names).not.toContain('甲');
    expect(names).not.toContain('越权');
  });

  it('keeps built-in roles, role 1 and platform roles, and hides other organizations roles', async () => {
    const builtin = await s.api('POST', '/api/sys/role/delete', { token: await superIn(org1), body: [RoleId.nurse] });
    expect(builtin.body).toMatchObject({ code: 409, msgKey: 'admin.roleBuiltin' });
    const superRole = await s.api('POST', '/api/sys/role/update', {
      token: sup,
      body: { roleId: RoleId.superAdmin, roleName: '超级管理员', menuIdList: [] },
    });
    expect(superRole.body.msgKey).toBe('admin.roleSuperAdmin');
    const platform = await s.api('POST', '/api/sys/role/update', {
      token: admin,
      body: { roleId: RoleId.nurse, roleName: '护士', menuIdList: [] },
    });
    expect(platform.status).toBe(403);

    const other = await s.api('POST', '/api/sys/role/save', {
      token: await superIn(org2),
      body: { roleName: '社区随访员', roleNameEn: 'Follow-up worker' },
    });
    const otherId = other.body.data.roleId;
    expect((await s.api('GET', `/api/sys/role/info/${otherId}`, { token: admin })).status).toBe(404);
    expect((await s.api('POST', '/api/sys/role/delete', { token: admin, body: [otherId] })).status).toBe(404);
    expect(
      (
        await s.api('POST', '/api/sys/role/update', {
          token: admin,
          body: { roleId: otherId, roleName: 'x', menuIdList: [] },
        })
      ).status,
    ).toBe(404);
    // not offered for organization 1
    const select = await s.api('GET', '/api/sys/role/select', { token: admin });
    expect(select.body.data.map((r: { roleId: number }) => r.roleId)).not.toContain(otherId);
    expect(select.body.data.map((r: { roleId: number }) => r.roleId)).not.toContain(RoleId.superAdmin);
    expect((await s.api('GET', `/api/sys/role/select?organizationId=${org2}`, { token: admin })).status).toBe(403);

    const unused = await s.api('POST', '/api/sys/role/delete', { token: sup, body: [otherId] });
    expect(unused.body.code).toBe(0);
  });

  it('offers organization administrators only the menus they hold', async () => {
    const tree = await s.api('GET', '/api/sys/role/menuTree', { token: admin });
    const keys = flatten(tree.body.data).map((m) => m.key);
    expect(keys).toContain('maintainSystem.role');
    expect(keys).not.toContain('maintainSystem.menu');
    const full = await s.api('GET', '/api/sys/role/menuTree', { token: await superIn(org1) });
    expect(flatten(full.body.data).map((m) => m.key)).toContain('maintainSystem.menu');
  });
});

describe('menus', () => {
  const save = (body: Record<string, unknown>) => s.api('POST', '/api/sys/menu/save', { token: sup, body });

  it('answers the whole tree with buttons to the super administrator only', async () => {
    await superIn(org1);
    const user = menuByKey('maintainSystem.user');
    expect(user.children.map((c) => c.type)).toEqual(expect.arrayContaining([2]));
    expect((await s.api('GET', '/api/sys/menu/list', { token: admin })).status).toBe(403);
    const select = await s.api('GET', '/api/sys/menu/select', { token: sup });
    expect(flatten(select.body.data).every((m) => m.type !== 2)).toBe(true);
    const info = await s.api('GET', `/api/sys/menu/info/${user.menuId}`, { token: sup });
    expect(info.body.data).toMatchObject({ url: '/maintainSystem/user', builtin: true });
    expect((await s.api('GET', '/api/sys/menu/info/999999', { token: sup })).status).toBe(404);
  });

  it('enforces the tree rules with clear messages', async () => {
    const noRoute = await save({ type: 1, name: '无路由', parentId: 0 });
    expect(noRoute.body).toMatchObject({ code: 400, field: 'url', msgKey: 'admin.menuNeedsRoute' });
    const topButton = await save({ type: 2, name: '孤立按钮', parentId: 0, perms: 'x:y' });
    expect(topButton.body).toMatchObject({ code: 400, field: 'parentId', msgKey: 'admin.menuButtonParent' });
    const dir = menuByKey('maintainSystem');
    const buttonUnderDir = await save({ type: 2, name: '按钮', parentId: dir.menuId });
    expect(buttonUnderDir.body.msgKey).toBe('admin.menuButtonParent');
    const menuUnderMenu = await save({
      type: 1,
      name: '子菜单',
      parentId: menuByKey('maintainSystem.user').menuId,
      url: '/x',
    });
    expect(menuUnderMenu.body.msgKey).toBe('admin.menuParentType');
    const badPerms = await save({ type: 0, name: '目录', perms: 'a b' });
    expect(badPerms.body.field).toBe('perms');
    const badIcon = await save({ type: 0, name: '目录', icon: '<svg>' });
    expect(badIcon.body.field).toBe('icon');
    expect((await save({ type: 0, name: '目录', parentId: 999999 })).body.field).toBe('parentId');
    expect((await s.api('POST', '/api/sys/menu/save', { token: admin, body: { type: 0, name: 'x' } })).status).toBe(
      403,
    );
  });

  it('creates a directory, a menu and a button; refuses deleting a node with children or a built-in one', async () => {
    const dir = await save({ type: 0, name: '质控', nameEn: 'Quality', icon: 'AuditOutlined', orderNum: 95 });
    expect(dir.body.code).toBe(0);
    const menu = await save({
      type: 1,
      name: '质控看板',
      nameEn: 'Quality board',
      parentId: dir.body.data.menuId,
      url: '/quality/board',
      perms: 'sys:quality:list, sys:quality:info',
    });
    expect(menu.body.data).toMatchObject({
      perms: 'sys:quality:list,sys:quality:info',
      nameLang: { en: 'Quality board' },
    });
    const button = await save({ type: 2, name: '导出', parentId: menu.body.data.menuId, perms: 'sys:quality:export' });
    expect(button.body.code).toBe(0);

    const withChildren = await s.api('POST', `/api/sys/menu/delete/${dir.body.data.menuId}`, { token: sup });
    expect(withChildren.body).toMatchObject({ code: 409, msgKey: 'admin.menuHasChildren' });
    const builtin = await s.api('POST', `/api/sys/menu/delete/${menuByKey('home').menuId}`, { token: sup });
    expect(builtin.body).toMatchObject({ code: 409, msgKey: 'admin.menuBuiltin' });
    const locked = await s.api('POST', '/api/sys/menu/update', {
      token: sup,
      body: { menuId: menuByKey('home').menuId, type: 1, name: '首页', url: '/elsewhere' },
    });
    expect(locked.body.msgKey).toBe('admin.menuBuiltinLocked');
    const cycle = await s.api('POST', '/api/sys/menu/update', {
      token: sup,
      body: { menuId: dir.body.data.menuId, type: 0, name: '质控', parentId: dir.body.data.menuId },
    });
    expect(cycle.body).toMatchObject({ code: 400, field: 'parentId', msgKey: 'admin.menuParentCycle' });
    const retype = await s.api('POST', '/api/sys/menu/update', {
      token: sup,
      body: { menuId: menu.body.data.menuId, type: 0, name: '质控看板', parentId: dir.body.data.menuId },
    });
    expect(retype.body).toMatchObject({ code: 400, field: 'type' });
    const renamed = await s.api('POST', '/api/sys/menu/update', {
      token: sup,
      body: { ...menu.body.data, name: '质控总览', url: '/quality/board', perms: 'sys:quality:list' },
    });
    expect(renamed.body.data).toMatchObject({ name: '质控总览', perms: 'sys:quality:list' });

    // the new screen shows for the super administrator on the next menu load (role 1 holds every menu)
    const nav = await s.api('GET', '/api/sys/menu/nav', { token: sup });
    expect(JSON.stringify(nav.body.menuList)).toContain('/quality/board');

    for (const id of [button.body.data.menuId, menu.body.data.menuId, dir.body.data.menuId]) {
      expect((await s.api('POST', `/api/sys/menu/delete/${id}`, { token: sup })).body.code).toBe(0);
    }
    expect((await s.api('POST', `/api/sys/menu/delete/${dir.body.data.menuId}`, { token: sup })).status).toBe(404);
    expect((await s.api('POST', '/api/sys/menu/delete/abc', { token: sup })).body.field).toBe('id');
  });
});

describe('organizations', () => {
  it('answers the tree: everything for the super administrator, their own for an organization administrator', async () => {
    const all = await s.api('GET', '/api/sys/organization/list', { token: await superIn(org1) });
    expect(all.body.data.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([org1, org2]));
    const own = await s.api('GET', '/api/sys/organization/list', { token: admin });
    expect(own.body.data.map((o: { id: number }) => o.id)).toEqual([org1]);
    expect(own.body.data[0]).toMatchObject({ officeCount: 4, products: expect.arrayContaining(['scheduling']) });
    expect((await s.api('GET', `/api/sys/organization/info/${org2}`, { token: admin })).status).toBe(404);
    expect((await s.api('GET', `/api/sys/organization/info/${org1}`, { token: admin })).body.data.id).toBe(org1);
    expect((await s.api('GET', '/api/sys/organization/list', { token: doctor })).status).toBe(403);
    const search = await s.api('GET', `/api/sys/organization/list?name=${encodeURIComponent('社区')}`, { token: sup });
    expect(search.body.data.map((o: { id: number }) => o.id)).toEqual([org2]);
  });

  it('creates a child organization, validates, refuses duplicates and deletes only an empty one', async () => {
    await superIn(org1);
    const child = await s.api('POST', '/api/sys/organization/save', {
      token: sup,
      body: { name: '康复示范医院西院区', nameEn: 'West Campus', parentId: org1, contactPhone: '010-88886666' },
    });
    expect(child.body.code).toBe(0);
    const childId = child.body.data.id;
    const tree = await s.api('GET', '/api/sys/organization/list', { token: sup });
    const parent = tree.body.data.find((o: { id: number }) => o.id === org1);
    expect(parent.children.map((c: { id: number }) => c.id)).toContain(childId);
    // the organization administrator of the parent now sees the child
    const adminTree = await s.api('GET', '/api/sys/organization/list', { token: admin });
    expect(adminTree.body.data[0].children.map((c: { id: number }) => c.id)).toContain(childId);

    const dup = await s.api('POST', '/api/sys/organization/save', { token: sup, body: { name: '康复示范医院' } });
    expect(dup.body).toMatchObject({ code: 409, field: 'name' });
    const noName = await s.api('POST', '/api/sys/organization/save', { token: sup, body: { name: '' } });
    expect(noName.body.field).toBe('name');
    const badPhone = await s.api('POST', '/api/sys/organization/save', {
      token: sup,
      body: { name: '甲机构', contactPhone: 'abc' },
    });
    expect(badPhone.body.field).toBe('contactPhone');
    const cycle = await s.api('POST', '/api/sys/organization/update', {
      token: sup,
      body: { id: org1, name: '康复示范医院', parentId: childId },
    });
    expect(cycle.body).toMatchObject({ code: 400, field: 'parentId' });
    expect((await s.api('POST', '/api/sys/organization/save', { token: admin, body: { name: '乙机构' } })).status).toBe(
      403,
    );

    const inUse = await s.api('POST', '/api/sys/organization/delete', { token: sup, body: [org2] });
    expect(inUse.body).toMatchObject({ code: 409, msgKey: 'admin.orgInUse' });
    const current = await s.api('POST', '/api/sys/organization/delete', { token: sup, body: [org1] });
    expect(current.body.msgKey).toBe('admin.orgCurrent');
    const del = await s.api('POST', '/api/sys/organization/delete', { token: sup, body: [childId] });
    expect(del.body.code).toBe(0);
    expect((await s.api('GET', `/api/sys/organization/info/${childId}`, { token: sup })).status).toBe(404);
  });

  it('updates an organization (super administrator)', async () => {
    const res = await s.api('POST', '/api/sys/organization/update', {
      token: await superIn(org1),
      body: { id: org2, name: '城东社区康复中心', nameEn: 'East Community Rehab', address: '东城区和平里' },
    });
    expect(res.body.code).toBe(0);
    const info = await s.api('GET', `/api/sys/organization/info/${org2}`, { token: sup });
    expect(info.body.data).toMatchObject({ address: '东城区和平里', nameLang: { en: 'East Community Rehab' } });
    expect(
      (await s.api('POST', '/api/sys/organization/update', { token: admin, body: { id: org1, name: 'x' } })).status,
    ).toBe(403);
  });

  it('reads and saves the config: CA integration and product modules', async () => {
    const read = await s.api('POST', '/api/sys/organizationConfig/listSoftProduct', {
      token: admin,
      body: {},
      lang: 'en',
    });
    expect(read.body.data.organizationId).toBe(org1);
    // off by default, switched on in the demo organizations by the remote-consultation demo (issue 17)
    expect(read.body.data.products.find((p: { code: string }) => p.code === 'telemedicine')).toMatchObject({
      name: 'Telemedicine',
      enabled: true,
    });
    const save = await s.api('POST', '/api/sys/organizationConfig/save', {
      token: admin,
      body: { organizationId: org1, caIntegration: 1, products: ['scheduling', 'telemedicine'] },
    });
    expect(save.body.code).toBe(0);
    const again = await s.api('POST', '/api/sys/organizationConfig/listSoftProduct', { token: admin, body: {} });
    expect(again.body.data.caIntegration).toBe(true);
    expect(
      again.body.data.products.filter((p: { enabled: boolean }) => p.enabled).map((p: { code: string }) => p.code),
    ).toEqual(['scheduling', 'telemedicine']);
    // the session's organization answer carries the CA flag for the shell
    const chosen = await s.api('GET', `/api/sys/organization/chooseOrganization?id=${org1}`, { token: admin });
    expect(chosen.body.data.caIntegration).toBe(true);

    const bad = await s.api('POST', '/api/sys/organizationConfig/save', {
      token: admin,
      body: { organizationId: org1, caIntegration: 0, products: ['teleport'] },
    });
    expect(bad.body).toMatchObject({ code: 400, field: 'products.0' });
    const other = await s.api('POST', '/api/sys/organizationConfig/save', {
      token: admin,
      body: { organizationId: org2, caIntegration: 0, products: [] },
    });
    expect(other.status).toBe(404);
    expect(
      (
        await s.api('POST', '/api/sys/organizationConfig/listSoftProduct', {
          token: admin,
          body: { organizationId: org2 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await s.api('POST', '/api/sys/organizationConfig/save', {
          token: doctor,
          body: { organizationId: org1, products: [] },
        })
      ).status,
    ).toBe(403);
    await s.api('POST', '/api/sys/organizationConfig/save', {
      token: admin,
      body: {
        organizationId: org1,
        caIntegration: 0,
        products: ['scheduling', 'assessment', 'messages', 'billing', 'statistics'],
      },
    });
  });

  it('keeps organization relations both ways', async () => {
    const seeded = await s.api('GET', '/api/sys/relationOrganization/list', { token: admin });
    expect(seeded.body.data.map((o: { id: number }) => o.id)).toEqual([org2]);
    await superIn(org1);
    const fromOther = await s.api('GET', `/api/sys/relationOrganization/list?organizationId=${org2}`, { token: sup });
    expect(fromOther.body.data.map((o: { id: number }) => o.id)).toEqual([org1]);
    const self = await s.api('POST', '/api/sys/relationOrganization/save', {
      token: sup,
      body: { organizationId: org1, relatedIds: [org1] },
    });
    expect(self.body).toMatchObject({ code: 400, field: 'relatedIds' });
    const missing = await s.api('POST', '/api/sys/relationOrganization/save', {
      token: sup,
      body: { organizationId: org1, relatedIds: [999999] },
    });
    expect(missing.body.field).toBe('relatedIds');
    expect(
      (
        await s.api('POST', '/api/sys/relationOrganization/save', {
          token: admin,
          body: { organizationId: org1, relatedIds: [] },
        })
      ).status,
    ).toBe(403);
    const clear = await s.api('POST', '/api/sys/relationOrganization/save', {
      token: sup,
      body: { organizationId: org2, relatedIds: [] },
    });
    expect(clear.body.code).toBe(0);
    expect((await s.api('GET', '/api/sys/relationOrganization/list', { token: admin })).body.data).toEqual([]);
    await s.api('POST', '/api/sys/relationOrganization/save', {
      token: sup,
      body: { organizationId: org1, relatedIds: [org2] },
    });
    expect(
      (await s.api('GET', `/api/sys/relationOrganization/list?organizationId=${org2}`, { token: admin })).status,
    ).toBe(404);
  });

  it('lists organizations for dropdowns from the login organization', async () => {
    const own = await s.api('GET', '/api/sys/organization/listBoxByLoginOrganizationId', { token: admin });
    expect(own.body.data.map((o: { id: number }) => o.id)).toEqual([org1]);
    const all = await s.api('GET', '/api/sys/organization/listBoxByLoginOrganizationId', {
      token: await superIn(org1),
    });
    expect(all.body.data.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([org1, org2]));
  });
});

describe('departments', () => {
  const list = (token: string, body: Record<string, unknown> = {}) =>
    s.api('POST', '/api/sys/office/list', { token, body: { limit: 100, ...body } });

  it('lists the departments of the organization with parent, type and users count', async () => {
    const res = await list(admin);
    expect(res.body.data.totalCount).toBe(4);
    const pt = res.body.data.list.find((o: { name: string }) => o.name === '物理治疗室');
    expect(pt).toMatchObject({ parentName: '康复医学科', officeTypeName: '治疗科室' });
    expect(pt.userCount).toBeGreaterThan(0);
    const byName = await list(admin, { name: '言语' });
    expect(byName.body.data.list.map((o: { name: string }) => o.name)).toEqual(['言语治疗室']);
    const byType = await list(admin, { officeTypeId: pt.officeTypeId });
    expect(byType.body.data.totalCount).toBe(3);
    expect((await list(admin, { limit: 0 })).body.field).toBe('limit');
    expect((await list(doctor)).status).toBe(403);
  });

  it('creates, edits and deletes a department; refuses one in use', async () => {
    const head = offices1[0]!;
    const types = (await s.api('POST', '/api/sys/officetpye/list', { token: admin, body: { limit: 100 } })).body.data
      .list;
    const save = await s.api('POST', '/api/sys/office/save', {
      token: admin,
      body: {
        name: '儿童康复室',
        nameEn: 'Paediatric Rehab',
        parentId: head.id,
        officeTypeId: types[2].id,
        orderNum: 9,
      },
    });
    expect(save.body.data).toMatchObject({ parentName: head.name, officeTypeName: types[2].name });
    const id = save.body.data.id;
    const info = await s.api('GET', `/api/sys/office/info/${id}`, { token: admin });
    expect(info.body.data.nameLang).toEqual({ 'zh-CN': '儿童康复室', en: 'Paediatric Rehab' });
    const dup = await s.api('POST', '/api/sys/office/save', { token: admin, body: { name: '物理治疗室' } });
    expect(dup.body).toMatchObject({ code: 409, field: 'name' });
    const bad = await s.api('POST', '/api/sys/office/save', { token: admin, body: { name: '' } });
    expect(bad.body.field).toBe('name');
    const foreignParent = await s.api('POST', '/api/sys/office/save', {
      token: admin,
      body: { name: '外院', parentId: offices2[0]!.id },
    });
    expect(foreignParent.body).toMatchObject({ code: 400, field: 'parentId' });
    const badType = await s.api('POST', '/api/sys/office/save', {
      token: admin,
      body: { name: '外院', officeTypeId: 999999 },
    });
    expect(badType.body.field).toBe('officeTypeId');
    const cycle = await s.api('POST', '/api/sys/office/update', {
      token: admin,
      body: { id: head.id, name: head.name, parentId: id },
    });
    expect(cycle.body).toMatchObject({ code: 400, field: 'parentId' });
    const update = await s.api('POST', '/api/sys/office/update', {
      token: admin,
      body: { id, name: '儿童康复治疗室', parentId: head.id, remark: '二楼' },
    });
    expect(update.body.data).toMatchObject({ name: '儿童康复治疗室', remark: '二楼', officeTypeId: null });

    const withUsers = await s.api('POST', `/api/sys/office/delete/${offices1[1]!.id}`, { token: admin });
    expect(withUsers.body).toMatchObject({ code: 409, msgKey: 'admin.officeInUse' });
    const withChildren = await s.api('POST', `/api/sys/office/delete/${head.id}`, { token: admin });
    expect(withChildren.body.msgKey).toBe('admin.officeInUse');
    expect((await s.api('POST', `/api/sys/office/delete/${id}`, { token: doctor })).status).toBe(403);
    expect((await s.api('POST', `/api/sys/office/delete/${id}`, { token: admin })).body.code).toBe(0);
    expect((await s.api('GET', `/api/sys/office/info/${id}`, { token: admin })).status).toBe(404);
  });

  it('answers 404 for another organization department', async () => {
    const foreign = offices2[0]!.id;
    expect((await s.api('GET', `/api/sys/office/info/${foreign}`, { token: admin })).status).toBe(404);
    expect((await s.api('POST', `/api/sys/office/delete/${foreign}`, { token: admin })).status).toBe(404);
    const upd = await s.api('POST', '/api/sys/office/update', { token: admin, body: { id: foreign, name: 'x' } });
    expect(upd.status).toBe(404);
    expect((await s.api('GET', `/api/sys/office/listBox?organizationId=${org2}`, { token: admin })).status).toBe(404);
  });
});

it('every administration permission code is granted through a built-in menu', async () => {
  const codes = new Set(
    flatten(menuTree)
      .flatMap((m) => (m.perms ?? '').split(','))
      .filter(Boolean),
  );
  for (const code of Object.values(AdminPerm)) expect([code, codes.has(code)]).toEqual([code, true]);
});
