import { describe, expect, it } from 'vitest';
import { WorkdaySetting, addDays, ordersOnDate, parseFrequency, treatmentDays } from './treatment-days';

// 2026-11-23 is a Monday
const MON = '2026-11-23';
const dates = (r: { date: string }[]) => r.map((d) => d.date);

describe('frequency', () => {
  it('parses the values of spec section 5', () => {
    expect(parseFrequency('1/2')).toEqual({ perDay: 1, everyDays: 2 });
    expect(parseFrequency('1/3')).toEqual({ perDay: 1, everyDays: 3 });
    expect(parseFrequency('1/7')).toEqual({ perDay: 1, everyDays: 7 });
    expect(parseFrequency('1')).toEqual({ perDay: 1, everyDays: 1 });
    expect(parseFrequency(2)).toEqual({ perDay: 2, everyDays: 1 });
    expect(parseFrequency('9999')).toEqual({ perDay: 9999, everyDays: 1 });
  });
  it('refuses anything else', () => {
    for (const bad of ['0', '1/4', '1/1', '2/3', '10000', '-1', '1.5', '', 'abc', '01']) {
      expect(parseFrequency(bad)).toBeNull();
    }
  });
});

describe('treatment days of a project', () => {
  it('once a day, every day: one order a day for the total', () => {
    const r = treatmentDays({ startDate: MON, frequency: '1', totalTimes: 3 });
    expect(r).toEqual([
      { date: '2026-11-23', count: 1 },
      { date: '2026-11-24', count: 1 },
      { date: '2026-11-25', count: 1 },
    ]);
  });

  it('twice a day: two orders a day, the remainder on the last day', () => {
    const r = treatmentDays({ startDate: MON, frequency: 2, totalTimes: 5 });
    expect(r).toEqual([
      { date: '2026-11-23', count: 2 },
      { date: '2026-11-24', count: 2 },
      { date: '2026-11-25', count: 1 },
    ]);
  });

  it('more times a day than the total: all on the first day', () => {
    expect(treatmentDays({ startDate: MON, frequency: 5, totalTimes: 3 })).toEqual([{ date: MON, count: 3 }]);
  });

  it('every other day, every third day, weekly', () => {
    expect(dates(treatmentDays({ startDate: MON, frequency: '1/2', totalTimes: 4 }))).toEqual([
      '2026-11-23',
      '2026-11-25',
      '2026-11-27',
      '2026-11-29',
    ]);
    expect(dates(treatmentDays({ startDate: MON, frequency: '1/3', totalTimes: 3 }))).toEqual([
      '2026-11-23',
      '2026-11-26',
      '2026-11-29',
    ]);
    expect(dates(treatmentDays({ startDate: MON, frequency: '1/7', totalTimes: 3 }))).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
    ]);
  });

  it('skipping weekends: once a day runs Monday to Friday', () => {
    const r = treatmentDays({ startDate: MON, frequency: '1', totalTimes: 7, workday: WorkdaySetting.skipWeekends });
    expect(dates(r)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
      '2026-12-01',
    ]);
  });

  it('skipping Sundays: Saturday is a treatment day, Sunday is not', () => {
    const r = treatmentDays({
      startDate: '2026-11-28',
      frequency: '1',
      totalTimes: 3,
      workday: WorkdaySetting.skipSundays,
    });
    expect(dates(r)).toEqual(['2026-11-28', '2026-11-30', '2026-12-01']);
  });

  it('a start on a weekend moves to Monday', () => {
    const r = treatmentDays({
      startDate: '2026-11-29',
      frequency: 2,
      totalTimes: 2,
      workday: WorkdaySetting.skipWeekends,
    });
    expect(r).toEqual([{ date: '2026-11-30', count: 2 }]);
  });

  it('every other day with weekends skipped: a Saturday moves to Monday and the interval counts from there', () => {
    const r = treatmentDays({
      startDate: '2026-11-25',
      frequency: '1/2',
      totalTimes: 4,
      workday: WorkdaySetting.skipWeekends,
    });
    // Wed, Fri, (Sun → Mon), Wed
    expect(dates(r)).toEqual(['2026-11-25', '2026-11-27', '2026-11-30', '2026-12-02']);
  });

  it('weekly from a Friday with Sundays skipped stays on Fridays', () => {
    const r = treatmentDays({
      startDate: '2026-11-27',
      frequency: '1/7',
      totalTimes: 3,
      workday: WorkdaySetting.skipSundays,
    });
    expect(dates(r)).toEqual(['2026-11-27', '2026-12-04', '2026-12-11']);
  });

  it('holidays are skipped like weekends', () => {
    const r = treatmentDays({
      startDate: '2026-09-30',
      frequency: '1',
      totalTimes: 3,
      workday: WorkdaySetting.skipWeekends,
      holidays: ['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07'],
    });
    expect(dates(r)).toEqual(['2026-09-30', '2026-10-08', '2026-10-09']);
  });

  it('crosses months and leap days', () => {
    expect(dates(treatmentDays({ startDate: '2028-02-28', frequency: '1', totalTimes: 3 }))).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(dates(treatmentDays({ startDate: '2026-12-31', frequency: '1/2', totalTimes: 2 }))).toEqual([
      '2026-12-31',
      '2027-01-02',
    ]);
  });

  it('plans only what is left after the treated times', () => {
    const r = treatmentDays({ startDate: MON, frequency: '1', totalTimes: 10, doneTimes: 8 });
    expect(r).toEqual([
      { date: '2026-11-23', count: 1 },
      { date: '2026-11-24', count: 1 },
    ]);
    expect(treatmentDays({ startDate: MON, frequency: '1', totalTimes: 3, doneTimes: 3 })).toEqual([]);
    expect(treatmentDays({ startDate: MON, frequency: '1', totalTimes: 3, doneTimes: 9 })).toEqual([]);
    expect(treatmentDays({ startDate: MON, frequency: '1', totalTimes: 0 })).toEqual([]);
  });

  it('the sum of the counts is the total', () => {
    for (const frequency of ['1/2', '1/3', '1/7', '1', '2', '3', '7']) {
      for (const workday of [WorkdaySetting.everyDay, WorkdaySetting.skipWeekends, WorkdaySetting.skipSundays]) {
        for (const totalTimes of [1, 2, 9, 30]) {
          const r = treatmentDays({ startDate: MON, frequency, totalTimes, workday });
          expect(r.reduce((n, d) => n + d.count, 0)).toBe(totalTimes);
          const weekdays = r.map((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay());
          if (workday === WorkdaySetting.skipWeekends) expect(weekdays.some((w) => w === 0 || w === 6)).toBe(false);
          if (workday === WorkdaySetting.skipSundays) expect(weekdays.includes(0)).toBe(false);
          // dates strictly increase
          expect([...dates(r)].sort()).toEqual(dates(r));
          expect(new Set(dates(r)).size).toBe(r.length);
        }
      }
    }
  });

  it('answers the count for one date', () => {
    const input = { startDate: MON, frequency: '1/2', totalTimes: 3 };
    expect(ordersOnDate(input, '2026-11-25')).toBe(1);
    expect(ordersOnDate(input, '2026-11-24')).toBe(0);
    expect(ordersOnDate({ startDate: MON, frequency: 3, totalTimes: 4 }, '2026-11-24')).toBe(1);
  });

  it('refuses a bad frequency or date', () => {
    expect(() => treatmentDays({ startDate: MON, frequency: '1/4', totalTimes: 3 })).toThrow();
    expect(() => treatmentDays({ startDate: '2026-02-30', frequency: '1', totalTimes: 3 })).toThrow();
    expect(() => treatmentDays({ startDate: '2026/11/23', frequency: '1', totalTimes: 3 })).toThrow();
  });

  it('adds days across a year end', () => expect(addDays('2026-12-30', 3)).toBe('2027-01-02'));
});
