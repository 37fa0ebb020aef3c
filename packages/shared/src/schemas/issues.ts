import type { z } from 'zod';

export type FieldProblem = { field: string; key: string; params: Record<string, string | number> };

const OWN_KEY = /^(validation|error|auth|org|[a-z]+)\.[A-Za-z0-9_.]+$/;

/**
 * Turns zod issues into i18n keys with parameters, so that the server answers in the caller's language and the
 * web form shows the same words. Custom messages in the schemas are already keys (`validation.phoneFormat`).
 */
export function issuesToProblems(issues: readonly z.core.$ZodIssue[]): FieldProblem[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.') || String((issue as { keys?: string[] }).keys?.[0] ?? '');
    const params: Record<string, string | number> = { field };
    if (issue.message && OWN_KEY.test(issue.message)) {
      return { field, key: issue.message, params };
    }
    switch (issue.code) {
      case 'invalid_type':
        // zod 4 keeps no input on its issues; its own message ends with what it received
        if (/received (undefined|null)$/.test(issue.message)) return { field, key: 'validation.required', params };
        if (issue.expected === 'int') return { field, key: 'validation.notInteger', params };
        return { field, key: 'validation.invalid', params };
      case 'too_small':
        if (issue.origin === 'string') {
          return Number(issue.minimum) <= 1
            ? { field, key: 'validation.required', params }
            : { field, key: 'validation.tooShort', params: { ...params, min: Number(issue.minimum) } };
        }
        return { field, key: 'validation.tooSmall', params: { ...params, min: Number(issue.minimum) } };
      case 'too_big':
        if (issue.origin === 'string' || issue.origin === 'array') {
          return { field, key: 'validation.tooLong', params: { ...params, max: Number(issue.maximum) } };
        }
        return { field, key: 'validation.tooBig', params: { ...params, max: Number(issue.maximum) } };
      case 'invalid_value':
        return { field, key: 'validation.invalidOption', params };
      case 'unrecognized_keys':
        return {
          field: issue.keys[0] ?? field,
          key: 'validation.unknownField',
          params: { field: issue.keys[0] ?? '' },
        };
      default:
        return { field, key: 'validation.invalid', params };
    }
  });
}
