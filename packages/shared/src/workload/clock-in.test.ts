import { describe, expect, it } from 'vitest';
import { CLOCK_IN_PERMISSION, isClockInPrompted, isClockInShown, preselectedTeamId } from './clock-in';

const perms = [CLOCK_IN_PERMISSION, 'sys:index:info'];

describe('isClockInShown (spec section 4, post clock-in)', () => {
  it('shows for each treating role with the flag and the permission', () => {
    for (const role of [10, 11, 12]) {
      expect(isClockInShown({ roleIds: [role], permissions: perms, needCheckIn: true })).toBe(true);
    }
    expect(isClockInShown({ roleIds: [10, 19], permissions: perms, needCheckIn: true })).toBe(true);
  });
  it('never shows for role 1, even together with a treating role', () => {
    expect(isClockInShown({ roleIds: [1], permissions: perms, needCheckIn: true })).toBe(false);
    expect(isClockInShown({ roleIds: [1, 10], permissions: perms, needCheckIn: true })).toBe(false);
  });
  it('does not show for roles outside 10, 11, 12', () => {
    expect(isClockInShown({ roleIds: [19], permissions: perms, needCheckIn: true })).toBe(false);
    expect(isClockInShown({ roleIds: [], permissions: perms, needCheckIn: true })).toBe(false);
    expect(isClockInShown({ roleIds: [13, 100], permissions: perms, needCheckIn: true })).toBe(false);
  });
  it('needs the check-required flag to be true (false, unknown or loading hide it)', () => {
    expect(isClockInShown({ roleIds: [10], permissions: perms, needCheckIn: false })).toBe(false);
    expect(isClockInShown({ roleIds: [10], permissions: perms, needCheckIn: null })).toBe(false);
    expect(isClockInShown({ roleIds: [10], permissions: perms, needCheckIn: undefined })).toBe(false);
  });
  it('needs sys:user:clockIn', () => {
    expect(isClockInShown({ roleIds: [10], permissions: ['sys:index:info'], needCheckIn: true })).toBe(false);
    expect(isClockInShown({ roleIds: [10], permissions: new Set(perms), needCheckIn: true })).toBe(true);
  });
});

describe('isClockInPrompted', () => {
  const base = { roleIds: [10], permissions: perms, needCheckIn: true };
  it('opens by itself on the first screen after sign-in when not clocked in today', () => {
    expect(isClockInPrompted({ ...base, isFirst: true, checkedToday: false })).toBe(true);
  });
  it('stays closed once isFirst is cleared, once clocked in, or while today is unknown', () => {
    expect(isClockInPrompted({ ...base, isFirst: false, checkedToday: false })).toBe(false);
    expect(isClockInPrompted({ ...base, isFirst: true, checkedToday: true })).toBe(false);
    expect(isClockInPrompted({ ...base, isFirst: true, checkedToday: undefined })).toBe(false);
  });
  it('never opens when the control is not shown', () => {
    expect(isClockInPrompted({ ...base, roleIds: [1, 10], isFirst: true, checkedToday: false })).toBe(false);
    expect(isClockInPrompted({ ...base, needCheckIn: false, isFirst: true, checkedToday: false })).toBe(false);
  });
});

describe('preselectedTeamId', () => {
  it('prefers today’s team, then the default team, then the only team', () => {
    expect(preselectedTeamId({ todayTeamId: 3, defaultTeamId: 2, teamIds: [1, 2, 3] })).toBe(3);
    expect(preselectedTeamId({ todayTeamId: null, defaultTeamId: 2, teamIds: [1, 2, 3] })).toBe(2);
    expect(preselectedTeamId({ todayTeamId: null, defaultTeamId: null, teamIds: [7] })).toBe(7);
  });
  it('ignores teams that are not offered and answers null when nothing fits', () => {
    expect(preselectedTeamId({ todayTeamId: 9, defaultTeamId: 8, teamIds: [1, 2] })).toBe(null);
    expect(preselectedTeamId({ todayTeamId: 9, defaultTeamId: 2, teamIds: [1, 2] })).toBe(2);
    expect(preselectedTeamId({ todayTeamId: null, defaultTeamId: null, teamIds: [] })).toBe(null);
  });
});
