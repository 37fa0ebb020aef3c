/**
 * Permission requirement of a menu item, a control or a route (spec section 6):
 * - empty (undefined, null, '' or []) always passes;
 * - a string passes when it is in the user's permission list;
 * - an array passes when all of its codes are held (mode 'all', the default) or any of them (mode 'any');
 * - an object `{ code: flag }` passes when for every key, holding the code equals the flag;
 * - `fallback: true` grants access whatever the requirement.
 */
export type PermissionRequirement = string | readonly string[] | Readonly<Record<string, boolean>> | null | undefined;

export type PermissionCheckOptions = { mode?: 'all' | 'any'; fallback?: boolean };

export function hasPermission(
  permissions: Iterable<string>,
  required: PermissionRequirement,
  options: PermissionCheckOptions = {},
): boolean {
  if (options.fallback) return true;
  if (required === undefined || required === null || required === '') return true;
  const held = permissions instanceof Set ? (permissions as Set<string>) : new Set(permissions);
  if (typeof required === 'string') return held.has(required);
  if (Array.isArray(required)) {
    const codes = required as readonly string[];
    if (codes.length === 0) return true;
    return options.mode === 'any' ? codes.some((c) => held.has(c)) : codes.every((c) => held.has(c));
  }
  return Object.entries(required as Record<string, boolean>).every(([code, flag]) => held.has(code) === flag);
}

/** Role membership check against the session's roleIdList. */
export const hasRole = (roleIdList: readonly number[], roleIds: readonly number[]) =>
  roleIds.some((id) => roleIdList.includes(id));

/** Permission codes the foundation declares; later modules add theirs next to their routes. */
export const Perm = {
  clockIn: 'sys:user:clockIn',
  cardUnplanPatient: 'sys:cardUnplanPatient:show',
  cardUnfinishedAssess: 'sys:cardUnfinishedAssess:show',
  cardUnfinishReferral: 'sys:cardUnfinishReferral:show',
  cardFinishedReferral: 'sys:cardFinishedReferral:show',
  cardNotSpecified: 'sys:index:notSpecified',
  indexInfo: 'sys:index:info',
  versionInfo: 'sys:version:info',
} as const;

/**
 * Permission codes of the maintenance notice screen (/system/break): the super administrator's, since a window
 * stops the whole platform (sign-in of every organization), not one organization.
 */
export const BreakPerm = {
  list: 'sys:break:list',
  info: 'sys:break:info',
  save: 'sys:break:save',
  update: 'sys:break:update',
  delete: 'sys:break:delete',
  end: 'sys:break:end',
} as const;

/**
 * Permission codes of the platform operator's screens under system maintenance (/maintainSystem/adminAccount, the
 * organization administrators of every organization; /maintainSystem/operationMessage, platform notices). Granted
 * to the super administrator (role 1) only.
 */
export const PlatformAdminPerm = {
  adminAccountList: 'sys:adminAccount:list',
  adminAccountSave: 'sys:adminAccount:save',
  adminAccountStatus: 'sys:adminAccount:status',
  adminAccountResetPassword: 'sys:adminAccount:resetPassword',
  adminAccountRevoke: 'sys:adminAccount:revoke',
  noticeList: 'sys:operationMessage:list',
  noticeInfo: 'sys:operationMessage:info',
  noticeSend: 'sys:operationMessage:send',
} as const;
