import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { menuEnabled, type MenuNode } from '@rehab/shared';
import { menus, roleMenus } from './menus.tables';
import type { BuiltinMenu } from '../../kernel/menu';
import { menuIdsOf } from './permissions.service';

/**
 * Adds the built-in menus a database does not have yet (by key) and grants each new one to its default roles.
 * Existing menus are left as the administrators edited them. `builtin` comes from the composition root, parents
 * first.
 */
export async function syncBuiltinMenus(db: Db, builtin: readonly BuiltinMenu[]) {
  const existing = await db.select({ id: menus.id, key: menus.key }).from(menus);
  const idByKey = new Map(existing.filter((m) => m.key).map((m) => [m.key!, m.id]));
  for (const def of builtin) {
    if (idByKey.has(def.key)) continue;
    const parentId = def.parentKey ? idByKey.get(def.parentKey) : 0;
    if (parentId === undefined) throw new Error(`built-in menu ${def.key}: parent ${def.parentKey} comes later`);
    const [row] = await db
      .insert(menus)
      .values({
        key: def.key,
        parentId,
        type: def.type,
        name: def.nameLang['zh-CN'],
        nameLang: def.nameLang,
        url: def.url ?? null,
        perms: def.perms?.join(',') ?? null,
        icon: def.icon ?? null,
        orderNum: def.orderNum,
        builtin: true,
      })
      .returning({ id: menus.id });
    idByKey.set(def.key, row!.id);
    if (def.grant.length > 0) {
      await db
        .insert(roleMenus)
        .values(def.grant.map((roleId) => ({ roleId, menuId: row!.id })))
        .onConflictDoNothing();
    }
  }
}

/**
 * The sidebar of a session: directories and menus granted to its roles, as a tree ordered by orderNum, with a
 * directory shown when any of its children is granted. Menus of product modules the organization switched off
 * (shared `menuEnabled`) are left out.
 */
export async function menuTreeFor(
  app: AppContext,
  roleIds: number[],
  products: ReadonlySet<string>,
): Promise<MenuNode[]> {
  const granted = await menuIdsOf(app, roleIds);
  const rows = await app.db.select().from(menus);
  const visible = rows.filter(
    (m) =>
      m.type !== 2 &&
      (granted === 'all' || granted.has(m.id) || m.type === 0) &&
      (m.type === 0 || menuEnabled(m, products)),
  );
  const nodes = new Map<number, MenuNode>(
    visible.map((m) => [
      m.id,
      {
        menuId: m.id,
        parentId: m.parentId,
        type: m.type,
        name: m.name,
        nameLang: m.nameLang,
        url: m.url,
        perms: m.perms,
        icon: m.icon,
        orderNum: m.orderNum,
        list: [],
      },
    ]),
  );
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    (parent ? parent.list : roots).push(node);
  }
  const prune = (list: MenuNode[]): MenuNode[] =>
    list
      .map((n) => ({ ...n, list: prune(n.list) }))
      .filter((n) => n.type !== 0 || n.list.length > 0)
      .sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId);
  return prune(roots);
}
