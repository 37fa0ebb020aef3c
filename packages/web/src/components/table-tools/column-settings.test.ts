import { describe, expect, it } from 'vitest';
import {
  canMove,
  defaultSettings,
  isLocked,
  mergeSettings,
  moveColumn,
  toggleColumn,
  toStored,
  withLocks,
  type ColumnDef,
} from './column-settings';

const plain: ColumnDef[] = [{ prop: 'name' }, { prop: 'remark' }, { prop: 'sort', width: 90 }];
const withFixed: ColumnDef[] = [
  { prop: 'model' },
  { prop: 'name', fixed: 'left' },
  { prop: 'status' },
  { prop: 'ops', fixed: 'right' },
];
const props = (s: { prop: string }[]) => s.map((x) => x.prop);
const checked = (s: { prop: string; checked: boolean }[]) => s.filter((x) => x.checked).map((x) => x.prop);

describe('column settings', () => {
  it('start with every column checked, fixed-left first and fixed-right last', () => {
    expect(props(defaultSettings(withFixed))).toEqual(['name', 'model', 'status', 'ops']);
    expect(defaultSettings(plain).every((s) => s.checked)).toBe(true);
    expect(defaultSettings(plain)[2]).toMatchObject({ prop: 'sort', width: 90, fixed: null });
  });

  it('keep at least one column checked and lock the last one', () => {
    let s = defaultSettings(plain);
    s = toggleColumn(s, 'name', false);
    s = toggleColumn(s, 'remark', false);
    expect(checked(s)).toEqual(['sort']);
    expect(isLocked(s, 'sort')).toBe(true);
    expect(isLocked(s, 'name')).toBe(false);
    s = toggleColumn(s, 'sort', false);
    expect(checked(s)).toEqual(['sort']);
    expect(withLocks(s).map((x) => x.disabled)).toEqual([false, false, true]);
    s = toggleColumn(s, 'name', true);
    expect(isLocked(s, 'sort')).toBe(false);
  });

  it('never uncheck or move a fixed column, nor move another past it', () => {
    let s = defaultSettings(withFixed);
    expect(isLocked(s, 'name')).toBe(true);
    s = toggleColumn(s, 'name', false);
    expect(checked(s)).toContain('name');
    expect(canMove(s, 'name', 1)).toBe(false);
    expect(canMove(s, 'model', -1)).toBe(false); // would pass the fixed-left column
    expect(canMove(s, 'status', 1)).toBe(false); // would pass the fixed-right column
    expect(props(moveColumn(s, 'model', -1))).toEqual(['name', 'model', 'status', 'ops']);
    s = moveColumn(s, 'model', 1);
    expect(props(s)).toEqual(['name', 'status', 'model', 'ops']);
  });

  it('apply a saved choice to the current columns', () => {
    const saved = [
      { prop: 'sort', checked: true },
      { prop: 'gone', checked: true },
      { prop: 'name', checked: false },
      { prop: 'sort', checked: false },
    ];
    const s = mergeSettings(plain, saved);
    expect(props(s)).toEqual(['sort', 'name', 'remark']); // new column appended, unknown and repeated dropped
    expect(checked(s)).toEqual(['sort', 'remark']);
    expect(s[0]).toMatchObject({ width: 90 });
  });

  it('keep fixed columns in place and checked whatever was saved', () => {
    const s = mergeSettings(withFixed, [
      { prop: 'ops', checked: false },
      { prop: 'status', checked: true },
      { prop: 'name', checked: false },
    ]);
    expect(props(s)).toEqual(['name', 'status', 'model', 'ops']);
    expect(checked(s)).toEqual(['name', 'status', 'model', 'ops']);
  });

  it('fall back to the defaults on unreadable or all-unchecked settings', () => {
    expect(mergeSettings(plain, null)).toEqual(defaultSettings(plain));
    expect(mergeSettings(plain, 'x')).toEqual(defaultSettings(plain));
    expect(checked(mergeSettings(plain, [{ prop: 'name', checked: false }, 1, null]))).toEqual(['remark', 'sort']);
    const none = plain.map((c) => ({ prop: c.prop, checked: false }));
    expect(checked(mergeSettings(plain, none))).toEqual(['name', 'remark', 'sort']);
  });

  it('store only order and checks', () => {
    expect(toStored(defaultSettings(plain))).toEqual([
      { prop: 'name', checked: true },
      { prop: 'remark', checked: true },
      { prop: 'sort', checked: true },
    ]);
  });
});
