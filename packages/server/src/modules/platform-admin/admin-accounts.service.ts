import {
  RoleId,
  type AdminAccountCandidate,
  type AdminAccountRow,
  type adminAccountListQuerySchema,
  type adminAccountSaveSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import { organizationExists } from '../organizations';
import {
  createUser,
  gradeInOrganization,
  holdersOfRole,
  listUsers,
  resetUserPassword,
  setUserStatus,
  userNames,
} from '../users';
import { rolesHeldBy, rolesOfUsers } from '../roles';

/** One page of the organization administrators (role 19) of every organization, a row per organization. */
export async function listAdminAccounts(app: AppContext, q: z.output<typeof adminAccountListQuerySchema>) {
  const { rows, total } = await holdersOfRole(app.db, RoleId.orgAdmin, q);
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const others = userIds.length ? await rolesOfUsers(app.db, userIds, RoleId.orgAdmin) : [];
  const list: AdminAccountRow[] = rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    otherRoleNames: others
      .filter((o) => o.userId === r.userId && o.organizationId === r.organizationId)
      .map((o) => ({ name: o.name, nameLang: o.nameLang })),
  }));
  return { list, total };
}

/** The organizations in which a user holds the organization administrator role. */
async function administeredOrganizations(app: AppContext, userId: number) {
  const rows = await rolesHeldBy(app.db, userId);
  if (rows.some((r) => r.roleId === RoleId.superAdmin)) throw forbidden('platformAdmin.superAdminAccount');
  return rows.filter((r) => r.roleId === RoleId.orgAdmin).map((r) => r.organizationId);
}

/** An account this screen manages: one holding the administrator role somewhere, and not a super administrator. */
async function adminAccount(app: AppContext, userId: number) {
  if (!(await userNames(app.db, [userId])).has(userId)) throw notFound();
  const administered = await administeredOrganizations(app, userId);
  if (administered.length === 0) throw new AppError(404, 'platformAdmin.notAdminAccount');
  return administered;
}

/**
 * A new organization administrator: a new account (through the users screen's `createUser`, with the
 * administrator role and any other platform roles in that organization), or a member promoted (`upAndDownGrade`).
 */
export async function saveAdminAccount(
  app: AppContext,
  session: SessionContext,
  input: z.output<typeof adminAccountSaveSchema>,
) {
  if (!(await organizationExists(app.db, input.organizationId))) {
    throw new AppError(404, 'platformAdmin.organizationUnknown', { ids: input.organizationId });
  }
  if (input.mode === 'new') {
    const { mode: _m, organizationId, roleIds, ...account } = input;
    const extra = roleIds.filter((id) => id !== RoleId.orgAdmin);
    if (extra.includes(RoleId.superAdmin))
      throw new AppError(400, 'admin.roleNotInOrganization', {}, { field: 'roleIds' });
    return createUser(app, session, {
      ...account,
      status: 1,
      memberships: [
        {
          organizationId,
          roleIds: [RoleId.orgAdmin, ...extra],
          officeIds: [],
          postTypeId: null,
          postSmallTypeId: null,
        },
      ],
    });
  }
  const userName = (await userNames(app.db, [input.userId])).get(input.userId);
  if (userName === undefined) throw notFound();
  const administered = await administeredOrganizations(app, input.userId);
  if (administered.includes(input.organizationId)) {
    throw new AppError(409, 'platformAdmin.alreadyAdmin', { name: userName }, { field: 'userId' });
  }
  try {
    await gradeInOrganization(app, session, input.userId, 1, input.organizationId);
  } catch (error) {
    // upAndDownGrade answers a plain 404 for a user outside the organization: say which
    if (error instanceof AppError && error.code === 404) {
      throw new AppError(400, 'platformAdmin.notMember', {}, { field: 'userId' });
    }
    throw error;
  }
  return { id: input.userId };
}

/** Enabled members of an organization who do not administer it, for the promote choice (at most 20). */
export async function adminCandidates(
  app: AppContext,
  session: SessionContext,
  organizationId: number,
  keyword: string | undefined,
): Promise<AdminAccountCandidate[]> {
  if (!(await organizationExists(app.db, organizationId))) {
    throw new AppError(404, 'platformAdmin.organizationUnknown', { ids: organizationId });
  }
  const byPhone = keyword !== undefined && /^\d+$/.test(keyword);
  const { list } = await listUsers(app, session, {
    organizationId,
    page: 1,
    limit: 50,
    status: 1,
    ...(byPhone ? { phone: keyword } : { name: keyword }),
  });
  return list
    .filter((u) => !u.roles.some((r) => r.id === RoleId.orgAdmin || r.id === RoleId.superAdmin))
    .slice(0, 20)
    .map((u) => ({ id: u.id, name: u.name, phone: u.phone }));
}

/** Enables or disables an administrator's account (the users screen's `setUserStatus`). */
export async function setAdminAccountStatus(app: AppContext, session: SessionContext, userId: number, status: number) {
  await adminAccount(app, userId);
  await setUserStatus(app, session, userId, status);
}

/** Resets an administrator's password to the configured default (the users screen's `resetUserPassword`). */
export async function resetAdminAccountPassword(app: AppContext, session: SessionContext, userId: number) {
  await adminAccount(app, userId);
  await resetUserPassword(app, session, userId);
}

/**
 * Takes the administrator role of one organization away (the users screen's `upAndDownGrade`, type 0). Refused
 * like there when it is the user's only role in that organization.
 */
export async function revokeAdminAccount(
  app: AppContext,
  session: SessionContext,
  userId: number,
  organizationId: number,
) {
  const administered = await adminAccount(app, userId);
  if (!administered.includes(organizationId)) throw notFound('platformAdmin.notAdminHere');
  await gradeInOrganization(app, session, userId, 0, organizationId);
}
