import type { Rule } from 'antd/es/form';
import { accountKind, translate } from '@rehab/shared';
import { keyRule } from '../../lib/form-rules';
import { currentLocale } from '../../lib/locale';

/**
 * Form rules of spec section 5 built from the shared validators and message keys, so the forms refuse what the
 * server refuses with the server's words. (The login page uses plain validators rather than zod schemas: the
 * schemas would add zod to the first download.)
 */
export const requiredRule = (key: string, field?: string): Rule => ({
  required: true,
  whitespace: true,
  message: translate(currentLocale(), key, field ? { field } : {}),
});

/** Phone or e-mail, as the login account and the reset address accept. */
export const accountRules = (requiredKey: string, formatKey: string): Rule[] => [
  requiredRule(requiredKey),
  keyRule((v) => (accountKind(v) ? null : formatKey)),
];

export const codeRules: Rule[] = [
  requiredRule('validation.codeRequired'),
  keyRule((v) => (/^\d{6}$/.test(v.trim()) ? null : 'validation.codeFormat')),
];
