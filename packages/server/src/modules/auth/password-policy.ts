import { AppError } from '../../http/errors';
import { ResultCode } from '@rehab/shared';
import { COMMON_PASSWORDS } from './common-passwords.data';

/** The password of every demo account (README): refused as a new password in production. */
export const DEMO_PASSWORD = 'Rehab@2026';

const COMMON = new Set(COMMON_PASSWORDS.split('\n').filter(Boolean));

/** Letters written as digits or symbols ("p@ssw0rd"); a 1 is tried as i and as l. */
const LEET: Record<string, string> = { '@': 'a', '4': 'a', '3': 'e', '0': 'o', $: 's', '5': 's', '7': 't', '!': 'i' };
const unleet = (s: string, one: string) => s.replace(/[@430$57!1]/g, (c) => (c === '1' ? one : LEET[c]!));

/**
 * Whether a password is one of the common and leaked passwords shipped with the product (ASVS 2.1.7): the password
 * itself, or its letters once digits and symbols around them ("Welcome@2026", "2024dragon!") and letters written as
 * digits or symbols ("P@ssw0rd1") are taken away.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  if (core.length < 4) return false;
  return [core, unleet(core, 'i'), unleet(core, 'l')].some((c) => COMMON.has(c));
}

/**
 * Refuses a password being set (a change, a reset, a new account) that is common or leaked, and the demo accounts'
 * password in production; `field` names the form field in the 400 answer. Signing in with an existing password is
 * not checked here, so the demo accounts keep signing in.
 */
export function checkNewPassword(password: string, options: { production: boolean; field: string }) {
  const key =
    options.production && password.toLowerCase() === DEMO_PASSWORD.toLowerCase()
      ? 'auth.passwordDemo'
      : isCommonPassword(password)
        ? 'auth.passwordCommon'
        : null;
  if (key) throw new AppError(ResultCode.badRequest, key, {}, { field: options.field });
}
