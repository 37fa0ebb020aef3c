import { Select, type SelectProps } from 'antd';
import type { BaseOptionType, DefaultOptionType } from 'antd/es/select';

/**
 * A Select that stands alone in a filter bar or a toolbar, without a form label: its placeholder (in the user's
 * language) is also its accessible name, so a screen reader and voice control meet the same words the eye does
 * (WCAG 1.3.1 / 4.1.2; Ant Design draws the placeholder beside the input, where it names nothing).
 */
export function FilterSelect<V = unknown, O extends BaseOptionType = DefaultOptionType>(props: SelectProps<V, O>) {
  const { placeholder, 'aria-label': label } = props;
  return <Select<V, O> {...props} aria-label={label ?? (typeof placeholder === 'string' ? placeholder : undefined)} />;
}
