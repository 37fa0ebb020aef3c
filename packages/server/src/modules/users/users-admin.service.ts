import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  RoleId,
  type AdminUserInfo,
  type AdminUserRow,
  type Locale,
  type UserMembership,
  type UserPostOptions,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { userOffices, userOrganizations, users, userSignatures } from './users.tables';
import { sessions } from '../auth/auth.tables';
import { masterRows, ownsRow, rowNameSql } from '../master-data';
import { offices } from '../offices/offices.tables';
import { organizations } from '../organizations/organizations.tables';
import { roles, userRoles } from '../roles/roles.tables';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import {
  checkNewPassword,
  hashPassword,
  activeSessionsOf,
  revokeSessions,
  sessionState,
  findUserByAccount,
  forgetSignInDelays,
} from '../auth';
import { clearPermissionCache } from '../menus';
import { isSuperSession } from '../organizations';
import { clockNow, clockMs } from '../../kernel/clock';
import { escapeLike } from '../../db/like';

type Membership = {
  organizationId: number;
  roleIds: number[];
  officeIds: number[];
  postTypeId: number | null;
  postSmallTypeId: number | null;
};

const memberOf = (organizationId: number) =>
  inArray(
    users.id,
    sql`(select ${userOrganizations.userId} from ${userOrganizations} where ${userOrganizations.organizationId} = ${organizationId})`,
  );

/** The organization a list or info call looks at: the session's, or for the super administrator any one. */
function scopeOrganization(session: SessionContext, requested: number | undefined): number {
  if (requested === undefined || requested === session.organizationId) return session.organizationId!;
  if (!isSuperSession(session)) throw forbidden('admin.organizationNotManaged');
  return requested;
}

/** A user the caller may administer: anyone for the super administrator, members of the organization otherwise. */
export async function visibleUser(db: Db, session: SessionContext, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound();
  if (isSuperSession(session)) return user;
  const [member] = await db
    .select({ userId: userOrganizations.userId })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.userId, id), eq(userOrganizations.organizationId, session.organizationId!)))
    .limit(1);
  if (!member) throw notFound();
  return user;
}

/**
 * A user the caller may change: a visible one, and one holding the super administrator role only for the super
 * administrator (an organization administrator cannot disable, reset or demote the platform's account).
 */
export async function manageableUser(db: Db, session: SessionContext, id: number) {
  const user = await visibleUser(db, session, id);
  if (!isSuperSession(session)) {
    const [held] = await db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(and(eq(userRoles.userId, id), eq(userRoles.roleId, RoleId.superAdmin)))
      .limit(1);
    if (held) throw forbidden('admin.superAdminProtected');
  }
  return user;
}

export type UserListQuery = {
  page: number;
  limit: number;
  name?: string;
  phone?: string;
  officeId?: number;
  roleId?: number;
  status?: number;
  organizationId?: number;
};

/** One page of the users of an organization with their roles, departments and post there (names in `locale`). */
export async function listUsers(app: AppContext, session: SessionContext, q: UserListQuery, locale: Locale = 'zh-CN') {
  const organizationId = scopeOrganization(session, q.organizationId);
  const where: SQL[] = [memberOf(organizationId)];
  if (q.name) where.push(ilike(users.name, `%${escapeLike(q.name)}%`));
  if (q.phone) where.push(ilike(users.phone, `%${escapeLike(q.phone)}%`));
  if (q.status !== undefined) where.push(eq(users.status, q.status));
  if (q.officeId !== undefined) {
    where.push(
      inArray(
        users.id,
        sql`(select ${userOffices.userId} from ${userOffices} where ${userOffices.officeId} = ${q.officeId})`,
      ),
    );
  }
  if (q.roleId !== undefined) {
    where.push(
      inArray(
        users.id,
        sql`(select ${userRoles.userId} from ${userRoles} where ${userRoles.roleId} = ${q.roleId} and ${userRoles.organizationId} = ${organizationId})`,
      ),
    );
  }
  const condition = and(...where);
  const [{ total }] = (await app.db.select({ total: count() }).from(users).where(condition)) as [{ total: number }];
  const rows = await app.db
    .select()
    .from(users)
    .where(condition)
    .orderBy(desc(users.status), asc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { list: await describeUsers(app, rows, organizationId, locale), total: Number(total) };
}

/**
 * Roles, departments, post, organizations, online and signature flags of some users, as the list shows them; the
 * post is the one held in `organizationId`, its names in `locale`.
 */
async function describeUsers(
  app: AppContext,
  rows: (typeof users.$inferSelect)[],
  organizationId: number,
  locale: Locale,
): Promise<AdminUserRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((u) => u.id);
  const [roleRows, officeRows, orgRows, sessionRows, signatureRows, postRows] = await Promise.all([
    app.db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.name, nameLang: roles.nameLang })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(inArray(userRoles.userId, ids), eq(userRoles.organizationId, organizationId)))
      .orderBy(asc(roles.id)),
    app.db
      .select({ userId: userOffices.userId, id: offices.id, name: offices.name, nameLang: offices.nameLang })
      .from(userOffices)
      .innerJoin(offices, eq(offices.id, userOffices.officeId))
      .where(and(inArray(userOffices.userId, ids), eq(offices.organizationId, organizationId)))
      .orderBy(asc(offices.orderNum), asc(offices.id)),
    app.db
      .select({
        userId: userOrganizations.userId,
        id: organizations.id,
        name: organizations.name,
        nameLang: organizations.nameLang,
      })
      .from(userOrganizations)
      .innerJoin(organizations, eq(organizations.id, userOrganizations.organizationId))
      .where(inArray(userOrganizations.userId, ids))
      .orderBy(asc(organizations.id)),
    app.db
      .select()
      .from(sessions)
      .where(and(inArray(sessions.userId, ids), isNull(sessions.revokedAt))),
    app.db.select({ userId: userSignatures.userId }).from(userSignatures).where(inArray(userSignatures.userId, ids)),
    app.db
      .select({
        userId: userOrganizations.userId,
        postTypeId: userOrganizations.postTypeId,
        postSmallTypeId: userOrganizations.postSmallTypeId,
        typeName: rowNameSql('postType', userOrganizations.postTypeId, locale),
        smallName: rowNameSql('postSmallType', userOrganizations.postSmallTypeId, locale),
      })
      .from(userOrganizations)
      .where(and(inArray(userOrganizations.userId, ids), eq(userOrganizations.organizationId, organizationId))),
  ]);
  const posts = new Map(postRows.map((p) => [p.userId, p]));
  const now = clockMs();
  const online = new Set(
    sessionRows.filter((s) => sessionState(s, now, app.config.sessionIdleMs) === 'active').map((s) => s.userId),
  );
  const signed = new Set(signatureRows.map((s) => s.userId));
  const pick = <T extends { userId: number }>(list: T[], userId: number) =>
    list.filter((r) => r.userId === userId).map(({ userId: _u, ...rest }) => rest);
  return rows.map((u) => ({
    id: u.id,
    name: u.name,
    phone: u.phone,
    email: u.email,
    status: u.status,
    roles: pick(roleRows, u.id),
    offices: pick(officeRows, u.id),
    organizations: pick(orgRows, u.id),
    ...postOf(posts.get(u.id)),
    online: online.has(u.id),
    hasSignature: signed.has(u.id),
    createdAt: u.createdAt.toISOString(),
  }));
}

type PostRow = {
  postTypeId: number | null;
  postSmallTypeId: number | null;
  typeName: string | null;
  smallName: string | null;
};

/** The post of a membership as a list row carries it: ids and names in the caller's language (null when none). */
function postOf(p: PostRow | undefined) {
  return {
    postTypeId: p?.postTypeId ?? null,
    postTypeName: p?.postTypeId == null ? null : p.typeName,
    postSmallTypeId: p?.postSmallTypeId ?? null,
    postSmallTypeName: p?.postSmallTypeId == null ? null : p.smallName,
  };
}

/** Memberships of a user: all of them for the super administrator, the current organization's otherwise. */
async function membershipsOf(db: Db, session: SessionContext, userId: number): Promise<UserMembership[]> {
  const orgRows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      postTypeId: userOrganizations.postTypeId,
      postSmallTypeId: userOrganizations.postSmallTypeId,
    })
    .from(userOrganizations)
    .innerJoin(organizations, eq(organizations.id, userOrganizations.organizationId))
    .where(
      isSuperSession(session)
        ? eq(userOrganizations.userId, userId)
        : and(eq(userOrganizations.userId, userId), eq(userOrganizations.organizationId, session.organizationId!)),
    )
    .orderBy(asc(organizations.id));
  const roleRows = await db.select().from(userRoles).where(eq(userRoles.userId, userId));
  const officeRows = await db
    .select({ officeId: userOffices.officeId, organizationId: offices.organizationId })
    .from(userOffices)
    .innerJoin(offices, eq(offices.id, userOffices.officeId))
    .where(eq(userOffices.userId, userId));
  return orgRows.map((o) => ({
    organizationId: o.id,
    organizationName: o.name,
    roleIds: roleRows.filter((r) => r.organizationId === o.id).map((r) => r.roleId),
    officeIds: officeRows.filter((r) => r.organizationId === o.id).map((r) => r.officeId),
    postTypeId: o.postTypeId,
    postSmallTypeId: o.postSmallTypeId,
  }));
}

export async function userInfo(
  app: AppContext,
  session: SessionContext,
  id: number,
  organizationId: number,
  locale: Locale = 'zh-CN',
): Promise<AdminUserInfo> {
  if (organizationId !== session.organizationId && !isSuperSession(session)) throw notFound();
  const user = await visibleUser(app.db, session, id);
  const memberships = await membershipsOf(app.db, session, id);
  const here = memberships.find((m) => m.organizationId === organizationId);
  const [row] = await describeUsers(app, [user], organizationId, locale);
  const { roles: _r, offices: _o, ...rest } = row!;
  return {
    ...rest,
    organizationId,
    roleIdList: here?.roleIds ?? [],
    officeIdList: here?.officeIds ?? [],
    memberships,
  };
}

/**
 * Checks the organizations, roles and departments of a user form. The super administrator assigns any organization
 * and role 1; an organization administrator only their own organization. A role must be a platform role or one of
 * that organization; a department must belong to it.
 */
async function checkMemberships(db: Db, session: SessionContext, list: Membership[]) {
  const superAdmin = isSuperSession(session);
  for (const [i, m] of list.entries()) {
    if (!superAdmin && m.organizationId !== session.organizationId) throw forbidden('admin.organizationNotManaged');
    const [org] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, m.organizationId))
      .limit(1);
    if (!org) throw fieldError(`memberships.${i}.organizationId`, 'validation.refNotFound');
    const roleRows = await db
      .select({ id: roles.id, organizationId: roles.organizationId })
      .from(roles)
      .where(inArray(roles.id, m.roleIds));
    const usable = roleRows.filter((r) => r.organizationId === null || r.organizationId === m.organizationId);
    if (usable.length !== m.roleIds.length) {
      throw fieldError(`memberships.${i}.roleIds`, 'admin.roleNotInOrganization');
    }
    if (m.roleIds.includes(RoleId.superAdmin) && !superAdmin) throw forbidden();
    if (m.officeIds.length) {
      const officeRows = await db
        .select({ id: offices.id })
        .from(offices)
        .where(and(inArray(offices.id, m.officeIds), eq(offices.organizationId, m.organizationId)));
      if (officeRows.length !== m.officeIds.length) {
        throw fieldError(`memberships.${i}.officeIds`, 'admin.officeNotInOrganization');
      }
    }
    await checkPosts(db, m, i);
  }
}

/**
 * The post type must be one of that organization's; the post small type one of that organization's under the chosen
 * post type (a small type without a post type is refused too, as its post type is the one it says).
 */
async function checkPosts(db: Db, m: Membership, i: number) {
  if (m.postTypeId !== null) {
    if (!(await ownsRow(db, 'postType', m.postTypeId, m.organizationId)))
      throw fieldError(`memberships.${i}.postTypeId`, 'admin.postTypeNotInOrganization');
  }
  if (m.postSmallTypeId !== null) {
    const postTypeId = m.postTypeId ?? 0;
    if (!(await ownsRow(db, 'postSmallType', m.postSmallTypeId, m.organizationId, { postTypeId })))
      throw fieldError(`memberships.${i}.postSmallTypeId`, 'admin.postSmallTypeNotInPostType');
  }
}

/** A post type's or post small type's name in the caller's language: the English name when set, else the Chinese. */
export const localPostName = (row: Record<string, unknown>, locale: Locale) =>
  ((locale === 'en' && row.nameEn) || row.name) as string;

/** The post types and post small types (names in the caller's language) of an organization the caller manages. */
export async function postOptions(
  db: Db,
  session: SessionContext,
  requested: number | undefined,
  locale: Locale,
): Promise<UserPostOptions> {
  const organizationId = scopeOrganization(session, requested);
  const [types, smallTypes] = await Promise.all([
    masterRows(db, 'postType', organizationId, 'sort'),
    masterRows(db, 'postSmallType', organizationId, 'sort'),
  ]);
  return {
    postTypes: types.map((r) => ({
      id: r.id as number,
      name: localPostName(r, locale),
      code: r.code as number,
    })),
    postSmallTypes: smallTypes.map((r) => ({
      id: r.id as number,
      name: localPostName(r, locale),
      postTypeId: r.postTypeId as number,
    })),
  };
}

function fieldError(field: string, key: string, params: Record<string, string | number> = {}) {
  return new AppError(400, key, { field, ...params }, { field });
}

async function checkUnique(db: Db, phone: string, email: string | null, exceptId?: number) {
  const byPhone = await findUserByAccount(db, phone);
  if (byPhone && byPhone.id !== exceptId) {
    throw new AppError(409, 'admin.phoneTaken', { phone }, { field: 'phone' });
  }
  if (email) {
    const byEmail = await findUserByAccount(db, email);
    if (byEmail && byEmail.id !== exceptId) throw new AppError(409, 'user.emailTaken', {}, { field: 'email' });
  }
}

async function writeMemberships(tx: Tx, userId: number, list: Membership[], replaceOrganizations: number[] | 'all') {
  const scope = (col: typeof userRoles.organizationId | typeof userOrganizations.organizationId) =>
    replaceOrganizations === 'all' ? undefined : inArray(col, replaceOrganizations.length ? replaceOrganizations : [0]);
  await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), scope(userRoles.organizationId)));
  const officeScope =
    replaceOrganizations === 'all'
      ? undefined
      : inArray(
          userOffices.officeId,
          sql`(select ${offices.id} from ${offices} where ${inArray(offices.organizationId, replaceOrganizations.length ? replaceOrganizations : [0])})`,
        );
  await tx.delete(userOffices).where(and(eq(userOffices.userId, userId), officeScope));
  await tx
    .delete(userOrganizations)
    .where(and(eq(userOrganizations.userId, userId), scope(userOrganizations.organizationId)));
  for (const m of list) {
    await tx.insert(userOrganizations).values({
      userId,
      organizationId: m.organizationId,
      postTypeId: m.postTypeId,
      postSmallTypeId: m.postSmallTypeId,
    });
    await tx
      .insert(userRoles)
      .values(m.roleIds.map((roleId) => ({ userId, organizationId: m.organizationId, roleId })));
    if (m.officeIds.length) {
      await tx.insert(userOffices).values(m.officeIds.map((officeId) => ({ userId, officeId })));
    }
  }
}

export type UserValues = {
  name: string;
  phone: string;
  email: string | null;
  status: number;
  memberships: Membership[];
};

export async function createUser(
  app: AppContext,
  session: SessionContext,
  v: UserValues & { password: string | null },
) {
  await checkMemberships(app.db, session, v.memberships);
  await checkUnique(app.db, v.phone, v.email);
  if (v.password !== null) checkNewPassword(v.password, { production: app.config.production, field: 'password' });
  const passwordHash = await hashPassword(v.password ?? app.config.defaultPassword);
  const id = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ name: v.name, phone: v.phone, email: v.email, status: v.status, passwordHash })
      .returning({ id: users.id });
    await writeMemberships(tx, row!.id, v.memberships, 'all');
    return row!.id;
  });
  return { id };
}

export async function updateUser(app: AppContext, session: SessionContext, id: number, v: UserValues) {
  const user = await manageableUser(app.db, session, id);
  if (id === session.userId && v.status !== 1) throw conflict('admin.notSelf');
  if (id === session.userId) {
    // one's own phone and e-mail change only with a code to the new address (My Center)
    const changed = (a: string | null, b: string | null) => (a ?? '').toLowerCase() !== (b ?? '').toLowerCase();
    if (changed(user.phone, v.phone) || changed(user.email, v.email)) {
      throw new AppError(
        409,
        'user.ownContactInMyCenter',
        {},
        { field: changed(user.phone, v.phone) ? 'phone' : 'email' },
      );
    }
  }
  await checkMemberships(app.db, session, v.memberships);
  await checkUnique(app.db, v.phone, v.email, id);
  await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ name: v.name, phone: v.phone, email: v.email, status: v.status, updatedAt: clockNow() })
      .where(eq(users.id, id));
    await writeMemberships(tx, id, v.memberships, isSuperSession(session) ? 'all' : [session.organizationId!]);
  });
  if (user.status === 1 && v.status === 0) await revokeSessions(app, id, 'disabled');
  clearPermissionCache();
}

/** Enable or disable an account; disabling ends its open sessions. */
export async function setUserStatus(app: AppContext, session: SessionContext, id: number, status: number) {
  await manageableUser(app.db, session, id);
  if (id === session.userId) throw conflict('admin.notSelf');
  await app.db.update(users).set({ status, updatedAt: clockNow() }).where(eq(users.id, id));
  if (status === 0) await revokeSessions(app, id, 'disabled');
}

/**
 * Back to the configured default password: the next sign-in warns that the password is at risk. Open sessions end,
 * and a lock from failed attempts is lifted.
 */
export async function resetUserPassword(app: AppContext, session: SessionContext, id: number) {
  await manageableUser(app.db, session, id);
  await app.db
    .update(users)
    .set({
      passwordHash: await hashPassword(app.config.defaultPassword),
      passwordChangedAt: null,
      failedAttempts: 0,
      lockedUntil: null,
      updatedAt: clockNow(),
    })
    .where(eq(users.id, id));
  await forgetSignInDelays(app, id);
  if (id !== session.userId) await revokeSessions(app, id, 'password');
}

/** Promote to (type 1) or demote from (type 0) the organization administrator role in the current organization. */
export async function upAndDownGrade(app: AppContext, session: SessionContext, id: number, type: number) {
  await gradeInOrganization(app, session, id, type, session.organizationId!);
}

/**
 * `upAndDownGrade` in a given organization the user belongs to (the super administrator's administrator accounts
 * screen works across organizations; the users screen passes the current one).
 */
export async function gradeInOrganization(
  app: AppContext,
  session: SessionContext,
  id: number,
  type: number,
  organizationId: number,
) {
  await manageableUser(app.db, session, id);
  if (id === session.userId) throw conflict('admin.notSelf');
  if (organizationId !== session.organizationId && !isSuperSession(session))
    throw forbidden('admin.organizationNotManaged');
  const [member] = await app.db
    .select()
    .from(userOrganizations)
    .where(and(eq(userOrganizations.userId, id), eq(userOrganizations.organizationId, organizationId)))
    .limit(1);
  if (!member) throw notFound();
  const held = await app.db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, id), eq(userRoles.organizationId, organizationId)));
  if (type === 1) {
    await app.db
      .insert(userRoles)
      .values({ userId: id, organizationId, roleId: RoleId.orgAdmin })
      .onConflictDoNothing();
  } else {
    if (held.every((r) => r.roleId === RoleId.orgAdmin)) throw conflict('admin.noRoleLeft');
    await app.db
      .delete(userRoles)
      .where(
        and(
          eq(userRoles.userId, id),
          eq(userRoles.organizationId, organizationId),
          eq(userRoles.roleId, RoleId.orgAdmin),
        ),
      );
  }
  clearPermissionCache();
}

/** Whether a user (default: the caller) is signed in on another device right now. */
export async function checkOnline(app: AppContext, session: SessionContext, id: number | undefined) {
  const userId = id ?? session.userId;
  if (id !== undefined) await visibleUser(app.db, session, id);
  const active = await activeSessionsOf(app, userId, userId === session.userId ? session.sessionId : 0);
  const lastSeen = active.map((s) => s.lastSeenAt.getTime()).sort((a, b) => b - a)[0];
  return {
    online: active.length > 0,
    sessionCount: active.length,
    lastSeenAt: lastSeen ? new Date(lastSeen).toISOString() : null,
  };
}

/**
 * Takes users out of the current organization (their roles and departments there). The account itself stays for
 * the records it signed; one left in no organization is disabled and signed out.
 */
export async function removeUsers(app: AppContext, session: SessionContext, ids: number[]) {
  for (const id of ids) await manageableUser(app.db, session, id);
  if (ids.includes(session.userId)) throw conflict('admin.notSelf');
  const organizationId = session.organizationId!;
  const orphaned = await app.db.transaction(async (tx) => {
    const left: number[] = [];
    for (const id of ids) {
      await writeMemberships(tx, id, [], [organizationId]);
      const [{ n }] = (await tx
        .select({ n: count() })
        .from(userOrganizations)
        .where(eq(userOrganizations.userId, id))) as [{ n: number }];
      if (Number(n) === 0) {
        await tx.update(users).set({ status: 0, updatedAt: clockNow() }).where(eq(users.id, id));
        left.push(id);
      }
    }
    return left;
  });
  for (const id of orphaned) await revokeSessions(app, id, 'disabled');
  clearPermissionCache();
}

/** Administrators (roles 1 and 19) of the current organization, for choosing a responsible person. */
export async function adminUsers(app: AppContext, session: SessionContext) {
  return app.db
    .selectDistinct({ id: users.id, name: users.name, phone: users.phone })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        eq(userRoles.organizationId, session.organizationId!),
        or(eq(userRoles.roleId, RoleId.superAdmin), eq(userRoles.roleId, RoleId.orgAdmin)),
        eq(users.status, 1),
      ),
    )
    .orderBy(asc(users.id));
}

/** Whether a user has a role in an organization (for serving their signature to colleagues). */
export async function isMemberOf(db: Db, userId: number, organizationId: number) {
  const [row] = await db
    .select({ userId: userOrganizations.userId })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.userId, userId), eq(userOrganizations.organizationId, organizationId)))
    .limit(1);
  return Boolean(row);
}
