import type { ColumnSetting } from '@rehab/shared';

/** A column a table offers: its key, width and whether it is fixed to one side. */
export type ColumnDef = { prop: string; width?: number; fixed?: 'left' | 'right' };

/**
 * The rules of the table column chooser (spec section 5): at least one column stays checked, the only checked
 * column is locked, and fixed columns can be neither moved nor unchecked. Settings are kept per user on the server.
 */

export function defaultSettings(columns: readonly ColumnDef[]): ColumnSetting[] {
  return order(columns.map((c) => ({ prop: c.prop, checked: true, width: c.width ?? null, fixed: c.fixed ?? null })));
}

/** Fixed-left columns first and fixed-right ones last, each group keeping its order. */
function order(settings: ColumnSetting[]): ColumnSetting[] {
  const rank = (s: ColumnSetting) => (s.fixed === 'left' ? 0 : s.fixed === 'right' ? 2 : 1);
  return settings
    .map((s, i) => ({ s, i }))
    .sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i)
    .map(({ s }) => s);
}

/**
 * A saved choice applied to the table's current columns: saved order and checks for columns that still exist,
 * new columns appended (checked), columns that are gone dropped. Widths and fixed sides always come from the
 * table. Anything unreadable gives the defaults.
 */
export function mergeSettings(columns: readonly ColumnDef[], saved: unknown): ColumnSetting[] {
  const defaults = defaultSettings(columns);
  if (!Array.isArray(saved)) return defaults;
  const byProp = new Map(defaults.map((d) => [d.prop, d]));
  const seen = new Set<string>();
  const merged: ColumnSetting[] = [];
  for (const item of saved as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { prop, checked } = item as { prop?: unknown; checked?: unknown };
    const base = typeof prop === 'string' ? byProp.get(prop) : undefined;
    if (!base || seen.has(base.prop)) continue;
    seen.add(base.prop);
    merged.push({ ...base, checked: base.fixed ? true : checked !== false });
  }
  for (const d of defaults) if (!seen.has(d.prop)) merged.push(d);
  const result = order(merged);
  if (!result.some((s) => s.checked)) return result.map((s) => ({ ...s, checked: true }));
  return result;
}

/** True when a column cannot be unchecked: it is fixed, or it is the only checked one. */
export function isLocked(settings: readonly ColumnSetting[], prop: string): boolean {
  const s = settings.find((x) => x.prop === prop);
  if (!s) return true;
  if (s.fixed) return true;
  return s.checked && settings.filter((x) => x.checked).length === 1;
}

/** The settings with `disabled` set on the locked columns, as the spec's setting shape has it. */
export function withLocks(settings: readonly ColumnSetting[]): ColumnSetting[] {
  return settings.map((s) => ({ ...s, disabled: isLocked(settings, s.prop) }));
}

/** Checks or unchecks a column; a locked column stays as it is. */
export function toggleColumn(settings: readonly ColumnSetting[], prop: string, checked: boolean): ColumnSetting[] {
  if (!checked && isLocked(settings, prop)) return [...settings];
  return settings.map((s) => (s.prop === prop && !s.fixed ? { ...s, checked } : s));
}

/** Whether a column can move one place up (-1) or down (+1): never a fixed column, never past one. */
export function canMove(settings: readonly ColumnSetting[], prop: string, step: -1 | 1): boolean {
  const i = settings.findIndex((s) => s.prop === prop);
  const target = settings[i + step];
  return i >= 0 && !settings[i]!.fixed && target !== undefined && !target.fixed;
}

export function moveColumn(settings: readonly ColumnSetting[], prop: string, step: -1 | 1): ColumnSetting[] {
  if (!canMove(settings, prop, step)) return [...settings];
  const next = [...settings];
  const i = next.findIndex((s) => s.prop === prop);
  [next[i], next[i + step]] = [next[i + step]!, next[i]!];
  return next;
}

/** What is stored: order and checks (widths and sides come from the table). */
export function toStored(settings: readonly ColumnSetting[]): ColumnSetting[] {
  return settings.map((s) => ({ prop: s.prop, checked: s.checked }));
}
