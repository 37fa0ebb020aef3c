import { describe, expect, it } from 'vitest';
import { shiftSaveSchema, shiftWeekSchema, weekDays, weekStartOf } from './scheduling.schema';

describe('weeks of shift management', () => {
  it('finds the Monday of a week and its seven days, across months and years', () => {
    expect(weekStartOf('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(weekStartOf('2026-11-16')).toBe('2026-11-16');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('accepts a Monday only, and real dates only, without throwing', () => {
    expect(shiftWeekSchema.safeParse({ weekStart: '2026-11-16' }).success).toBe(true);
    expect(shiftWeekSchema.safeParse({ weekStart: '2026-11-17' }).success).toBe(false);
    expect(shiftWeekSchema.safeParse({ weekStart: '2026-13-40' }).success).toBe(false);
    expect(shiftWeekSchema.safeParse({ weekStart: '2026-02-30' }).success).toBe(false);
  });

  it('refuses cells outside the week, twice the same cell and unknown shifts', () => {
    const cell = { therapistId: 1, date: '2026-11-22', shift: 'off' };
    expect(shiftSaveSchema.safeParse({ weekStart: '2026-11-16', list: [cell] }).success).toBe(true);
    expect(
      shiftSaveSchema.safeParse({ weekStart: '2026-11-16', list: [{ ...cell, date: '2026-11-23' }] }).success,
    ).toBe(false);
    expect(shiftSaveSchema.safeParse({ weekStart: '2026-11-16', list: [cell, cell] }).success).toBe(false);
    expect(shiftSaveSchema.safeParse({ weekStart: '2026-11-16', list: [{ ...cell, shift: 'night' }] }).success).toBe(
      false,
    );
    expect(shiftSaveSchema.safeParse({ weekStart: '2026-11-16', list: [{ ...cell, shift: null }] }).success).toBe(true);
  });
});
