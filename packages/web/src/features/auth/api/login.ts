import { accountKind, authEndpoints, type EndpointResponse, type LoginInput, type LoginRoleType } from '@rehab/shared';
import { callEndpoint } from '../../../lib/endpoints';
import { needsVerificationCode } from '../login-query';

export type LoginFormValues = { account: string; password: string; verificationCode?: string; rememberMe: boolean };
export type LoginResponse = EndpointResponse<typeof authEndpoints.login>;

/**
 * The sign-in payload of spec section 3: the account goes in `email` or `phone`, whichever it matches;
 * the code only for the medical staff login; isLogin 1 only after confirming the signed-in-elsewhere dialog.
 */
export function loginBody(
  values: LoginFormValues,
  loginRoleType: LoginRoleType,
  confirmElsewhere: boolean,
): LoginInput {
  const account = values.account.trim();
  return {
    ...(accountKind(account) === 'email' ? { email: account } : { phone: account }),
    password: values.password,
    loginRoleType,
    ...(needsVerificationCode(loginRoleType) ? { verificationCode: values.verificationCode?.trim() ?? '' } : {}),
    isLogin: confirmElsewhere ? 1 : 0,
    rememberMe: values.rememberMe ? 1 : 0,
  };
}

export const postLogin = (body: LoginInput) => callEndpoint(authEndpoints.login, { body });

/** Verification-code parameters of spec section 3: type 1 e-mail, 2 phone. */
export const codeTarget = (address: string) => {
  const value = address.trim();
  return { type: accountKind(value) === 'email' ? 1 : 2, address: value };
};

export const sendLoginCode = (address: string) =>
  callEndpoint(authEndpoints.sendLoginCode, { body: codeTarget(address) });
