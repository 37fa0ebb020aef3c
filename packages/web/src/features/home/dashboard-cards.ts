import { hasPermission, isAdminRoleSet, Perm, type HomeCounts } from '@rehab/shared';
import { href, paths, UNASSIGNED_QUERY_KEY } from '../../lib/paths';

/** Home counts (spec section 3). */
export type { HomeCounts };

export type DashboardCard = {
  key:
    | 'unreadMessages'
    | 'unplannedPatients'
    | 'unfinishedOrders'
    | 'unfinishedAssessments'
    | 'finishedOrders'
    | 'unassignedTherapist';
  field: keyof HomeCounts;
  /** permission code that shows the card; null: always shown */
  perm: string | null;
  /** the screen the card opens (spec section 2, Home dashboard cards) */
  to: string;
};

/** The cards of spec section 2 in the order they show. */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  { key: 'unreadMessages', field: 'msgCount', perm: null, to: '/email/my-news' },
  // the spec maps unplanned patients to the unfinished orders list too (it may be a typo in the original)
  { key: 'unplannedPatients', field: 'nonprogrammable', perm: Perm.cardUnplanPatient, to: '/order/my?action=unfinish' },
  { key: 'unfinishedOrders', field: 'undoneTotal', perm: Perm.cardUnfinishReferral, to: '/order/my?action=unfinish' },
  { key: 'unfinishedAssessments', field: 'asCount', perm: Perm.cardUnfinishedAssess, to: '/recovery/list' },
  { key: 'finishedOrders', field: 'doneTotal', perm: Perm.cardFinishedReferral, to: '/order/my?action=finished' },
  {
    key: 'unassignedTherapist',
    field: 'unAssignedCount',
    perm: Perm.cardNotSpecified,
    to: href(paths.patientManage, {}, { [UNASSIGNED_QUERY_KEY]: 1 }),
  },
];

/**
 * Cards a user sees: administrators (roles 1 and 19) only the unread-message card (spec section 6); everyone else
 * the unread-message card and each card whose permission code they hold.
 */
export function visibleCards(roleIdList: readonly number[], permissions: readonly string[]): DashboardCard[] {
  if (isAdminRoleSet(roleIdList)) return DASHBOARD_CARDS.filter((c) => c.perm === null);
  return DASHBOARD_CARDS.filter((c) => c.perm === null || hasPermission(permissions, c.perm));
}

/**
 * Where a card leads, or null when the user cannot open that screen (it is not in their menus, or not built yet):
 * such a card shows its count but is not a link, so nobody lands on a dead page.
 */
export function cardTarget(card: DashboardCard, openableUrls: ReadonlySet<string>): string | null {
  const pathname = card.to.split('?')[0]!;
  return openableUrls.has(pathname) ? card.to : null;
}
