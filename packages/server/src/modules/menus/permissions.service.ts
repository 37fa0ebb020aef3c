import { eq, inArray, isNotNull } from 'drizzle-orm';
import { RoleId, permissionEnabled } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { menus, roleMenus } from './menus.tables';
import { organizations } from '../organizations/organizations.tables';
import { userRoles } from '../roles/roles.tables';

/**
 * Roles a user holds in an organization. The platform super administrator (role 1 in any organization) may enter
 * every organization (see organizations.service) and holds role 1 in each, also in one where they were given no role.
 */
export async function rolesIn(app: AppContext, userId: number, organizationId: number): Promise<number[]> {
  const rows = await app.db
    .select({ roleId: userRoles.roleId, organizationId: userRoles.organizationId })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rolesAmong(rows, organizationId);
}

/** `rolesIn` of a user's role rows already read (the session lookup reads them in its own statement). */
export function rolesAmong(rows: { roleId: number; organizationId: number }[], organizationId: number): number[] {
  const here = new Set(rows.filter((r) => r.organizationId === organizationId).map((r) => r.roleId));
  if (rows.some((r) => r.roleId === RoleId.superAdmin)) here.add(RoleId.superAdmin);
  return [...here].sort((a, b) => a - b);
}

/** Every role a user holds in any organization (for the login role type check before one is chosen). */
export async function allRolesOf(app: AppContext, userId: number): Promise<number[]> {
  const rows = await app.db
    .selectDistinct({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.roleId);
}

/** Menu ids granted to a set of roles; the super administrator (role 1) holds every menu. */
export async function menuIdsOf(app: AppContext, roleIds: number[]): Promise<Set<number> | 'all'> {
  if (roleIds.includes(RoleId.superAdmin)) return 'all';
  if (roleIds.length === 0) return new Set();
  const rows = await app.db
    .selectDistinct({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(inArray(roleMenus.roleId, roleIds));
  return new Set(rows.map((r) => r.menuId));
}

const cache = new Map<string, { at: number; value: Set<string> }>();
const CACHE_MS = 5000;

/**
 * Permission codes of a set of roles: the `perms` of every granted menu and button, split on commas. Cached for a
 * few seconds per role set so that a request costs no extra query; role and menu changes show within that time.
 */
export async function permissionsOf(app: AppContext, roleIds: number[]): Promise<Set<string>> {
  const key = `${app.config.databaseUrl ?? app.config.dataDir}|${roleIds.join(',')}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const granted = await menuIdsOf(app, roleIds);
  const rows =
    granted === 'all'
      ? await app.db.select({ perms: menus.perms }).from(menus).where(isNotNull(menus.perms))
      : granted.size === 0
        ? []
        : await app.db
            .select({ perms: menus.perms })
            .from(menus)
            .where(inArray(menus.id, [...granted]));
  const value = new Set<string>();
  for (const row of rows) {
    for (const code of (row.perms ?? '').split(',')) if (code.trim()) value.add(code.trim());
  }
  cache.set(key, { at: Date.now(), value });
  return value;
}

const productCache = new Map<string, { at: number; value: ReadonlySet<string> }>();

/**
 * The product modules an organization has switched on (`sys_organization.products`, and `ca` with its CA
 * integration on), cached like the permissions;
 * saving an organization's config clears the cache of this process, other processes follow within 5 s.
 */
export async function productsOf(app: AppContext, organizationId: number): Promise<ReadonlySet<string>> {
  const key = `${app.config.databaseUrl ?? app.config.dataDir}|${organizationId}`;
  const hit = productCache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const [row] = await app.db
    .select({ products: organizations.products, caIntegration: organizations.caIntegration })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  // `ca`: the CA integration gates the signature log like a product (shared ORGANIZATION_GATES)
  const value = new Set([...(row?.products ?? []), ...(row?.caIntegration ? ['ca'] : [])]);
  productCache.set(key, { at: Date.now(), value });
  return value;
}

const withinCache = new WeakMap<ReadonlySet<string>, WeakMap<ReadonlySet<string>, ReadonlySet<string>>>();

/** The permission codes of a role set that the organization's product switches leave on. */
export function withinProducts(permissions: ReadonlySet<string>, products: ReadonlySet<string>): ReadonlySet<string> {
  // the sets are the cached ones (permissionsOf, productsOf), never changed: worked out once per pair, not on every
  // request (filtering some hundred codes was a twentieth of a kept answer's CPU)
  let byProducts = withinCache.get(permissions);
  const hit = byProducts?.get(products);
  if (hit) return hit;
  const kept = [...permissions].filter((code) => permissionEnabled(code, products));
  const value = kept.length === permissions.size ? permissions : new Set(kept);
  if (!byProducts) withinCache.set(permissions, (byProducts = new WeakMap()));
  byProducts.set(products, value);
  return value;
}

export function clearPermissionCache() {
  cache.clear();
  productCache.clear();
}

/**
 * Every menu with the permission codes it grants: id, parent, type, name in both languages and codes (the operation
 * log names its operations by them).
 */
export async function permissionMenus(db: Db) {
  return db
    .select({
      id: menus.id,
      parentId: menus.parentId,
      type: menus.type,
      name: menus.name,
      nameLang: menus.nameLang,
      perms: menus.perms,
    })
    .from(menus);
}
