export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

/**
 * Password rule of spec section 5: 8-20 printable ASCII characters containing at least one letter, one digit
 * and one symbol. Returns the i18n key of the first broken rule, or null.
 */
export function passwordProblem(value: string): string | null {
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return 'validation.passwordLength';
  if (!/^[\x21-\x7e]+$/.test(value)) return 'validation.passwordCharset';
  if (!/[A-Za-z]/.test(value) || !/\d/.test(value) || !/[^A-Za-z0-9]/.test(value)) return 'validation.passwordStrength';
  return null;
}

export const isStrongPassword = (value: string) => passwordProblem(value) === null;
