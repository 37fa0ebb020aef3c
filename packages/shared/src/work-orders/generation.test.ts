import { describe, expect, it } from 'vitest';
import { GENERATION_WINDOW_DAYS, clinicDate, generationWindow, plannedOrders, workdayCode } from './generation';

// 2026-11-23 is a Monday
const base = { startDate: '2026-11-23', frequency: '1', totalTimes: 10, workdaySetting: 0, active: true };

describe('work-order generation plan', () => {
  it('the window is today and the next six days', () => {
    expect(GENERATION_WINDOW_DAYS).toBe(7);
    expect(generationWindow('2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(generationWindow('2026-12-30', 3)).toEqual({ from: '2026-12-30', to: '2027-01-01' });
  });

  it('plans one order a day inside the window only', () => {
    const plan = plannedOrders(base, '2026-11-25', '2026-11-27');
    expect(plan).toEqual([
      { date: '2026-11-25', seq: 1 },
      { date: '2026-11-26', seq: 1 },
      { date: '2026-11-27', seq: 1 },
    ]);
  });

  it('numbers several orders of one day and stops at the total', () => {
    const plan = plannedOrders({ ...base, frequency: '3', totalTimes: 7 }, '2026-11-23', '2026-11-29');
    expect(plan.map((o) => `${o.date}#${o.seq}`)).toEqual([
      '2026-11-23#1',
      '2026-11-23#2',
      '2026-11-23#3',
      '2026-11-24#1',
      '2026-11-24#2',
      '2026-11-24#3',
      '2026-11-25#1',
    ]);
  });

  it('counts intervals from the start date, whenever it is asked', () => {
    const every3 = { ...base, frequency: '1/3' };
    expect(plannedOrders(every3, '2026-11-23', '2026-11-29').map((o) => o.date)).toEqual([
      '2026-11-23',
      '2026-11-26',
      '2026-11-29',
    ]);
    // asked three days later: the same days, not a new start
    expect(plannedOrders(every3, '2026-11-26', '2026-12-02').map((o) => o.date)).toEqual([
      '2026-11-26',
      '2026-11-29',
      '2026-12-02',
    ]);
  });

  it('follows the workday setting: 0 every day, 1 Monday to Friday, 2 Monday to Saturday', () => {
    const week = (workdaySetting: number) =>
      plannedOrders({ ...base, workdaySetting }, '2026-11-23', '2026-11-29').map((o) => o.date);
    expect(week(0)).toHaveLength(7);
    expect(week(1)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(week(2)).toHaveLength(6);
    expect(week(2)).not.toContain('2026-11-29');
    expect(workdayCode(1)).toBe(1);
    expect(workdayCode(2)).toBe(2);
    expect(workdayCode(7)).toBe(0);
  });

  it('plans nothing for an inactive project, a bad frequency or an empty window', () => {
    expect(plannedOrders({ ...base, active: false }, '2026-11-23', '2026-11-29')).toEqual([]);
    expect(plannedOrders({ ...base, frequency: '1/5' }, '2026-11-23', '2026-11-29')).toEqual([]);
    expect(plannedOrders(base, '2026-11-29', '2026-11-23')).toEqual([]);
    expect(plannedOrders(base, '2026-11-01', '2026-11-22')).toEqual([]);
  });

  it('reads the date on the clinic clock', () => {
    expect(clinicDate(new Date('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
    expect(clinicDate(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
    expect(clinicDate(new Date('2026-11-22T16:00:00Z'), 'UTC')).toBe('2026-11-22');
  });
});
