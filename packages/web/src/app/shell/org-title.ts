/** Spec section 9: the organization title is cut to 14 characters, 2 when the sidebar is collapsed. */
export const ORG_TITLE_MAX = 14;
export const ORG_TITLE_COLLAPSED_MAX = 2;

/**
 * The organization title as the shell shows it. Counts characters, not UTF-16 units, so a title with rare CJK
 * characters (surrogate pairs) is never cut in the middle of one. `cut` tells the caller to offer the full title.
 */
export function orgTitle(title: string, collapsed: boolean): { text: string; cut: boolean } {
  const chars = Array.from(title.trim());
  const max = collapsed ? ORG_TITLE_COLLAPSED_MAX : ORG_TITLE_MAX;
  if (chars.length <= max) return { text: chars.join(''), cut: false };
  return { text: `${chars.slice(0, max).join('')}…`, cut: true };
}
