import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../lib/session';
import { quickLinks } from './quick-links';

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

describe('quickLinks', () => {
  const tree = [
    node({ menuId: 1, name: '首页', nameLang: { en: 'Home' }, url: '/home', orderNum: 0 }),
    node({
      menuId: 2,
      name: '患者',
      type: 0,
      orderNum: 1,
      list: [
        node({ menuId: 4, name: '我的患者', nameLang: { en: 'My patients' }, url: 'mypatient/list', orderNum: 2 }),
        node({ menuId: 3, name: '患者管理', url: '/patient/manage', orderNum: 1, icon: 'TeamOutlined' }),
        node({ menuId: 5, name: '删除', type: 2 }),
      ],
    }),
    node({ menuId: 6, name: '帮助', url: 'https://example.org', orderNum: 2 }),
  ];
  it('lists the screens in sidebar order without home, directories, buttons or external links', () => {
    expect(quickLinks(tree, 'en', ['/home'])).toEqual([
      { url: '/patient/manage', label: '患者管理' },
      { url: '/mypatient/list', label: 'My patients' },
    ]);
  });
  it('is empty when the home screen is all there is', () => {
    expect(quickLinks([tree[0]!], 'zh-CN', ['/home'])).toEqual([]);
  });
  it('keeps the first few', () => {
    expect(quickLinks(tree, 'en', ['/home'], 1).map((l) => l.url)).toEqual(['/patient/manage']);
  });
});
