/** Mainland China mobile number: 11 digits starting with 1 (second digit 3-9, as carriers assign them). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** E-mail: ASCII only, one @, a dotted domain; at most 64 characters (spec section 5). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const EMAIL_MAX = 64;

export const isPhone = (value: string) => PHONE_PATTERN.test(value);
export const isEmail = (value: string) => value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);

/** What an account string is: the login form accepts a phone number or an e-mail address in one field. */
export function accountKind(value: string): 'phone' | 'email' | null {
  const v = value.trim();
  if (isPhone(v)) return 'phone';
  if (isEmail(v)) return 'email';
  return null;
}

/** Landline: digits and the usual separators, no letters or Chinese characters. */
export const LANDLINE_PATTERN = /^[0-9+\-() ]{3,20}$/;
export const isLandline = (value: string) => LANDLINE_PATTERN.test(value);
