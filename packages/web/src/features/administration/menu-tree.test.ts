import { describe, expect, it } from 'vitest';
import type { AdminMenuNode } from '@rehab/shared';
import { toggleMenu, treeIds } from './menu-tree';

const node = (menuId: number, type: number, children: AdminMenuNode[] = []): AdminMenuNode => ({
  menuId,
  parentId: 0,
  type,
  name: String(menuId),
  nameLang: {},
  url: null,
  perms: null,
  icon: null,
  orderNum: 0,
  builtin: false,
  key: null,
  children,
});

// directory 1 > menu 2 (buttons 3, 4), menu 5; menu 6 at the top
const tree = [node(1, 0, [node(2, 1, [node(3, 2), node(4, 2)]), node(5, 1)]), node(6, 1)];

describe('role menu tree', () => {
  it('lists every id', () => {
    expect(treeIds(tree)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('checking a button grants its screen and directory', () => {
    expect(toggleMenu(tree, [], 4, true)).toEqual([1, 2, 4]);
  });

  it('checking a directory grants everything below it', () => {
    expect(toggleMenu(tree, [6], 1, true)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('unchecking a screen takes its buttons and keeps the directory', () => {
    expect(toggleMenu(tree, [1, 2, 3, 4, 5], 2, false)).toEqual([1, 5]);
  });

  it('ignores an unknown node', () => {
    expect(toggleMenu(tree, [6], 99, true)).toEqual([6]);
  });
});
