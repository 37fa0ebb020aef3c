/**
 * Role ids the spec names. 1 and 19 are administrators; 10, 11 and 12 are treating staff (clock-in eligible).
 * 13 cashier (收费员) and 14 finance (财务) are the till's roles, added with outpatient billing.
 */
export const RoleId = {
  superAdmin: 1,
  orgAdmin: 19,
  therapist: 10,
  doctor: 11,
  nurse: 12,
  cashier: 13,
  finance: 14,
} as const;

export const ADMIN_ROLE_IDS: readonly number[] = [RoleId.superAdmin, RoleId.orgAdmin];
export const TREATING_ROLE_IDS: readonly number[] = [RoleId.therapist, RoleId.doctor, RoleId.nurse];

export const isAdminRoleSet = (roleIds: readonly number[]) => roleIds.some((id) => ADMIN_ROLE_IDS.includes(id));

/** Roles 1 and 19 always choose their organization at checkout instead of restoring the last one. */
export const mustChooseOrganization = (roleIds: readonly number[]) => isAdminRoleSet(roleIds);

/** Post clock-in: roles 10, 11 or 12, and not role 1 (spec section 4). */
export const isClockInEligible = (roleIds: readonly number[]) =>
  roleIds.some((id) => TREATING_ROLE_IDS.includes(id)) && !roleIds.includes(RoleId.superAdmin);

/** Login role types: 2 administrator login (password only); 1 and 0 medical staff login (with a code). */
export const LoginRoleType = { staffLegacy: 0, staff: 1, admin: 2 } as const;
export type LoginRoleType = (typeof LoginRoleType)[keyof typeof LoginRoleType];
