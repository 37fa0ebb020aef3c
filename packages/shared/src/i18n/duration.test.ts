import { describe, expect, it } from 'vitest';
import { translate } from './catalog';
import { durationText } from './duration';

describe('durationText', () => {
  it('names whole hours, minutes and seconds in both languages', () => {
    expect(durationText(3_600_000, 'zh-CN')).toBe('1 小时');
    expect(durationText(3_600_000, 'en')).toBe('1 hour');
    expect(durationText(30 * 60_000, 'en')).toBe('30 minutes');
    expect(durationText(90_000, 'en')).toBe('90 seconds');
    expect(durationText(6_000, 'zh-CN')).toBe('6 秒');
  });
  it('fills the idle-timeout message with the configured limit', () => {
    expect(translate('en', 'error.sessionExpired', { limit: durationText(1_800_000, 'en') })).toBe(
      'The system has been idle for over 30 minutes, please log in again.',
    );
    expect(translate('zh-CN', 'error.sessionExpired', { limit: durationText(3_600_000, 'zh-CN') })).toBe(
      '系统闲置超过 1 小时，请重新登录。',
    );
  });
});
