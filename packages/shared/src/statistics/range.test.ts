import { describe, expect, it } from 'vitest';
import { shiftDay, daysOfRange, resolveRange, statisticsDaysBetween } from './range';

describe('statistics ranges on the clinic calendar', () => {
  it('a day is the anchor itself', () => {
    expect(resolveRange('day', '2026-11-27')).toEqual({ from: '2026-11-27', to: '2026-11-27' });
  });

  it('a week runs Monday to Sunday, also across a month and a year end', () => {
    // 2026-11-27 is a Friday
    expect(resolveRange('week', '2026-11-27')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(resolveRange('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(resolveRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(resolveRange('week', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('a month is its calendar month, leap February included', () => {
    expect(resolveRange('month', '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(resolveRange('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(resolveRange('month', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(resolveRange('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('custom takes the given dates; one date alone is one day', () => {
    expect(resolveRange('custom', '2026-11-27', { startDate: '2026-10-01', endDate: '2026-10-31' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(resolveRange('custom', '2026-11-27', { startDate: '2026-10-01' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-01',
    });
  });

  it('counts and lists days', () => {
    expect(statisticsDaysBetween('2026-11-01', '2026-11-30')).toBe(29);
    expect(statisticsDaysBetween('2026-11-02', '2026-11-01')).toBe(-1);
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysOfRange({ from: '2026-02-27', to: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
