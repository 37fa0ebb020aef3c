import { and, asc, count, countDistinct, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { MenuType, RoleId, type AdminMenuNode, type RoleInfo, type RoleRow } from '@rehab/shared';
import type { AppContext } from '../../context';
import { roles, userRoles } from './roles.tables';
import { menus, roleMenus } from '../menus/menus.tables';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import { menuTree, clearPermissionCache, menuIdsOf } from '../menus';
import { isSuperSession } from '../organizations';
import { escapeLike } from '../../db/like';

/** Roles usable in an organization: the platform roles and the organization's own. */
const usableIn = (organizationId: number) => or(isNull(roles.organizationId), eq(roles.organizationId, organizationId));

type RoleValues = { roleName: string; roleNameEn: string; remark: string | null; menuIdList: number[] };

async function toRows(app: AppContext, rows: (typeof roles.$inferSelect)[]): Promise<RoleRow[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await app.db
        .select({ roleId: userRoles.roleId, n: countDistinct(userRoles.userId) })
        .from(userRoles)
        .where(inArray(userRoles.roleId, ids))
        .groupBy(userRoles.roleId)
    : [];
  return rows.map((r) => ({
    roleId: r.id,
    roleName: r.name,
    roleNameLang: r.nameLang as Record<string, string>,
    remark: r.remark,
    builtin: r.builtin,
    organizationId: r.organizationId,
    userCount: Number(counts.find((c) => c.roleId === r.id)?.n ?? 0),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listRoles(
  app: AppContext,
  session: SessionContext,
  q: { page: number; limit: number; roleName?: string },
) {
  const where: SQL[] = [usableIn(session.organizationId!)!];
  if (q.roleName) where.push(ilike(roles.name, `%${escapeLike(q.roleName)}%`));
  const condition = and(...where);
  const [{ total }] = (await app.db.select({ total: count() }).from(roles).where(condition)) as [{ total: number }];
  const rows = await app.db
    .select()
    .from(roles)
    .where(condition)
    .orderBy(asc(roles.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { list: await toRows(app, rows), total: Number(total) };
}

/** Roles a user form offers for an organization; role 1 only to the super administrator. */
export async function selectRoles(app: AppContext, session: SessionContext, organizationId: number | undefined) {
  const org = organizationId ?? session.organizationId!;
  if (org !== session.organizationId && !isSuperSession(session)) throw forbidden('admin.organizationNotManaged');
  const rows = await app.db
    .select({ roleId: roles.id, roleName: roles.name, roleNameLang: roles.nameLang })
    .from(roles)
    .where(and(usableIn(org), isSuperSession(session) ? undefined : ne(roles.id, RoleId.superAdmin)))
    .orderBy(asc(roles.id));
  return rows;
}

async function visibleRole(app: AppContext, session: SessionContext, id: number) {
  const [row] = await app.db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), usableIn(session.organizationId!)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function roleInfo(app: AppContext, session: SessionContext, id: number): Promise<RoleInfo> {
  const row = await visibleRole(app, session, id);
  const [described] = await toRows(app, [row]);
  const granted = await menuIdsOf(app, [id]);
  const menuIdList =
    granted === 'all'
      ? (await app.db.select({ id: menus.id }).from(menus)).map((m) => m.id)
      : [...granted].sort((a, b) => a - b);
  return { ...described!, menuIdList };
}

/**
 * The menus a role will hold: the chosen ones and their ancestors (a granted button needs its screen, a screen its
 * directory). Only menus the caller holds can be granted, so an administrator cannot give more than they have.
 */
async function closeMenus(app: AppContext, session: SessionContext, ids: number[]) {
  const all = await app.db.select({ id: menus.id, parentId: menus.parentId, type: menus.type }).from(menus);
  const byId = new Map(all.map((m) => [m.id, m]));
  if (ids.some((id) => !byId.has(id))) {
    throw new AppError(400, 'validation.refNotFound', { field: 'menuIdList' }, { field: 'menuIdList' });
  }
  const held = await menuIdsOf(app, session.roleIds);
  // directories carry no permission: they show when a child is granted
  if (held !== 'all' && ids.some((id) => byId.get(id)!.type !== MenuType.directory && !held.has(id))) {
    throw forbidden('admin.menuNotHeld');
  }
  const out = new Set<number>();
  for (const id of ids) {
    for (let m = byId.get(id); m && !out.has(m.id); m = byId.get(m.parentId)) out.add(m.id);
  }
  return [...out];
}

async function checkName(app: AppContext, session: SessionContext, name: string, exceptId?: number) {
  const [same] = await app.db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        usableIn(session.organizationId!),
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (same) throw new AppError(409, 'admin.roleNameTaken', { name }, { field: 'roleName' });
}

const nameLangOf = (v: RoleValues) => ({ 'zh-CN': v.roleName, ...(v.roleNameEn ? { en: v.roleNameEn } : {}) });

/** A new role belongs to the current organization. */
export async function createRole(app: AppContext, session: SessionContext, v: RoleValues) {
  await checkName(app, session, v.roleName);
  const menuIds = await closeMenus(app, session, v.menuIdList);
  const roleId = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roles)
      .values({ name: v.roleName, nameLang: nameLangOf(v), remark: v.remark, organizationId: session.organizationId! })
      .returning({ id: roles.id });
    if (menuIds.length) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: row!.id, menuId })));
    return row!.id;
  });
  clearPermissionCache();
  return { roleId };
}

/** Renames a role and replaces its menus. Platform roles are the super administrator's; role 1 holds everything. */
export async function updateRole(app: AppContext, session: SessionContext, id: number, v: RoleValues) {
  const row = await visibleRole(app, session, id);
  if (row.id === RoleId.superAdmin) throw conflict('admin.roleSuperAdmin');
  if (row.organizationId === null && !isSuperSession(session)) throw forbidden('admin.rolePlatform');
  await checkName(app, session, v.roleName, id);
  const menuIds = await closeMenus(app, session, v.menuIdList);
  await app.db.transaction(async (tx) => {
    await tx
      .update(roles)
      .set({ name: v.roleName, nameLang: nameLangOf(v), remark: v.remark })
      .where(eq(roles.id, id));
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, id));
    if (menuIds.length) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: id, menuId })));
  });
  clearPermissionCache();
}

/** Built-in roles and roles someone holds are kept; the message says how many users hold it. */
export async function deleteRoles(app: AppContext, session: SessionContext, ids: number[]) {
  const rows = [];
  for (const id of ids) rows.push(await visibleRole(app, session, id));
  for (const row of rows) {
    if (row.builtin) throw conflict('admin.roleBuiltin', { name: row.name });
    if (row.organizationId === null && !isSuperSession(session)) throw forbidden('admin.rolePlatform');
    const [{ n }] = (await app.db
      .select({ n: countDistinct(userRoles.userId) })
      .from(userRoles)
      .where(eq(userRoles.roleId, row.id))) as [{ n: number }];
    if (Number(n) > 0) throw conflict('admin.roleInUse', { name: row.name, count: Number(n) });
  }
  await app.db.delete(roles).where(inArray(roles.id, ids));
  clearPermissionCache();
}

/** The menu tree with only the nodes the caller holds (their ancestors kept so the tree stays whole). */
export async function grantableMenuTree(app: AppContext, session: SessionContext): Promise<AdminMenuNode[]> {
  const tree = await menuTree(app);
  const held = await menuIdsOf(app, session.roleIds);
  if (held === 'all') return tree;
  const prune = (list: AdminMenuNode[]): AdminMenuNode[] =>
    list.map((n) => ({ ...n, children: prune(n.children) })).filter((n) => held.has(n.menuId) || n.children.length > 0);
  return prune(tree);
}
