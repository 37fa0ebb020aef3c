import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OUTPATIENT_NO_FORMAT,
  formatOutpatientNo,
  outpatientCounterPeriod,
  outpatientFormatProblem,
} from './numbering';

describe('outpatient numbers', () => {
  it('formats the date tokens and the zero-padded counter', () => {
    expect(formatOutpatientNo(DEFAULT_OUTPATIENT_NO_FORMAT, '2026-11-27', 42)).toBe('MZ2026000042');
    expect(formatOutpatientNo('{YY}{MM}{DD}-{SEQ:4}', '2026-01-05', 7)).toBe('260105-0007');
    expect(formatOutpatientNo('M{SEQ:3}', '2026-01-05', 12345)).toBe('M12345');
  });

  it('counts per the finest date token of the format', () => {
    expect(outpatientCounterPeriod(DEFAULT_OUTPATIENT_NO_FORMAT, '2026-11-27')).toBe('2026');
    expect(outpatientCounterPeriod('{YY}{MM}{SEQ:4}', '2026-11-27')).toBe('202611');
    expect(outpatientCounterPeriod('{DD}{SEQ:4}', '2026-11-27')).toBe('20261127');
    expect(outpatientCounterPeriod('MZ{SEQ:8}', '2026-11-27')).toBe('all');
  });

  it('refuses a format that cannot number', () => {
    expect(outpatientFormatProblem(DEFAULT_OUTPATIENT_NO_FORMAT)).toBeNull();
    expect(outpatientFormatProblem('MZ{YYYY}')).toMatch(/SEQ/);
    expect(outpatientFormatProblem('{SEQ:4}{SEQ:4}')).toMatch(/exactly one/);
    expect(outpatientFormatProblem('{SEQ:0}')).toMatch(/1 to 10/);
    expect(outpatientFormatProblem('{YYYY}{HH}{SEQ:4}')).toMatch(/unknown token/);
    expect(outpatientFormatProblem(`${'X'.repeat(25)}{SEQ:6}`)).toMatch(/30 characters/);
  });
});
