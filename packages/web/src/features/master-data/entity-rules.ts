import type { Rule } from 'antd/es/form';
import { entityProblems, entitySchemas, translate, type EntityDescriptor, type FieldDescriptor } from '@rehab/shared';
import { currentLocale } from '../../lib/locale';

/**
 * The form rule of one field: the field's schema derived from the shared descriptor, so the form refuses exactly
 * what the server refuses, in the same words and with the same field label and limits.
 */
export function entityFieldRule(entity: EntityDescriptor, field: FieldDescriptor): Rule {
  const schema = entitySchemas(entity).field(field.name);
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(toApiValue(field, value));
      if (result.success) return;
      const locale = currentLocale();
      const problem = entityProblems(entity, result.error.issues, locale, { root: field.name })[0]!;
      throw new Error(translate(locale, problem.key, problem.params));
    },
  };
}

/** A form value as the API takes it: dates as YYYY-MM-DD, everything else as it is. */
export function toApiValue(field: FieldDescriptor, value: unknown): unknown {
  if (field.type === 'date' && value && typeof value === 'object' && 'format' in value) {
    return (value as { format: (f: string) => string }).format('YYYY-MM-DD');
  }
  return value === undefined ? null : value;
}
