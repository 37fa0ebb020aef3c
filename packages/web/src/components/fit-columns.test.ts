import { describe, expect, it } from 'vitest';
import { fitColumns } from './fit-columns';

const cols = [
  { key: 'patient', width: 110 },
  { key: 'report', width: 200 },
  { key: 'phase', width: 100, priority: 3 as const },
  { key: 'assessor', width: 150, priority: 2 as const },
  { key: 'planned', width: 150, priority: 2 as const },
  { key: 'status', width: 100 },
  { key: 'score', width: 160 },
  { key: 'actions', width: 230, fixed: 'right' },
];
const keys = (c: { key: string }[]) => c.map((x) => x.key);

describe('fitColumns', () => {
  it('shows everything where there is room', () => {
    expect(keys(fitColumns(cols, 1600).shown)).toEqual(keys(cols));
    expect(fitColumns(cols, 1600).folded).toEqual([]);
  });
  it('folds priority 3, then priority 2 from the right, never priority 1 nor the fixed actions', () => {
    // 1200 wanted: at 1150 the phase goes, at 1050 the planned time too
    expect(keys(fitColumns(cols, 1150).folded)).toEqual(['phase']);
    expect(keys(fitColumns(cols, 1050).folded)).toEqual(['phase', 'planned']);
    expect(keys(fitColumns(cols, 1050).shown)).toEqual(['patient', 'report', 'assessor', 'status', 'score', 'actions']);
    const narrow = fitColumns(cols, 300);
    expect(keys(narrow.shown)).toEqual(['patient', 'report', 'status', 'score', 'actions']);
  });
});
