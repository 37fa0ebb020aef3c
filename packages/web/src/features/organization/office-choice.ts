import type { OfficeRef } from '../../lib/session';

/**
 * Whether entering an organization needs a department choice first: only when the user works in more than one
 * department there (the server picks the only one itself). The preselected one is the current department when
 * the user re-enters the current organization.
 */
export function officeChoice(
  offices: readonly OfficeRef[],
  current: { organizationId: number | null; officeId: number | null },
  organizationId: number,
): { needed: boolean; preselected: number | null } {
  if (offices.length <= 1) return { needed: false, preselected: offices[0]?.id ?? null };
  const mine = current.organizationId === organizationId ? offices.find((o) => o.id === current.officeId) : undefined;
  return { needed: true, preselected: mine?.id ?? null };
}
