import { count, eq } from 'drizzle-orm';
import { RoleId } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messageRecipients,
  messages,
  organizations,
  platformNoticeMessages,
  platformNotices,
  userRoles,
  users,
} from '../src/db/schema';
import { sendSystemMessages } from '../src/modules/messages/messages.service';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let orgAdmin: string;
let first: number;
let second: number;

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  admin = (await s.loginInto(DEMO.superAdmin)).token;
  orgAdmin = (await s.loginInto(DEMO.orgAdmin)).token;
  const orgs = await s.app.db.select().from(organizations);
  first = orgs.find((o) => o.name === '康复示范医院')!.id;
  second = orgs.find((o) => o.name === '城东社区康复中心')!.id;
});
afterAll(async () => {
  await s?.close();
});

const post = (url: string, body: unknown, token = admin, lang?: string) =>
  s.api('POST', `/api/sys/${url}`, { token, body, lang });
const get = (url: string, token = admin, lang?: string) => s.api('GET', `/api/sys/${url}`, { token, lang });
const userId = async (phone: string) =>
  (await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
const tally = async () => {
  const n = async (table: typeof users | typeof userRoles | typeof messages | typeof platformNotices) =>
    Number((await s.app.db.select({ n: count() }).from(table))[0]!.n);
  return {
    users: await n(users),
    roles: await n(userRoles),
    messages: await n(messages),
    notices: await n(platformNotices),
  };
};
const rolesOf = async (id: number, organizationId: number) =>
  (await s.app.db.select().from(userRoles).where(eq(userRoles.userId, id)))
    .filter((r) => r.organizationId === organizationId)
    .map((r) => r.roleId)
    .sort((a, b) => a - b);

describe('administrator accounts: access', () => {
  it('answers 403 to an organization administrator on every call and writes nothing', async () => {
    const before = await tally();
    const calls = [
      get('adminAccount/list', orgAdmin),
      get(`adminAccount/candidates?organizationId=${first}`, orgAdmin),
      post('adminAccount/save', { mode: 'existing', organizationId: first, userId: 1 }, orgAdmin),
      post('adminAccount/status', { userId: await userId(DEMO.orgAdmin), status: 0 }, orgAdmin),
      post('adminAccount/resetPassword', { userId: await userId(DEMO.doctor) }, orgAdmin),
      post('adminAccount/revoke', { userId: await userId(DEMO.orgAdmin), organizationId: first }, orgAdmin),
      get('operationMessage/list', orgAdmin),
      get('operationMessage/info/1', orgAdmin),
      post('operationMessage/send', { title: 'x', content: '<p>x</p>', targetAll: true }, orgAdmin),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(403);
    }
    expect(await tally()).toEqual(before);
  });

  it('puts both screens under system maintenance for the super administrator only', async () => {
    const menu = async (token: string) =>
      JSON.stringify((await s.api('GET', '/api/sys/menu/nav', { token })).body.menuList ?? []);
    const superMenu = await menu(admin);
    expect(superMenu).toContain('/maintainSystem/adminAccount');
    expect(superMenu).toContain('/maintainSystem/operationMessage');
    const orgMenu = await menu(orgAdmin);
    expect(orgMenu).not.toContain('/maintainSystem/adminAccount');
    expect(orgMenu).not.toContain('/maintainSystem/operationMessage');
  });
});

describe('administrator accounts', () => {
  it('lists the organization administrators of every organization, with filters and paging', async () => {
    const all = await get('adminAccount/list');
    expect(all.status).toBe(200);
    expect(all.body.data.list).toEqual([
      expect.objectContaining({ name: '机构管理员', phone: DEMO.orgAdmin, organizationId: first, status: 1 }),
    ]);
    expect(all.body.data.totalCount).toBe(1);
    expect((await get(`adminAccount/list?organizationId=${second}`)).body.data.list).toEqual([]);
    expect((await get('adminAccount/list?keyword=0019')).body.data.totalCount).toBe(1);
    expect((await get('adminAccount/list?keyword=%E6%9C%BA%E6%9E%84')).body.data.totalCount).toBe(1);
    expect((await get('adminAccount/list?keyword=nobody')).body.data.totalCount).toBe(0);
    expect((await get('adminAccount/list?status=0')).body.data.totalCount).toBe(0);
    const bad = await get('adminAccount/list?status=7&page=0', admin, 'en');
    expect(bad.status).toBe(400);
  });

  it('creates a new administrator account for a chosen organization that can sign in', async () => {
    const res = await post('adminAccount/save', {
      mode: 'new',
      organizationId: second,
      name: '东区管理员',
      phone: '13900000101',
      email: 'east-admin@rehab.example',
    });
    expect(res.body).toMatchObject({ code: 0 });
    const id = res.body.data.id as number;
    expect(await rolesOf(id, second)).toEqual([RoleId.orgAdmin]);
    const list = await get(`adminAccount/list?organizationId=${second}`);
    expect(list.body.data.list).toEqual([
      expect.objectContaining({ userId: id, name: '东区管理员', organizationName: '城东社区康复中心' }),
    ]);
    // the default password, as an account made on the users screen
    const token = await s.loginAdmin('13900000101', s.config.defaultPassword);
    const orgs = await s.api('GET', '/api/sys/organization/chooseOrganizationList', { token });
    expect(orgs.body.data.list.map((o: { id: number }) => o.id)).toEqual([second]);
  });

  it('creates an account holding other platform roles too, and refuses a taken phone or bad input writing nothing', async () => {
    const ok = await post('adminAccount/save', {
      mode: 'new',
      organizationId: first,
      name: '兼职管理员',
      phone: '13900000102',
      roleIds: [RoleId.doctor],
      password: 'Quillon#2026',
    });
    expect(ok.body.code).toBe(0);
    expect(await rolesOf(ok.body.data.id, first)).toEqual([RoleId.doctor, RoleId.orgAdmin]);
    await s.loginAdmin('13900000102', 'Quillon#2026');

    const before = await tally();
    const taken = await post(
      'adminAccount/save',
      { mode: 'new', organizationId: first, name: '重复', phone: DEMO.doctor },
      admin,
      'en',
    );
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toContain(DEMO.doctor);
    const noOrg = await post('adminAccount/save', {
      mode: 'new',
      organizationId: 99999,
      name: '无',
      phone: '13900000109',
    });
    expect(noOrg.status).toBe(404);
    expect(noOrg.body.msg).toContain('99999');
    const noName = await post('adminAccount/save', { mode: 'new', organizationId: first, phone: '13900000109' });
    expect(noName.status).toBe(400);
    const badMode = await post('adminAccount/save', { mode: 'other', organizationId: first });
    expect(badMode.status).toBe(400);
    const superRole = await post('adminAccount/save', {
      mode: 'new',
      organizationId: first,
      name: '越权',
      phone: '13900000109',
      roleIds: [RoleId.superAdmin],
    });
    expect(superRole.status).toBe(400);
    expect(await tally()).toEqual(before);
  });

  it('promotes an existing member, and refuses one already administrator or not a member', async () => {
    const therapist = await userId(DEMO.therapist);
    const candidates = await get(`adminAccount/candidates?organizationId=${second}`);
    expect(candidates.body.data.map((c: { id: number }) => c.id)).toContain(therapist);
    const byPhone = await get(`adminAccount/candidates?organizationId=${second}&keyword=0010`);
    expect(byPhone.body.data).toEqual([{ id: therapist, name: '李治疗师', phone: DEMO.therapist }]);

    const res = await post('adminAccount/save', { mode: 'existing', organizationId: second, userId: therapist });
    expect(res.body.code).toBe(0);
    expect(await rolesOf(therapist, second)).toEqual([RoleId.therapist, RoleId.orgAdmin]);
    expect(await rolesOf(therapist, first)).toEqual([RoleId.therapist]);
    const row = (await get(`adminAccount/list?organizationId=${second}&keyword=0010`)).body.data.list[0];
    expect(row.otherRoleNames.map((r: { name: string }) => r.name)).toHaveLength(1);
    expect((await get(`adminAccount/candidates?organizationId=${second}`)).body.data).not.toContainEqual(
      expect.objectContaining({ id: therapist }),
    );

    const before = await tally();
    const again = await post('adminAccount/save', { mode: 'existing', organizationId: second, userId: therapist });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('李治疗师');
    const stranger = await post(
      'adminAccount/save',
      { mode: 'existing', organizationId: second, userId: await userId(DEMO.doctor) },
      admin,
      'en',
    );
    expect(stranger.status).toBe(400);
    expect(stranger.body.msg).toBe('The chosen user is not a member of that organization');
    const ghost = await post('adminAccount/save', { mode: 'existing', organizationId: second, userId: 999999 });
    expect(ghost.status).toBe(404);
    const platformAccount = await post('adminAccount/save', {
      mode: 'existing',
      organizationId: second,
      userId: await userId(DEMO.superAdmin),
    });
    expect(platformAccount.status).toBe(403);
    expect(await tally()).toEqual(before);
  });

  it('disables and enables an administrator: a disabled one cannot sign in', async () => {
    const id = await userId(DEMO.orgAdmin);
    const off = await post('adminAccount/status', { userId: id, status: 0 });
    expect(off.body.code).toBe(0);
    expect((await get('adminAccount/list?status=0')).body.data.list.map((r: { userId: number }) => r.userId)).toEqual([
      id,
    ]);
    const denied = await s.login({ account: DEMO.orgAdmin, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1 });
    expect(denied.body.code).not.toBe(0);
    expect((await post('adminAccount/status', { userId: id, status: 1 })).body.code).toBe(0);
    await s.loginAdmin(DEMO.orgAdmin);
    orgAdmin = (await s.loginInto(DEMO.orgAdmin)).token;
  });

  it('resets an administrator password to the configured default', async () => {
    const id = (await get('adminAccount/list?keyword=13900000102')).body.data.list[0].userId;
    expect((await post('adminAccount/resetPassword', { userId: id })).body.code).toBe(0);
    await s.loginAdmin('13900000102', s.config.defaultPassword);
  });

  it('refuses accounts that are not organization administrators, and the super administrator', async () => {
    const before = await tally();
    const doctor = await userId(DEMO.doctor);
    const notAdmin = await post('adminAccount/status', { userId: doctor, status: 0 }, admin, 'en');
    expect(notAdmin.status).toBe(404);
    expect(notAdmin.body.msg).toBe('This account administers no organization');
    expect((await post('adminAccount/resetPassword', { userId: doctor })).status).toBe(404);
    const platform = await post('adminAccount/status', { userId: await userId(DEMO.superAdmin), status: 0 });
    expect(platform.status).toBe(403);
    expect((await post('adminAccount/status', { userId: doctor, status: 5 })).status).toBe(400);
    expect((await post('adminAccount/resetPassword', {})).status).toBe(400);
    expect(await tally()).toEqual(before);
  });

  it('revokes the administrator role of one organization, keeping the others', async () => {
    const therapist = await userId(DEMO.therapist);
    const before = await tally();
    const elsewhere = await post('adminAccount/revoke', { userId: therapist, organizationId: first });
    expect(elsewhere.status).toBe(404);
    // the only role there: refused as on the users screen
    const onlyRole = (await get('adminAccount/list?keyword=13900000101')).body.data.list[0];
    const lone = await post('adminAccount/revoke', { userId: onlyRole.userId, organizationId: second }, admin, 'en');
    expect(lone.status).toBe(409);
    expect(lone.body.msg).toContain('assign another role first');
    expect(await tally()).toEqual(before);

    expect((await post('adminAccount/revoke', { userId: therapist, organizationId: second })).body.code).toBe(0);
    expect(await rolesOf(therapist, second)).toEqual([RoleId.therapist]);
    expect((await get(`adminAccount/list?keyword=${DEMO.therapist}`)).body.data.totalCount).toBe(0);
  });
});

describe('platform notices', () => {
  const notice = {
    title: '系统升级通知',
    content: '<p>今晚 <strong>22:00</strong> 升级</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    organizationIds: [] as number[],
  };

  it('sends a notice to one organization: every enabled member gets a system message', async () => {
    const res = await post('operationMessage/send', { ...notice, organizationIds: [second] });
    expect(res.body.code).toBe(0);
    const members = await s.app.db
      .select({ userId: messageRecipients.userId })
      .from(messageRecipients)
      .innerJoin(platformNoticeMessages, eq(platformNoticeMessages.messageId, messageRecipients.messageId))
      .where(eq(platformNoticeMessages.noticeId, res.body.data.id));
    expect(members.length).toBe(res.body.data.recipientCount);
    expect(members.map((m) => m.userId)).toEqual(
      expect.arrayContaining([await userId(DEMO.therapist2), await userId(DEMO.therapist)]),
    );
    expect(members.map((m) => m.userId)).not.toContain(await userId(DEMO.doctor));

    const therapist2 = (await s.loginInto(DEMO.therapist2)).token;
    const inbox = await s.api('GET', '/api/sys/message/list?box=inbox', { token: therapist2 });
    const row = inbox.body.data.list.find((m: { title: string }) => m.title === notice.title);
    expect(row).toMatchObject({ sender: null, sign: 0 });
    const info = await s.api('GET', `/api/sys/message/info/${row.id}`, { token: therapist2 });
    expect(info.body.data.content).toContain('<strong>22:00</strong>');
    expect(info.body.data.content).not.toMatch(/script|onerror|<img/);

    const list = await get('operationMessage/list');
    expect(list.body.data.list[0]).toMatchObject({
      id: res.body.data.id,
      title: notice.title,
      targetAll: false,
      organizations: [expect.objectContaining({ id: second })],
      senderName: '系统管理员',
      recipientCount: members.length,
      readCount: 1,
    });
    const detail = await get(`operationMessage/info/${res.body.data.id}`);
    expect(detail.body.data.delivery).toEqual([
      expect.objectContaining({ organizationId: second, recipientCount: members.length, readCount: 1 }),
    ]);
    expect(detail.body.data.content).not.toContain('script');
  });

  it('sends to every organization, limited to roles', async () => {
    const res = await post('operationMessage/send', {
      title: 'Therapists only',
      content: '<p>hello</p>',
      targetAll: true,
      roleIds: [RoleId.therapist],
    });
    expect(res.body.code).toBe(0);
    const detail = (await get(`operationMessage/info/${res.body.data.id}`)).body.data;
    expect(detail.targetAll).toBe(true);
    expect(detail.roles).toEqual([expect.objectContaining({ id: RoleId.therapist })]);
    expect(detail.delivery.map((d: { organizationId: number }) => d.organizationId)).toEqual([first, second]);
    // one message per organization to each enabled therapist there (李治疗师 gets one in both)
    const therapists = await s.app.db
      .select({ userId: userRoles.userId, status: users.status })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(eq(userRoles.roleId, RoleId.therapist));
    expect(detail.recipientCount).toBe(therapists.filter((t) => t.status === 1).length);
    expect(detail.recipientCount).toBeGreaterThanOrEqual(3);
    const doctor = (await s.loginInto(DEMO.doctor)).token;
    const inbox = await s.api('GET', '/api/sys/message/list?box=inbox', { token: doctor });
    expect(inbox.body.data.list.map((m: { title: string }) => m.title)).not.toContain('Therapists only');
    expect((await get('operationMessage/list?title=Therapists')).body.data.totalCount).toBe(1);
  });

  it('refuses bad notices with 400 or 404 in the caller language and writes nothing', async () => {
    const before = await tally();
    const cases: [unknown, number, string?][] = [
      [{ ...notice, title: '  ', organizationIds: [second] }, 400, 'Title cannot be empty'],
      [
        { ...notice, content: '<p> </p><script>x</script>', organizationIds: [second] },
        400,
        'The message content cannot be empty',
      ],
      [{ ...notice, content: `<p>${'x'.repeat(50_001)}</p>`, organizationIds: [second] }, 400],
      [{ ...notice, title: 'x'.repeat(101), organizationIds: [second] }, 400],
      [{ ...notice, organizationIds: [] }, 400, 'Target organizations cannot be empty'],
      [{ ...notice, organizationIds: [second, 99999] }, 404, 'Organization 99999 does not exist'],
      [{ ...notice, organizationIds: ['x'] }, 400],
      [{ ...notice, organizationIds: [second], roleIds: [RoleId.nurse] }, 400, 'No enabled user matches'],
      [{ ...notice, organizationIds: [second], roleIds: [987654] }, 400, 'platform roles'],
      [{ ...notice, targetAll: 'yes' }, 400],
      ['not json', 400],
    ];
    for (const [body, status, msg] of cases) {
      const res = await post('operationMessage/send', body, admin, 'en');
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      if (msg) expect(res.body.msg).toContain(msg);
    }
    expect((await get('operationMessage/info/999999')).status).toBe(404);
    expect((await get('operationMessage/info/abc')).status).toBe(400);
    expect(await tally()).toEqual(before);
  });

  it('sends all or nothing: a failure while recording the notice leaves no message behind', async () => {
    const before = await tally();
    const attempt = sendSystemMessages(
      s.app,
      [first, second].map((organizationId) => ({
        organizationId,
        userIds: [1, 2, 3, 4, 5, 6, 7, 8],
        title: { text: 'never' },
        content: { html: '<p>never</p>' },
      })),
      async (_tx, sent) => {
        expect(sent).toHaveLength(2);
        throw new Error('recording failed');
      },
    );
    await expect(attempt).rejects.toThrow('recording failed');
    expect(await tally()).toEqual(before);
  });
});
