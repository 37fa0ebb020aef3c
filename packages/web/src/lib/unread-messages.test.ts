import { describe, expect, it } from 'vitest';
import { badgeText, bannerShown } from './unread-messages';

describe('badgeText', () => {
  it('shows the count, 99+ above 99 and nothing at 0', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('bannerShown', () => {
  it('shows unread mail until closed, and again only for a newer message', () => {
    expect(bannerShown(0, null, null)).toBe(false);
    expect(bannerShown(2, 41, null)).toBe(true);
    // closed at message 41: the next page load keeps it closed
    expect(bannerShown(2, 41, 41)).toBe(false);
    // the user read one: still closed
    expect(bannerShown(1, 40, 41)).toBe(false);
    // a new message arrives
    expect(bannerShown(3, 42, 41)).toBe(true);
    // unread mail without a newest message: closed stays closed
    expect(bannerShown(1, null, 0)).toBe(false);
  });
});
