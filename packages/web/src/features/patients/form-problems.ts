import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { issuesToProblems, translate } from '@rehab/shared';
import { ApiError } from '../../lib/api';
import { currentLocale } from '../../lib/locale';

/**
 * Shows refusals under their fields: the shared schema's issues before sending, the server's errors after
 * (a 400 names the field). Answers true when some field took a message.
 */
export function showProblems(
  form: FormInstance,
  source: readonly z.core.$ZodIssue[] | unknown,
  label: (field: string) => string,
): boolean {
  let problems: { field: string; msg: string }[] = [];
  if (Array.isArray(source)) {
    problems = issuesToProblems(source as z.core.$ZodIssue[]).map((p) => ({
      field: p.field,
      msg: translate(currentLocale(), p.key, { ...p.params, field: label(p.field) }),
    }));
  } else if (source instanceof ApiError && source.field) {
    const errors = (source.body.errors as { field: string; msg: string }[] | undefined) ?? [
      { field: source.field, msg: source.message },
    ];
    problems = errors;
  }
  const byField = new Map<string, string[]>();
  for (const p of problems) byField.set(p.field, [...(byField.get(p.field) ?? []), p.msg]);
  const known = [...byField];
  form.setFields(
    known.map(([field, errors]) => ({ name: field.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)), errors })),
  );
  if (known[0]) form.scrollToField(known[0][0].split('.'));
  return known.length > 0;
}

/** Each field's messages in the user's language, from the shared schema's issues (one list per field). */
export function problemsByField(
  issues: readonly z.core.$ZodIssue[],
  label: (field: string) => string,
): Map<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const p of issuesToProblems(issues as z.core.$ZodIssue[])) {
    const msg = translate(currentLocale(), p.key, { ...p.params, field: label(p.field) });
    const list = byField.get(p.field) ?? [];
    if (!list.includes(msg)) byField.set(p.field, [...list, msg]);
  }
  return byField;
}
