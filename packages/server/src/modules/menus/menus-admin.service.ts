import { count, eq } from 'drizzle-orm';
import { MenuType, type AdminMenuNode } from '@rehab/shared';
import type { AppContext } from '../../context';
import { menus } from './menus.tables';
import { AppError, conflict, notFound } from '../../http/errors';
import { clearPermissionCache } from './permissions.service';

type MenuRow = typeof menus.$inferSelect;
type MenuValues = {
  parentId: number;
  type: number;
  name: string;
  nameEn: string;
  url: string | null;
  perms: string | null;
  icon: string | null;
  orderNum: number;
};

const toNode = (m: MenuRow): AdminMenuNode => ({
  menuId: m.id,
  parentId: m.parentId,
  type: m.type,
  name: m.name,
  nameLang: m.nameLang as Record<string, string>,
  url: m.url,
  perms: m.perms,
  icon: m.icon,
  orderNum: m.orderNum,
  builtin: m.builtin,
  key: m.key,
  children: [],
});

/** The whole menu tree, buttons included, ordered by sort number; `types` keeps only some node types. */
export async function menuTree(app: AppContext, types?: number[]): Promise<AdminMenuNode[]> {
  const rows = (await app.db.select().from(menus)).filter((m) => !types || types.includes(m.type));
  const nodes = new Map(rows.map((m) => [m.id, toNode(m)]));
  const roots: AdminMenuNode[] = [];
  for (const node of nodes.values()) (nodes.get(node.parentId)?.children ?? roots).push(node);
  const sort = (list: AdminMenuNode[]) => {
    list.sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId);
    for (const n of list) sort(n.children);
    return list;
  };
  return sort(roots);
}

export async function menuInfo(app: AppContext, id: number) {
  const [row] = await app.db.select().from(menus).where(eq(menus.id, id)).limit(1);
  if (!row) throw notFound();
  return toNode(row);
}

const fieldError = (field: string, key: string) => new AppError(400, key, { field }, { field });

/** Whether a node of `childType` may sit under a parent of `parentType` (null: the top level). */
export function fitsUnder(childType: number, parentType: number | null): boolean {
  if (childType === MenuType.button) return parentType === MenuType.menu;
  return parentType === null || parentType === MenuType.directory;
}

/** The tree rules of spec section 2 (administration): a button under a menu, menus and directories under directories. */
async function checkPlacement(app: AppContext, v: MenuValues, id?: number) {
  const all = await app.db.select({ id: menus.id, parentId: menus.parentId, type: menus.type }).from(menus);
  const byId = new Map(all.map((m) => [m.id, m]));
  let parentType: number | null = null;
  if (v.parentId !== 0) {
    const parent = byId.get(v.parentId);
    if (!parent) throw fieldError('parentId', 'validation.refNotFound');
    parentType = parent.type;
    if (id !== undefined) {
      for (let m: { id: number; parentId: number } | undefined = parent; m; m = byId.get(m.parentId)) {
        if (m.id === id) throw fieldError('parentId', 'admin.menuParentCycle');
      }
    }
  }
  if (!fitsUnder(v.type, parentType)) {
    throw fieldError('parentId', v.type === MenuType.button ? 'admin.menuButtonParent' : 'admin.menuParentType');
  }
  if (id !== undefined && all.some((m) => m.parentId === id && !fitsUnder(m.type, v.type))) {
    throw fieldError('type', 'admin.menuChildrenConflict');
  }
}

const columnsOf = (v: MenuValues) => ({
  parentId: v.parentId,
  type: v.type,
  name: v.name,
  nameLang: { 'zh-CN': v.name, ...(v.nameEn ? { en: v.nameEn } : {}) },
  // a directory opens no screen; a button is a permission inside one
  url: v.type === MenuType.menu ? v.url : null,
  perms: v.type === MenuType.directory ? null : v.perms,
  icon: v.icon,
  orderNum: v.orderNum,
});

export async function createMenu(app: AppContext, v: MenuValues) {
  await checkPlacement(app, v);
  const [row] = await app.db.insert(menus).values(columnsOf(v)).returning();
  clearPermissionCache();
  return toNode(row!);
}

/** Built-in menus keep their type and route (screens and the sync by key depend on them); the rest may change. */
export async function updateMenu(app: AppContext, id: number, v: MenuValues) {
  const [row] = await app.db.select().from(menus).where(eq(menus.id, id)).limit(1);
  if (!row) throw notFound();
  if (row.builtin && (row.type !== v.type || (row.type === MenuType.menu && row.url !== v.url))) {
    throw conflict('admin.menuBuiltinLocked', { name: row.name });
  }
  await checkPlacement(app, v, id);
  const [updated] = await app.db.update(menus).set(columnsOf(v)).where(eq(menus.id, id)).returning();
  clearPermissionCache();
  return toNode(updated!);
}

/** A node with children, or a built-in one, stays. */
export async function deleteMenu(app: AppContext, id: number) {
  const [row] = await app.db.select().from(menus).where(eq(menus.id, id)).limit(1);
  if (!row) throw notFound();
  if (row.builtin) throw conflict('admin.menuBuiltin', { name: row.name });
  const [{ n }] = (await app.db.select({ n: count() }).from(menus).where(eq(menus.parentId, id))) as [{ n: number }];
  if (Number(n) > 0) throw conflict('admin.menuHasChildren', { name: row.name, count: Number(n) });
  await app.db.delete(menus).where(eq(menus.id, id));
  clearPermissionCache();
}
