import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { CurrentBreak } from '@rehab/shared';
import { breakNoticeText } from './notice-text';

// the key and its parameters, so the test sees what is asked for and in which order
const t = ((key: string, params?: Record<string, string>) =>
  params ? `${key}${JSON.stringify(params)}` : key) as unknown as TFunction<'break'>;

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const otherZone = browserZone === 'Pacific/Chatham' ? 'Asia/Shanghai' : 'Pacific/Chatham';

const current = (over: Partial<CurrentBreak>): CurrentBreak => ({
  id: 1,
  state: 'upcoming',
  startsAt: '2030-01-01T14:00:00.000Z',
  endsAt: '2030-01-01T16:00:00.000Z',
  startTime: '2030-01-01 22:00',
  endTime: '2030-01-02 00:00',
  message: 'HIS upgrade',
  blockSignIn: true,
  timezone: browserZone,
  ...over,
});

describe('breakNoticeText', () => {
  it('announces an upcoming window: when, then why, and that sign-in will pause', () => {
    const text = breakNoticeText(t, current({}));
    expect(text.title).toBe('break:notice.upcomingTitle');
    expect(text.lines).toEqual([
      'break:notice.upcomingWhen{"start":"2030-01-01 22:00","end":"2030-01-02 00:00","zone":""}',
      'HIS upgrade',
    ]);
    expect(text.signIn).toBe('break:notice.signInWillPause');
  });

  it('shows an active window: the message, then when service returns', () => {
    const text = breakNoticeText(t, current({ state: 'active', blockSignIn: false }));
    expect(text.title).toBe('break:notice.activeTitle');
    expect(text.lines[0]).toBe('HIS upgrade');
    expect(text.lines[1]).toMatch(/^break:notice\.activeWhen.*"end":"2030-01-02 00:00"/);
    expect(text.signIn).toBe('');
  });

  it("names the clinic's zone only when the browser is on another clock", () => {
    const text = breakNoticeText(t, current({ timezone: otherZone }));
    expect(text.lines[0]).toContain(`"zone":"break:notice.zone{\\"zone\\":\\"${otherZone}\\"}"`);
  });
});
