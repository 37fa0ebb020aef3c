import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../lib/session';
import { firstScreen, selectedItem, sidebarItems } from './sidebar-items';

const node = (p: Partial<MenuNode> & Pick<MenuNode, 'menuId' | 'name'>): MenuNode => ({
  parentId: 0,
  type: 1,
  nameLang: {},
  url: null,
  perms: null,
  icon: null,
  orderNum: 0,
  list: [],
  ...p,
});

const tree: MenuNode[] = [
  node({
    menuId: 10,
    name: '患者管理',
    nameLang: { en: 'Patients' },
    type: 0,
    orderNum: 2,
    icon: 'TeamOutlined',
    list: [
      node({ menuId: 12, parentId: 10, name: '患者列表', url: 'patient/manage', orderNum: 1 }),
      node({ menuId: 11, parentId: 10, name: '我的患者', url: '/mypatient/list', orderNum: 0 }),
      node({ menuId: 13, parentId: 10, name: '删除', type: 2, perms: 'sys:patient:delete' }),
    ],
  }),
  node({
    menuId: 1,
    name: '首页',
    nameLang: { 'zh-CN': '首页', en: 'Home' },
    url: '/home',
    icon: 'HomeOutlined',
    orderNum: 0,
    list: [node({ menuId: 2, parentId: 1, name: '卡片', type: 2, perms: 'sys:cardUnplanPatient:show' })],
  }),
  node({ menuId: 20, name: '空目录', type: 0, orderNum: 3, list: [node({ menuId: 21, name: '按钮', type: 2 })] }),
  node({ menuId: 30, name: 'Docs', url: 'https://example.org/help', orderNum: 4 }),
];

describe('sidebarItems', () => {
  it('turns directories into submenus and menus into items, sorted, without buttons or empty directories', () => {
    const items = sidebarItems(tree, 'zh-CN');
    expect(items.map((i) => i.key)).toEqual(['/home', 'dir:10', 'https://example.org/help']);
    expect(items[0]).toMatchObject({ label: '首页', icon: 'HomeOutlined', url: '/home', external: false });
    expect(items[0]!.children).toBeUndefined();
    expect(items[1]!.children!.map((c) => c.url)).toEqual(['/mypatient/list', '/patient/manage']);
    expect(items[2]).toMatchObject({ external: true });
  });
  it('names items in the current language, falling back to the plain name', () => {
    const items = sidebarItems(tree, 'en');
    expect(items[0]!.label).toBe('Home');
    expect(items[1]!.label).toBe('Patients');
    expect(items[1]!.children![0]!.label).toBe('我的患者');
  });
});

describe('selectedItem', () => {
  const items = sidebarItems(tree, 'en');
  it('highlights the item of the current path', () => {
    expect(selectedItem(items, '/home')).toEqual({ key: '/home', parents: [] });
    expect(selectedItem(items, '/patient/manage')).toEqual({ key: '/patient/manage', parents: ['dir:10'] });
  });
  it('matches a deeper path to its item at a segment boundary only', () => {
    expect(selectedItem(items, '/mypatient/list/3')).toMatchObject({ key: '/mypatient/list' });
    expect(selectedItem(items, '/homework')).toBeNull();
  });
  it('follows the activeMenu hint of a detail route', () => {
    expect(selectedItem(items, '/patient/detail/1/2/0/0', '/patient/manage')).toEqual({
      key: '/patient/manage',
      parents: ['dir:10'],
    });
  });
  it('finds nothing for a screen outside the sidebar', () => {
    expect(selectedItem(items, '/my-center')).toBeNull();
  });
});

describe('firstScreen', () => {
  it('is the first item in sidebar order, not an external link', () => {
    expect(firstScreen(sidebarItems(tree, 'en'))).toBe('/home');
    expect(firstScreen(sidebarItems([tree[3]!], 'en'))).toBeNull();
    expect(firstScreen([])).toBeNull();
  });
});
