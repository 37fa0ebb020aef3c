import { describe, expect, it } from 'vitest';
import { comparedRanges, shiftDay, daysOfRange, resolveRange, statisticsDaysBetween } from './range';

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

  it('compares a range up to today with as many days of the period before', () => {
    const today = '2026-11-27';
    // this month so far against the same days of last month
    expect(comparedRanges('month', resolveRange('month', today), today)).toEqual({
      current: { from: '2026-11-01', to: '2026-11-27' },
      previous: { from: '2026-10-01', to: '2026-10-27' },
    });
    // March 1-31 against February, cut at its end
    expect(comparedRanges('month', resolveRange('month', '2026-03-15'), today)).toEqual({
      current: { from: '2026-03-01', to: '2026-03-31' },
      previous: { from: '2026-02-01', to: '2026-02-28' },
    });
    expect(comparedRanges('day', { from: today, to: today }, today)).toEqual({
      current: { from: today, to: today },
      previous: { from: '2026-11-26', to: '2026-11-26' },
    });
    // Monday 23 to Friday 27 against the Monday to Friday before
    expect(comparedRanges('week', resolveRange('week', today), today)).toEqual({
      current: { from: '2026-11-23', to: '2026-11-27' },
      previous: { from: '2026-11-16', to: '2026-11-20' },
    });
    expect(comparedRanges('custom', { from: '2026-10-11', to: '2026-10-20' }, today)).toEqual({
      current: { from: '2026-10-11', to: '2026-10-20' },
      previous: { from: '2026-10-01', to: '2026-10-10' },
    });
    // a range wholly to come is compared as it is
    expect(comparedRanges('day', { from: '2026-12-01', to: '2026-12-01' }, today).current.to).toBe('2026-12-01');
  });
});
