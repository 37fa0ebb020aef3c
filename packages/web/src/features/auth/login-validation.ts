import { accountKind, translate, type Locale } from '@rehab/shared';

export type LoginField = 'account' | 'password' | 'verificationCode';
export type LoginFieldValues = Record<LoginField, string>;
export type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * The message key of a login field's problem (spec section 5, Login), or null: the shared validators and the
 * shared message catalog, so the form refuses what the server refuses with the server's words. (Plain validators
 * rather than the zod login schema: zod would add to the login page, everyone's first download.)
 */
export function loginFieldProblem(field: LoginField, value: string): string | null {
  const text = value.trim();
  switch (field) {
    case 'account':
      if (!text) return 'validation.accountRequired';
      return accountKind(text) ? null : 'validation.accountFormat';
    case 'password':
      return value.trim() ? null : 'validation.passwordRequired';
    case 'verificationCode':
      if (!text) return 'validation.codeRequired';
      return /^\d{6}$/.test(text) ? null : 'validation.codeFormat';
  }
}

/** The fields the form checks: the code only when the login role type asks for one. */
export const loginFields = (withCode: boolean): LoginField[] =>
  withCode ? ['account', 'password', 'verificationCode'] : ['account', 'password'];

/** The localized message of a field's problem, or null; `label` names the field where a message says which. */
export function loginFieldError(locale: Locale, field: LoginField, value: string, label = ''): string | null {
  const key = loginFieldProblem(field, value);
  return key ? translate(locale, key, { field: label }) : null;
}

/** Every field's message (only the fields with a problem). */
export function validateLogin(locale: Locale, values: LoginFieldValues, withCode: boolean): LoginErrors {
  const errors: LoginErrors = {};
  for (const field of loginFields(withCode)) {
    const message = loginFieldError(locale, field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}
