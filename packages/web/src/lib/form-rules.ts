import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { issuesToProblems, translate } from '@rehab/shared';
import { currentLocale } from './locale';

/**
 * An Ant Design form rule from a shared zod schema: the form refuses exactly what the server refuses, with the
 * same words (the shared message catalog), labelled with the form's own field label.
 */
export function zodRule(schema: z.ZodType, label?: string): Rule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value);
      if (result.success) return;
      const problem = issuesToProblems(result.error.issues)[0]!;
      throw new Error(translate(currentLocale(), problem.key, { ...problem.params, field: label ?? problem.field }));
    },
  };
}

/** A form rule from a validator that returns an i18n key or null (validators of the shared package). */
export function keyRule(check: (value: string) => string | null, label?: string): Rule {
  return {
    validator: async (_rule, value: string | undefined) => {
      if (value === undefined || value === '') return;
      const key = check(value);
      if (key) throw new Error(translate(currentLocale(), key, { field: label ?? '' }));
    },
  };
}
