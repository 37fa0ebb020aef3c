import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { isAdminRoleSet, mustChooseOrganization, RoleId } from '@rehab/shared';
import type { AppContext } from '../../context';
import { organizations } from './organizations.tables';
import { sessions } from '../auth/auth.tables';
import { offices } from '../offices/offices.tables';
import { userOffices, userOrganizations, users } from '../users/users.tables';
import { forbidden } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import { allRolesOf, rolesIn } from '../menus';

export type OfficeRef = { id: number; name: string; nameLang: Record<string, string> };
export type OrganizationRef = {
  id: number;
  name: string;
  nameLang: Record<string, string>;
  config: { caIntegration: boolean };
};

const toOrg = (o: typeof organizations.$inferSelect): OrganizationRef => ({
  id: o.id,
  name: o.name,
  nameLang: o.nameLang,
  config: { caIntegration: o.caIntegration },
});

/** Whether a user is a platform super administrator (role 1 in any organization): they may enter every organization. */
async function isSuperAdmin(app: AppContext, userId: number) {
  return (await allRolesOf(app, userId)).includes(RoleId.superAdmin);
}

/** Organizations a user may enter: their memberships, or every enabled one for the super administrator. */
export async function selectableOrganizations(app: AppContext, userId: number, page: number, limit: number) {
  const where = (await isSuperAdmin(app, userId))
    ? eq(organizations.status, 1)
    : and(
        eq(organizations.status, 1),
        inArray(
          organizations.id,
          app.db
            .select({ id: userOrganizations.organizationId })
            .from(userOrganizations)
            .where(eq(userOrganizations.userId, userId)),
        ),
      );
  const [{ total }] = (await app.db.select({ total: count() }).from(organizations).where(where)) as [{ total: number }];
  const rows = await app.db
    .select()
    .from(organizations)
    .where(where)
    .orderBy(asc(organizations.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const list = await Promise.all(
    rows.map(async (o) => ({ ...toOrg(o), offices: await officesFor(app, userId, o.id) })),
  );
  return { list, total: Number(total) };
}

async function canEnter(app: AppContext, userId: number, organizationId: number) {
  const [org] = await app.db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!org || org.status !== 1) return null;
  if (await isSuperAdmin(app, userId)) return org;
  const [member] = await app.db
    .select()
    .from(userOrganizations)
    .where(and(eq(userOrganizations.userId, userId), eq(userOrganizations.organizationId, organizationId)))
    .limit(1);
  return member ? org : null;
}

/**
 * Departments a user works in within an organization: those assigned to them there; administrators of the
 * organization (and a user with no assignment) see all of its departments.
 */
export async function officesFor(app: AppContext, userId: number, organizationId: number): Promise<OfficeRef[]> {
  const all = await app.db
    .select({ id: offices.id, name: offices.name, nameLang: offices.nameLang })
    .from(offices)
    .where(eq(offices.organizationId, organizationId))
    .orderBy(asc(offices.orderNum), asc(offices.id));
  const roleIds = await rolesIn(app, userId, organizationId);
  if (isAdminRoleSet(roleIds) || (await isSuperAdmin(app, userId))) return all;
  const mine = await app.db
    .select({ officeId: userOffices.officeId })
    .from(userOffices)
    .where(and(eq(userOffices.userId, userId), inArray(userOffices.officeId, all.length ? all.map((o) => o.id) : [0])));
  if (mine.length === 0) return all;
  const ids = new Set(mine.map((m) => m.officeId));
  return all.filter((o) => ids.has(o.id));
}

/**
 * The last-organization answer of spec section 3: whether the user can go straight in (`defaultChoose`), with the
 * organization, its departments, whether a department must be chosen, and the last one. Roles 1 and 19 always
 * choose; others restore the last organization, or their only one.
 */
export async function lastLoginOrganization(app: AppContext, userId: number) {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
  const roleIds = await allRolesOf(app, userId);
  const none = { defaultChoose: false, childOrganization: null, offices: [], needSelectOffice: false, office: null };
  if (!user || mustChooseOrganization(roleIds)) return none;
  let org = user.lastOrganizationId ? await canEnter(app, userId, user.lastOrganizationId) : null;
  if (!org) {
    const { list, total } = await selectableOrganizations(app, userId, 1, 2);
    if (total !== 1) return none;
    org = (await canEnter(app, userId, list[0]!.id))!;
  }
  const officeList = await officesFor(app, userId, org.id);
  const lastOffice =
    officeList.find((o) => o.id === user.lastOfficeId) ?? (officeList.length === 1 ? officeList[0]! : null);
  return {
    defaultChoose: true,
    childOrganization: toOrg(org),
    offices: officeList,
    needSelectOffice: !lastOffice && officeList.length > 1,
    office: lastOffice,
  };
}

/**
 * Makes an organization (and department) current for the session and remembers it as the user's last one. The
 * department must belong to the organization and to the user; with several and none given, one must be chosen.
 */
export async function chooseOrganization(
  app: AppContext,
  session: SessionContext,
  organizationId: number,
  officeId: number | undefined,
) {
  const org = await canEnter(app, session.userId, organizationId);
  if (!org) throw forbidden('org.notMember');
  const officeList = await officesFor(app, session.userId, org.id);
  let office = officeId === undefined ? null : (officeList.find((o) => o.id === officeId) ?? undefined);
  if (office === undefined) throw forbidden('org.officeNotInOrganization');
  if (!office && officeList.length === 1) office = officeList[0]!;
  await app.db
    .update(sessions)
    .set({ organizationId: org.id, officeId: office?.id ?? null })
    .where(eq(sessions.id, session.sessionId));
  await app.db
    .update(users)
    .set({ lastOrganizationId: org.id, lastOfficeId: office?.id ?? null })
    .where(eq(users.id, session.userId));
  const roleIdList = await rolesIn(app, session.userId, org.id);
  return {
    organization: toOrg(org),
    office,
    offices: officeList,
    needSelectOffice: !office && officeList.length > 1,
    roleIdList,
    caIntegration: org.caIntegration,
  };
}

/** Organization and department of the session, for the shell header. */
export async function currentOrganization(app: AppContext, session: SessionContext) {
  if (!session.organizationId) return { organization: null, office: null, offices: [] };
  const [org] = await app.db.select().from(organizations).where(eq(organizations.id, session.organizationId)).limit(1);
  const officeList = await officesFor(app, session.userId, session.organizationId);
  return {
    organization: org ? toOrg(org) : null,
    office: officeList.find((o) => o.id === session.officeId) ?? null,
    offices: officeList,
  };
}
