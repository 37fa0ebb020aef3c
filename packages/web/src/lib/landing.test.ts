import { describe, expect, it } from 'vitest';
import type { MenuNode } from './session';
import { soleScreen } from './landing';

const node = (menuId: number, type: number, url: string | null, list: MenuNode[] = []): MenuNode =>
  ({
    menuId,
    parentId: 0,
    type,
    name: String(menuId),
    nameLang: {},
    url,
    perms: null,
    icon: null,
    orderNum: menuId,
    list,
  }) as MenuNode;

describe('soleScreen', () => {
  it('answers the only screen of a menu, inside its directory', () => {
    expect(soleScreen([node(1, 0, null, [node(486, 1, '/signature/list')])])).toBe('/signature/list');
  });
  it('answers nothing for several screens or none', () => {
    expect(soleScreen([node(2, 1, '/home'), node(1, 0, null, [node(486, 1, '/signature/list')])])).toBeNull();
    expect(soleScreen([])).toBeNull();
    expect(soleScreen([node(1, 0, null, [])])).toBeNull();
  });
});
