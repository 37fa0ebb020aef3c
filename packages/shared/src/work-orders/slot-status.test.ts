import { describe, expect, it } from 'vitest';
import { clockToMinutes, minutesOfDay, minutesToClock, slotStatuses, type ClockSlot } from './slot-status';

// 08:00-08:30, 08:40-09:10, 09:20-09:50 (30-minute sessions, 10-minute rests)
const SLOTS: ClockSlot[] = [
  { start: '08:00', end: '08:30' },
  { start: '08:40', end: '09:10' },
  { start: '09:20', end: '09:50' },
];
const at = (clock: string, seconds = 0) => clockToMinutes(clock) + seconds / 60;

describe('schedule time-slot status (today)', () => {
  const cases: [string, number, string[]][] = [
    ['midnight', at('00:00'), ['undo', 'undo', 'undo']],
    ['a second before the first start', at('07:59', 59), ['undo', 'undo', 'undo']],
    ['the first start exactly', at('08:00'), ['active', 'undo', 'undo']],
    ['a second after the first start', at('08:00', 1), ['active', 'undo', 'undo']],
    ['the end of the first slot (rest belongs to it)', at('08:30'), ['active', 'undo', 'undo']],
    ['a second before the second start', at('08:39', 59), ['active', 'undo', 'undo']],
    ['the second start exactly', at('08:40'), ['done', 'active', 'undo']],
    ['a second after the second start', at('08:40', 1), ['done', 'active', 'undo']],
    ['a second before the last start', at('09:19', 59), ['done', 'active', 'undo']],
    ['the last start exactly', at('09:20'), ['done', 'done', 'active']],
    ['inside the last slot', at('09:35'), ['done', 'done', 'active']],
    ['the last end exactly (still active)', at('09:50'), ['done', 'done', 'active']],
    ['a second after the last end', at('09:50', 1), ['done', 'done', 'done']],
    ['late evening', at('23:59', 59), ['done', 'done', 'done']],
  ];
  for (const [name, now, expected] of cases) {
    it(name, () => expect(slotStatuses(SLOTS, now)).toEqual(expected));
  }

  it('answers in the order given even when the slots are not sorted', () => {
    const shuffled = [SLOTS[2]!, SLOTS[0]!, SLOTS[1]!];
    expect(slotStatuses(shuffled, at('08:45'))).toEqual(['undo', 'done', 'active']);
  });

  it('a single slot: undo, active from its start to its end, then done', () => {
    const one = [{ start: '14:00', end: '14:30' }];
    expect(slotStatuses(one, at('13:59'))).toEqual(['undo']);
    expect(slotStatuses(one, at('14:00'))).toEqual(['active']);
    expect(slotStatuses(one, at('14:30'))).toEqual(['active']);
    expect(slotStatuses(one, at('14:30', 1))).toEqual(['done']);
  });

  it('slots without rests: each slot is done when the next starts', () => {
    const back = [
      { start: '14:00', end: '14:30' },
      { start: '14:30', end: '15:00' },
    ];
    expect(slotStatuses(back, at('14:29', 59))).toEqual(['active', 'undo']);
    expect(slotStatuses(back, at('14:30'))).toEqual(['done', 'active']);
  });

  it('the gap between a morning and an afternoon period belongs to the last morning slot', () => {
    const day = [
      { start: '11:00', end: '11:30' },
      { start: '14:00', end: '14:30' },
    ];
    expect(slotStatuses(day, at('12:30'))).toEqual(['active', 'undo']);
  });

  it('no slots, no statuses', () => expect(slotStatuses([], at('10:00'))).toEqual([]));

  it('reads the clock of a time zone', () => {
    // 2026-11-23T00:40:30Z is 08:40:30 in Shanghai
    const moment = new Date('2026-11-23T00:40:30Z');
    expect(minutesOfDay(moment)).toBeCloseTo(8 * 60 + 40.5, 5);
    expect(minutesOfDay(moment, 'UTC')).toBeCloseTo(40.5, 5);
    expect(slotStatuses(SLOTS, minutesOfDay(moment))).toEqual(['done', 'active', 'undo']);
  });

  it('converts clock times both ways and refuses bad ones', () => {
    expect(clockToMinutes('00:00')).toBe(0);
    expect(clockToMinutes('23:59')).toBe(1439);
    expect(minutesToClock(485)).toBe('08:05');
    for (const bad of ['24:00', '8:00', '08:60', '0800', '']) expect(() => clockToMinutes(bad)).toThrow();
  });
});
