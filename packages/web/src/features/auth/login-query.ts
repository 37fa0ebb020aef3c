import { LoginRoleType } from '@rehab/shared';

/** The /login query parameters that matter (spec section 2): the login role type and the QR (CA) entry flag. */
export type LoginQuery = {
  loginRoleType: LoginRoleType;
  /** CAState=1 opens the QR (CA collaborative) mode */
  caState: boolean;
  /** what is kept in storage 'loginQuery' so that a logout returns to the same kind of login */
  stored: Record<string, string>;
};

const ROLE_TYPES: readonly number[] = [LoginRoleType.staffLegacy, LoginRoleType.staff, LoginRoleType.admin];

/** Reads the login query; an absent or unknown role type means the administrator login (spec section 9: default 2). */
export function parseLoginQuery(search: string): LoginQuery {
  const params = new URLSearchParams(search);
  const raw = params.get('loginRoleType');
  const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
  const loginRoleType = (ROLE_TYPES.includes(n) ? n : LoginRoleType.admin) as LoginRoleType;
  const caState = params.get('CAState') === '1';
  const stored: Record<string, string> = {};
  if (raw !== null && ROLE_TYPES.includes(n)) stored.loginRoleType = String(n);
  const ca = params.get('CAState');
  if (ca !== null && ca !== '') stored.CAState = ca;
  return { loginRoleType, caState, stored };
}

/** Whether the form asks for a verification code: every login role type but the administrator login. */
export const needsVerificationCode = (type: LoginRoleType) => type !== LoginRoleType.admin;

/** The query of the other login (administrator 2 <-> medical staff 1), keeping the other parameters. */
export function switchedLoginSearch(search: string, current: LoginRoleType): string {
  const params = new URLSearchParams(search);
  params.set('loginRoleType', String(current === LoginRoleType.admin ? LoginRoleType.staff : LoginRoleType.admin));
  return `?${params.toString()}`;
}
