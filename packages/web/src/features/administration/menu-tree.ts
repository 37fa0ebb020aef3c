import type { AdminMenuNode } from '@rehab/shared';

/** All ids of a tree. */
export function treeIds(list: AdminMenuNode[]): number[] {
  return list.flatMap((n) => [n.menuId, ...treeIds(n.children)]);
}

/**
 * Checking a node of the role tree (a strictly checked antd Tree, so that a screen can be granted without all of
 * its buttons): checking grants it, everything below it and the nodes above it (a button needs its screen, a
 * screen its directory); unchecking takes it and everything below it away and leaves the nodes above as they are.
 */
export function toggleMenu(tree: AdminMenuNode[], granted: readonly number[], menuId: number, checked: boolean) {
  const parentOf = new Map<number, number | null>();
  const nodeOf = new Map<number, AdminMenuNode>();
  const index = (list: AdminMenuNode[], parent: number | null) => {
    for (const n of list) {
      parentOf.set(n.menuId, parent);
      nodeOf.set(n.menuId, n);
      index(n.children, n.menuId);
    }
  };
  index(tree, null);
  const node = nodeOf.get(menuId);
  if (!node) return [...granted];
  const below = treeIds([node]);
  const out = new Set(granted);
  if (checked) {
    for (const id of below) out.add(id);
    for (let p = parentOf.get(menuId) ?? null; p !== null; p = parentOf.get(p) ?? null) out.add(p);
  } else {
    for (const id of below) out.delete(id);
  }
  return [...out].sort((a, b) => a - b);
}
