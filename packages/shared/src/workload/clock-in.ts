import { hasPermission } from '../permissions';
import { isClockInEligible } from '../roles';

/** The permission code that allows post clock-in (spec section 6). */
export const CLOCK_IN_PERMISSION = 'sys:user:clockIn';

export type ClockInVisibilityInput = {
  /** the roles held in the current organization */
  roleIds: readonly number[];
  /** the permission codes of the session */
  permissions: Iterable<string>;
  /** the check-required flag (`POST /sys/checkin/needCheckIn`); unknown (still loading) counts as false */
  needCheckIn: boolean | null | undefined;
};

/**
 * Post clock-in visibility, exactly as spec section 4: shown for users whose role ids include 10, 11 or 12 and not 1,
 * when the check-required flag is true and the user holds `sys:user:clockIn`.
 */
export function isClockInShown(input: ClockInVisibilityInput): boolean {
  return (
    isClockInEligible(input.roleIds) &&
    input.needCheckIn === true &&
    hasPermission(input.permissions, CLOCK_IN_PERMISSION)
  );
}

/**
 * Whether the clock-in dialog opens by itself: the control is shown, this is the first screen after signing in
 * (`isFirst`), and the user has not clocked in today in this organization. After a clock-in (or the dialog being
 * closed) `isFirst` is cleared, so it opens once per sign-in.
 */
export function isClockInPrompted(
  input: ClockInVisibilityInput & { isFirst: boolean; checkedToday: boolean | null | undefined },
): boolean {
  return isClockInShown(input) && input.isFirst && input.checkedToday === false;
}

/**
 * The team preselected in the dialog: today's clock-in team when there is one, else the user's default team,
 * else the only team offered; null when there is nothing to preselect.
 */
export function preselectedTeamId(input: {
  todayTeamId: number | null | undefined;
  defaultTeamId: number | null | undefined;
  teamIds: readonly number[];
}): number | null {
  const { todayTeamId, defaultTeamId, teamIds } = input;
  if (todayTeamId && teamIds.includes(todayTeamId)) return todayTeamId;
  if (defaultTeamId && teamIds.includes(defaultTeamId)) return defaultTeamId;
  return teamIds.length === 1 ? teamIds[0]! : null;
}
