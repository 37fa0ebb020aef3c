// The public face of the auth module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export { checkCode, issueCode } from './codes.service';
export { type CodePurpose } from './delivery';
export { hashPassword, verifyPassword } from './password';
export { checkNewPassword, DEMO_PASSWORD } from './password-policy';
export {
  activeSessionsOf,
  createSession,
  resolveToken,
  revokeSession,
  revokeSessions,
  sessionState,
  setKeepLogin,
} from './sessions.service';
export { findUserByAccount } from './users.repository';
export { checkCurrentPassword, forgetSignInDelays, signInConfirmed } from './auth.service';
export { sha256 } from './tokens';
export { hisLogin, hisSignature, HIS_LOGIN_ROLE_TYPE } from './his-sso.service';
