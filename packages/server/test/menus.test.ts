import { Perm } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roleMenus } from '../src/db/schema';
import { clearPermissionCache } from '../src/modules/menus/permissions.service';
import { DEMO, startTestServer, type TestServer } from './harness';

type MenuNode = {
  menuId: number;
  parentId: number;
  type: number;
  name: string;
  nameLang: Record<string, string>;
  url: string | null;
  perms: string | null;
  orderNum: number;
  list: MenuNode[];
};

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
});
afterAll(async () => {
  await s?.close();
});

const nav = async (token: string) => {
  const res = await s.api('GET', '/api/sys/menu/nav', { token });
  expect(res.body.code).toBe(0);
  return res.body as unknown as { menuList: MenuNode[]; permissions: string[] };
};
const flatten = (list: MenuNode[]): MenuNode[] => list.flatMap((n) => [n, ...flatten(n.list)]);

const CARDS = [Perm.cardUnplanPatient, Perm.cardUnfinishReferral, Perm.cardUnfinishedAssess, Perm.cardFinishedReferral];

describe('GET /api/sys/menu/nav', () => {
  it('is empty before an organization is chosen', async () => {
    const token = await s.loginAdmin(DEMO.superAdmin);
    expect(await nav(token)).toEqual(expect.objectContaining({ menuList: [], permissions: [] }));
  });

  it('answers the tree with nameLang and every permission for the super administrator', async () => {
    const { token } = await s.loginInto(DEMO.superAdmin);
    const { menuList, permissions } = await nav(token);
    const home = menuList.find((m) => m.url === '/home')!;
    expect(home).toMatchObject({ type: 1, name: '首页', nameLang: { 'zh-CN': '首页', en: 'Home' }, parentId: 0 });
    // buttons are permissions, not sidebar entries
    expect(flatten(menuList).every((m) => m.type !== 2)).toBe(true);
    expect(permissions).toEqual([...permissions].sort());
    expect(permissions).toEqual(
      expect.arrayContaining([Perm.indexInfo, Perm.cardNotSpecified, Perm.clockIn, ...CARDS]),
    );
  });

  it('differs between the doctor, the therapist and the organization administrator', async () => {
    const doctor = await nav((await s.loginInto(DEMO.doctor)).token);
    const therapist = await nav((await s.loginInto(DEMO.therapist)).token);
    const orgAdmin = await nav((await s.loginInto(DEMO.orgAdmin)).token);
    // the home dashboard grants of spec section 6 (later features add their own codes beside these)
    expect(doctor.permissions).toEqual(
      expect.arrayContaining([Perm.indexInfo, Perm.cardNotSpecified, Perm.clockIn, ...CARDS]),
    );
    expect(therapist.permissions).toEqual(expect.arrayContaining([Perm.indexInfo, Perm.clockIn, ...CARDS]));
    expect(therapist.permissions).not.toContain(Perm.cardNotSpecified);
    expect(orgAdmin.permissions).toEqual(expect.arrayContaining([Perm.indexInfo, Perm.cardNotSpecified]));
    for (const code of [Perm.clockIn, ...CARDS]) expect(orgAdmin.permissions).not.toContain(code);
    for (const menu of [doctor, therapist, orgAdmin]) expect(menu.menuList.map((m) => m.url)).toContain('/home');
  });

  it('shows a directory only with a granted child, ordered by orderNum, and reads grants per role', async () => {
    const [dir] = await s.app.db
      .insert(menus)
      .values({ parentId: 0, type: 0, name: '系统管理', nameLang: { 'zh-CN': '系统管理', en: 'System' }, orderNum: 9 })
      .returning({ id: menus.id });
    const children = await s.app.db
      .insert(menus)
      .values([
        {
          parentId: dir!.id,
          type: 1,
          name: '用户',
          nameLang: { 'zh-CN': '用户', en: 'Users' },
          url: '/sys/user',
          perms: 'sys:user:list,sys:user:info',
          orderNum: 2,
        },
        {
          parentId: dir!.id,
          type: 1,
          name: '角色',
          nameLang: { 'zh-CN': '角色' },
          url: '/sys/role',
          perms: 'sys:role:list',
          orderNum: 1,
        },
      ])
      .returning({ id: menus.id });
    const [emptyDir] = await s.app.db
      .insert(menus)
      .values({ parentId: 0, type: 0, name: '空目录', nameLang: {}, orderNum: 10 })
      .returning({ id: menus.id });
    // the doctor (role 11) gets both screens, the therapist (role 10) nothing of it
    await s.app.db.insert(roleMenus).values(children.map((c) => ({ roleId: 11, menuId: c.id })));
    clearPermissionCache();

    const doctor = await nav((await s.loginInto(DEMO.doctor)).token);
    const sys = doctor.menuList.find((m) => m.menuId === dir!.id)!;
    expect(sys.nameLang.en).toBe('System');
    expect(sys.list.map((m) => m.url)).toEqual(['/sys/role', '/sys/user']);
    expect(sys.list[0]!.nameLang).toEqual({ 'zh-CN': '角色' });
    expect(doctor.permissions).toEqual(expect.arrayContaining(['sys:user:list', 'sys:user:info', 'sys:role:list']));
    expect(doctor.menuList.some((m) => m.menuId === emptyDir!.id)).toBe(false);
    expect(doctor.menuList.map((m) => m.orderNum)).toEqual(
      [...doctor.menuList.map((m) => m.orderNum)].sort((a, b) => a - b),
    );

    const therapist = await nav((await s.loginInto(DEMO.therapist)).token);
    expect(therapist.menuList.some((m) => m.menuId === dir!.id)).toBe(false);
    expect(therapist.permissions).not.toContain('sys:user:list');

    // the super administrator holds every menu, the empty directory pruned all the same
    const admin = await nav((await s.loginInto(DEMO.superAdmin)).token);
    expect(admin.menuList.find((m) => m.menuId === dir!.id)!.list).toHaveLength(2);
    expect(admin.menuList.some((m) => m.menuId === emptyDir!.id)).toBe(false);
  });

  it('follows the organization: roles are those held in the current one', async () => {
    const { token } = await s.loginInto(DEMO.therapist, 1);
    const inSecond = await nav(token);
    expect(inSecond.permissions).toContain(Perm.indexInfo);
    expect(inSecond.permissions).not.toContain(Perm.cardNotSpecified);
  });

  it('needs a session', async () => {
    expect((await s.api('GET', '/api/sys/menu/nav')).status).toBe(401);
  });
});
