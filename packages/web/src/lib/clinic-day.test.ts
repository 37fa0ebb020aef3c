import { afterEach, describe, expect, it } from 'vitest';
import { clinicNow, clinicTimeZone, clinicToday, clinicTodayText, isTimeZone } from './clinic-day';

// 17:30 UTC on 22 November: already 01:30 on the 23rd in Shanghai, still the 22nd in New York and Los Angeles
const EVENING_UTC = Date.UTC(2026, 10, 22, 17, 30);
const savedTz = process.env.TZ;

describe('the clinic day', () => {
  afterEach(() => {
    process.env.TZ = savedTz;
  });

  it("is the clinic's date, not the computer's", () => {
    expect(clinicTodayText(EVENING_UTC, 'Asia/Shanghai')).toBe('2026-11-23');
    expect(clinicTodayText(EVENING_UTC, 'America/New_York')).toBe('2026-11-22');
    expect(clinicTodayText(Date.UTC(2026, 10, 22, 15, 59), 'Asia/Shanghai')).toBe('2026-11-22');
  });

  it('takes the zone of the runtime config, Asia/Shanghai by default', () => {
    expect(clinicTimeZone()).toBe('Asia/Shanghai');
    expect(clinicTodayText(EVENING_UTC)).toBe('2026-11-23');
  });

  it('falls back to Asia/Shanghai for an empty or unknown zone', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(clinicTimeZone('')).toBe('Asia/Shanghai');
    expect(clinicTimeZone('Mars/Olympus')).toBe('Asia/Shanghai');
    expect(clinicTodayText(EVENING_UTC, 'Mars/Olympus')).toBe('2026-11-23');
  });

  for (const browserZone of ['UTC', 'America/Los_Angeles', 'Asia/Shanghai', 'Pacific/Kiritimati']) {
    it(`reads the clinic's wall clock in a browser on ${browserZone}`, () => {
      process.env.TZ = browserZone;
      const now = clinicNow(EVENING_UTC, 'Asia/Shanghai');
      expect(now.format('YYYY-MM-DD HH:mm')).toBe('2026-11-23 01:30');
      const today = clinicToday(EVENING_UTC, 'Asia/Shanghai');
      expect(today.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-23 00:00:00');
      // what the pickers ask: a day after today is disabled, today and before are not
      const browserDay = (text: string) => clinicToday(new Date(`${text}T12:00:00Z`), 'UTC');
      expect(browserDay('2026-11-24').isAfter(today, 'day')).toBe(true);
      expect(browserDay('2026-11-23').isAfter(today, 'day')).toBe(false);
      expect(browserDay('2026-11-22').isBefore(today, 'day')).toBe(true);
    });
  }
});
