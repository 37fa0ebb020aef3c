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

/** What a form field takes from its shared schema: whether it is required, its longest length and its rule. */
export type SchemaField = { required: boolean; maxLength?: number; rules: Rule[] };

/**
 * A form field from the field `name` of a shared object schema: `required` when the schema refuses it missing,
 * `maxLength` from its string length limit (for the input's counter), and the rule that refuses what the server
 * refuses. The form then restates neither: `<Form.Item required={f.required} rules={f.rules}>` and
 * `<Input maxLength={f.maxLength}>`.
 */
export function schemaField<S extends z.ZodObject>(schema: S, name: keyof S['shape'] & string, label?: string) {
  const field = schema.shape[name] as z.ZodType;
  let inner = field as z.ZodType & { maxLength?: number | null; unwrap?: () => z.ZodType };
  // through optional, nullable and default wrappers to the string underneath
  for (let i = 0; i < 5 && typeof inner.unwrap === 'function'; i++) inner = inner.unwrap() as typeof inner;
  const required = !field.safeParse(undefined).success;
  const maxLength = typeof inner.maxLength === 'number' ? inner.maxLength : undefined;
  return { required, maxLength, rules: [zodRule(required ? field : field.optional(), label)] } satisfies SchemaField;
}
