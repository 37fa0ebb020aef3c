import type { FormInstance } from 'antd';
import { ApiError } from './api';

/**
 * Shows a refused save: the server's message (already in the user's language) under the field it names when the
 * form has that field, and as a toast. Answers the message.
 */
export function showApiError(
  error: unknown,
  fallback: string,
  notify: (text: string) => void,
  form?: FormInstance,
): string {
  const msg = error instanceof ApiError && error.message ? error.message : fallback;
  if (form && error instanceof ApiError && error.field) {
    // `memberships.0.roleIds` is the form path ['memberships', 0, 'roleIds']; a problem inside a field the form
    // shows as one control (`params.retentionDays` of a JSON box) lands at that control
    const path = error.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const shown = [path, path.slice(0, 1)].find((p) => form.getFieldInstance(p as never) !== undefined);
    if (shown) form.setFields([{ name: shown as never, errors: [msg] }]);
  }
  notify(msg);
  return msg;
}
