import { describe, expect, it } from 'vitest';
import { describeCron } from './cron-text';

describe('describeCron', () => {
  it('describes the shapes of the shipped jobs in both languages', () => {
    expect(describeCron('0 1 0 * * ?', 'en')).toBe('Daily at 00:01');
    expect(describeCron('0 1 0 * * ?', 'zh-CN')).toBe('每天 00:01');
    expect(describeCron('0 * * * * ?', 'en')).toBe('Every minute');
    expect(describeCron('0 */5 * * * ?', 'zh-CN')).toBe('每 5 分钟');
    expect(describeCron('*/10 * * * * ?', 'en')).toBe('Every 10 seconds');
    expect(describeCron('0 0 * * * ?', 'en')).toBe('Every hour at minute 0');
    expect(describeCron('0 0 8 * * ?', 'en')).toBe('Daily at 08:00');
  });
  it('reads five fields as minute first, weekdays, days of the month', () => {
    expect(describeCron('30 2 * * *', 'en')).toBe('Daily at 02:30');
    expect(describeCron('0 0 9 ? * MON-FRI', 'en')).toBe('Weekdays at 09:00');
    expect(describeCron('0 0 9 ? * 1', 'zh-CN')).toBe('每周一 09:00');
    expect(describeCron('0 0 6 1 * ?', 'en')).toBe('Monthly on day 1 at 06:00');
  });
  it('answers null for what it cannot put in words', () => {
    expect(describeCron('0 0 9 1,15 * ?', 'en')).toBeNull();
    expect(describeCron('0 0 9 * 1-6 ?', 'en')).toBeNull();
    expect(describeCron('nonsense', 'en')).toBeNull();
  });
});
