import { describe, expect, it } from 'vitest';
import { issuesToProblems } from './issues';
import { generateSlots, periodSlots, saveTimesSchema } from './time-slots.schema';
import { jobParamsSchema, jobSaveSchema } from './schedule-job.schema';

const morning = { startTime: '08:00', endTime: '11:30', sessionMinutes: 30, restMinutes: 10 };
const afternoon = { startTime: '14:00', endTime: '17:00', sessionMinutes: 30, restMinutes: 10 };

const problems = (body: unknown) => {
  const r = saveTimesSchema.safeParse(body);
  return r.success ? [] : issuesToProblems(r.error.issues).map((p) => `${p.field} ${p.key}`);
};

describe('time slots of the day', () => {
  it('generates whole sessions with rests inside each period', () => {
    expect(periodSlots(morning).map((s) => `${s.startTime}-${s.endTime}`)).toEqual([
      '08:00-08:30',
      '08:40-09:10',
      '09:20-09:50',
      '10:00-10:30',
      '10:40-11:10',
    ]);
    expect(generateSlots([afternoon, morning])).toHaveLength(5 + 4);
    expect(generateSlots([afternoon, morning])[0]).toEqual({ startTime: '08:00', endTime: '08:30' });
  });

  it('a session that ends exactly at the period end is kept; rest 0 packs them', () => {
    const p = { startTime: '08:00', endTime: '09:00', sessionMinutes: 30, restMinutes: 0 };
    expect(periodSlots(p)).toEqual([
      { startTime: '08:00', endTime: '08:30' },
      { startTime: '08:30', endTime: '09:00' },
    ]);
    expect(periodSlots({ ...p, endTime: '08:59' })).toHaveLength(1);
  });

  it('accepts the demo periods, numbers as strings and no periods at all', () => {
    expect(problems({ periods: [morning, afternoon] })).toEqual([]);
    expect(problems({ periods: [{ ...morning, sessionMinutes: '45', restMinutes: '0' }] })).toEqual([]);
    expect(problems({ periods: [] })).toEqual([]);
    expect(problems({ periods: [{ ...morning, sessionMinutes: 60, restMinutes: 30 }] })).toEqual([]);
  });

  it('refuses bad clock times', () => {
    for (const bad of ['8:00', '24:00', '08:60', '0800', 'abc']) {
      expect(problems({ periods: [{ ...morning, startTime: bad }] })).toEqual([
        'periods.0.startTime slots.clockFormat',
      ]);
    }
    expect(problems({ periods: [{ ...morning, endTime: '' }] })).toEqual(['periods.0.endTime validation.required']);
  });

  it('refuses out-of-range session and rest lengths', () => {
    for (const bad of [0, 61, -1, 1.5, 'x']) {
      expect(problems({ periods: [{ ...morning, sessionMinutes: bad }] })).toEqual([
        'periods.0.sessionMinutes slots.sessionRange',
      ]);
    }
    for (const bad of [31, -1, 2.5]) {
      expect(problems({ periods: [{ ...morning, restMinutes: bad }] })).toEqual([
        'periods.0.restMinutes slots.restRange',
      ]);
    }
  });

  it('refuses an end before the start, a period too short and overlaps', () => {
    expect(problems({ periods: [{ ...morning, endTime: '08:00' }] })).toEqual([
      'periods.0.endTime slots.endBeforeStart',
    ]);
    expect(problems({ periods: [{ ...morning, endTime: '08:20' }] })).toEqual([
      'periods.0.sessionMinutes slots.periodTooShort',
    ]);
    expect(problems({ periods: [afternoon, { ...morning, endTime: '14:10' }] })).toEqual([
      'periods.0.startTime slots.overlap',
    ]);
    // touching periods do not overlap
    expect(problems({ periods: [morning, { ...afternoon, startTime: '11:30' }] })).toEqual([]);
  });

  it('refuses unknown fields and too many periods', () => {
    expect(problems({ periods: [{ ...morning, extra: 1 }] })).toEqual(['extra validation.unknownField']);
    const many = Array.from({ length: 13 }, (_, i) => ({
      startTime: `${String(i + 6).padStart(2, '0')}:00`,
      endTime: `${String(i + 6).padStart(2, '0')}:30`,
      sessionMinutes: 30,
      restMinutes: 0,
    }));
    expect(problems({ periods: many })).toEqual(['periods slots.tooManyPeriods']);
  });
});

describe('scheduled job input', () => {
  it('takes parameters as an object or as JSON text', () => {
    expect(jobParamsSchema.parse('{"retentionDays": 30}')).toEqual({ retentionDays: 30 });
    expect(jobParamsSchema.parse({ a: 1 })).toEqual({ a: 1 });
    expect(jobParamsSchema.parse('')).toEqual({});
    expect(jobParamsSchema.parse(undefined)).toEqual({});
    for (const bad of ['[1]', '{x', '3', 'null']) expect(jobParamsSchema.safeParse(bad).success).toBe(false);
  });
  it('requires bean name and cron, refusing odd characters in the cron', () => {
    const r = jobSaveSchema.safeParse({ beanName: '', cronExpression: '0 * * * * ;' });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(issuesToProblems(r.error.issues).map((p) => `${p.field} ${p.key}`)).toEqual([
      'beanName validation.required',
      'cronExpression jobs.invalidCron',
    ]);
  });
});
