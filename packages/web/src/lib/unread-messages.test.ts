import { describe, expect, it } from 'vitest';
import { badgeText } from './unread-messages';

describe('badgeText', () => {
  it('shows the count, 99+ above 99 and nothing at 0', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
