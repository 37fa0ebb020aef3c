import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { PRODUCT_MODULES, type Locale, type OrganizationNode } from '@rehab/shared';
import type { AppContext } from '../../context';
import { organizations } from './organizations.tables';
import { offices } from '../offices/offices.tables';
import { roles } from '../roles/roles.tables';
import { userOrganizations } from '../users/users.tables';
import { AppError, conflict, notFound } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import { organizationRelations } from './organizations.tables';
import { isSuperSession, manageableOrganizationIds, subtreeIds } from './organization-scope';
import { clearPermissionCache } from '../menus';
import { pgCode } from '../../db/pg-error';

type OrgRow = typeof organizations.$inferSelect;
type OrganizationValues = {
  parentId: number | null;
  name: string;
  nameEn: string;
  contactName: string | null;
  contactPhone: string | null;
  address: string | null;
  status: number;
};

const fieldError = (field: string, key: string, params: Record<string, string | number> = {}) =>
  new AppError(400, key, { field, ...params }, { field });

async function countsByOrganization(app: AppContext, ids: number[]) {
  if (ids.length === 0) return { users: new Map<number, number>(), offices: new Map<number, number>() };
  const [u, o] = await Promise.all([
    app.db
      .select({ id: userOrganizations.organizationId, n: count() })
      .from(userOrganizations)
      .where(inArray(userOrganizations.organizationId, ids))
      .groupBy(userOrganizations.organizationId),
    app.db
      .select({ id: offices.organizationId, n: count() })
      .from(offices)
      .where(inArray(offices.organizationId, ids))
      .groupBy(offices.organizationId),
  ]);
  return {
    users: new Map(u.map((r) => [r.id, Number(r.n)])),
    offices: new Map(o.map((r) => [r.id, Number(r.n)])),
  };
}

function toNode(o: OrgRow, counts: Awaited<ReturnType<typeof countsByOrganization>>): OrganizationNode {
  return {
    id: o.id,
    parentId: o.parentId,
    name: o.name,
    nameLang: o.nameLang as Record<string, string>,
    contactName: o.contactName,
    contactPhone: o.contactPhone,
    address: o.address,
    status: o.status,
    caIntegration: o.caIntegration,
    products: o.products,
    userCount: counts.users.get(o.id) ?? 0,
    officeCount: counts.offices.get(o.id) ?? 0,
    createdAt: o.createdAt.toISOString(),
  };
}

/**
 * The organizations an administrator manages as a tree (children under their parent). With a name search, the
 * matches and their ancestors within reach.
 */
export async function organizationTree(app: AppContext, session: SessionContext, name?: string) {
  const ids = await manageableOrganizationIds(app, session);
  const rows = await app.db
    .select()
    .from(organizations)
    .where(inArray(organizations.id, ids.length ? ids : [0]))
    .orderBy(asc(organizations.id));
  const counts = await countsByOrganization(app, ids);
  let keep = new Set(rows.map((r) => r.id));
  if (name) {
    const byId = new Map(rows.map((r) => [r.id, r]));
    keep = new Set();
    const needle = name.toLowerCase();
    for (const r of rows) {
      const text = `${r.name} ${Object.values(r.nameLang).join(' ')}`.toLowerCase();
      if (!text.includes(needle)) continue;
      for (let m: OrgRow | undefined = r; m && !keep.has(m.id); m = m.parentId ? byId.get(m.parentId) : undefined) {
        keep.add(m.id);
      }
    }
  }
  const nodes = new Map(rows.filter((r) => keep.has(r.id)).map((r) => [r.id, toNode(r, counts)]));
  const roots: OrganizationNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** An organization the caller manages, else 404 (another organization's id is not even confirmed to exist). */
async function managedOrganization(app: AppContext, session: SessionContext, id: number) {
  const ids = await manageableOrganizationIds(app, session);
  if (!ids.includes(id)) throw notFound();
  const [row] = await app.db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function organizationInfo(app: AppContext, session: SessionContext, id: number) {
  const row = await managedOrganization(app, session, id);
  return toNode(row, await countsByOrganization(app, [id]));
}

async function checkValues(app: AppContext, v: OrganizationValues, id?: number) {
  const [same] = await app.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(sql`lower(${organizations.name}) = lower(${v.name})`, id ? ne(organizations.id, id) : undefined))
    .limit(1);
  if (same) throw new AppError(409, 'admin.orgNameTaken', { name: v.name }, { field: 'name' });
  if (v.parentId !== null) {
    const rows = await app.db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations);
    if (!rows.some((r) => r.id === v.parentId)) throw fieldError('parentId', 'validation.refNotFound');
    if (id !== undefined && subtreeIds(rows, id).includes(v.parentId))
      throw fieldError('parentId', 'admin.orgParentCycle');
  }
}

const columnsOf = (v: OrganizationValues) => ({
  parentId: v.parentId,
  name: v.name,
  nameLang: { 'zh-CN': v.name, ...(v.nameEn ? { en: v.nameEn } : {}) },
  contactName: v.contactName,
  contactPhone: v.contactPhone,
  address: v.address,
  status: v.status,
});

export async function createOrganization(app: AppContext, v: OrganizationValues) {
  await checkValues(app, v);
  const [row] = await app.db.insert(organizations).values(columnsOf(v)).returning();
  return toNode(row!, await countsByOrganization(app, []));
}

export async function updateOrganization(app: AppContext, session: SessionContext, id: number, v: OrganizationValues) {
  await managedOrganization(app, session, id);
  await checkValues(app, v, id);
  await app.db.update(organizations).set(columnsOf(v)).where(eq(organizations.id, id));
}

/**
 * Deletes organizations without users, departments or sub-organizations (the message counts them). Its own roles
 * go with it; one that already holds other records is refused (disable it instead).
 */
export async function deleteOrganizations(app: AppContext, session: SessionContext, ids: number[]) {
  const rows: OrgRow[] = [];
  for (const id of ids) rows.push(await managedOrganization(app, session, id));
  const counts = await countsByOrganization(app, ids);
  for (const row of rows) {
    if (row.id === session.organizationId) throw conflict('admin.orgCurrent');
    const [{ n: children }] = (await app.db
      .select({ n: count() })
      .from(organizations)
      .where(eq(organizations.parentId, row.id))) as [{ n: number }];
    const users = counts.users.get(row.id) ?? 0;
    const officeCount = counts.offices.get(row.id) ?? 0;
    if (users || officeCount || Number(children)) {
      throw conflict('admin.orgInUse', { name: row.name, users, offices: officeCount, children: Number(children) });
    }
  }
  try {
    await app.db.transaction(async (tx) => {
      await tx.delete(roles).where(inArray(roles.organizationId, ids));
      await tx.delete(organizations).where(inArray(organizations.id, ids));
    });
  } catch (err) {
    if (pgCode(err) === '23503') throw conflict('admin.orgHasData', { name: rows[0]!.name });
    throw err;
  }
}

/** The product switches of an organization with their names, and its CA integration flag. */
export async function organizationConfig(app: AppContext, session: SessionContext, id: number, locale: Locale) {
  const row = await managedOrganization(app, session, id);
  return {
    organizationId: row.id,
    caIntegration: row.caIntegration,
    products: PRODUCT_MODULES.map((p) => ({
      code: p.code,
      name: p.nameLang[locale],
      nameLang: p.nameLang,
      enabled: row.products.includes(p.code),
    })),
  };
}

export async function saveOrganizationConfig(
  app: AppContext,
  session: SessionContext,
  v: { organizationId: number; caIntegration: boolean; products: string[] },
) {
  await managedOrganization(app, session, v.organizationId);
  await app.db
    .update(organizations)
    .set({ caIntegration: v.caIntegration, products: v.products })
    .where(eq(organizations.id, v.organizationId));
  // product switches take effect on the next request of this process (others within the 5 s cache)
  clearPermissionCache();
}

/** Related organizations of one (a relation reads both ways). */
export async function relatedOrganizations(app: AppContext, session: SessionContext, id: number) {
  await managedOrganization(app, session, id);
  const pairs = await app.db
    .select()
    .from(organizationRelations)
    .where(or(eq(organizationRelations.organizationId, id), eq(organizationRelations.relatedOrganizationId, id)));
  const ids = pairs.map((p) => (p.organizationId === id ? p.relatedOrganizationId : p.organizationId));
  if (ids.length === 0) return [];
  return app.db
    .select({ id: organizations.id, name: organizations.name, nameLang: organizations.nameLang })
    .from(organizations)
    .where(inArray(organizations.id, ids))
    .orderBy(asc(organizations.id));
}

/** Replaces the related organizations of one. */
export async function saveRelations(app: AppContext, session: SessionContext, id: number, relatedIds: number[]) {
  await managedOrganization(app, session, id);
  if (relatedIds.includes(id)) throw fieldError('relatedIds', 'admin.relationSelf');
  if (relatedIds.length) {
    const found = await app.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(inArray(organizations.id, relatedIds));
    if (found.length !== relatedIds.length) throw fieldError('relatedIds', 'validation.refNotFound');
  }
  await app.db.transaction(async (tx) => {
    await tx
      .delete(organizationRelations)
      .where(or(eq(organizationRelations.organizationId, id), eq(organizationRelations.relatedOrganizationId, id)));
    if (relatedIds.length) {
      await tx.insert(organizationRelations).values(
        relatedIds.map((other) => ({
          organizationId: Math.min(id, other),
          relatedOrganizationId: Math.max(id, other),
        })),
      );
    }
  });
}

/**
 * Organizations for a dropdown: the current organization and those below it; every enabled organization for the
 * super administrator (who assigns staff anywhere).
 */
export async function organizationBox(app: AppContext, session: SessionContext) {
  const ids = isSuperSession(session) ? undefined : await manageableOrganizationIds(app, session);
  return app.db
    .select({
      id: organizations.id,
      parentId: organizations.parentId,
      name: organizations.name,
      nameLang: organizations.nameLang,
    })
    .from(organizations)
    .where(and(eq(organizations.status, 1), ids ? inArray(organizations.id, ids) : undefined))
    .orderBy(asc(organizations.id));
}
