import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { messagesEndpoints } from '@rehab/shared';
import { endpointKey, endpointQuery } from './endpoints';
import { useSession } from './session';

/** Query key of the unread count: the message screens refresh it after marking read or deleting. */
export const UNREAD_MESSAGES_KEY = endpointKey(messagesEndpoints.unreadCount);

/** Spec section 4: unread messages are fetched 800 ms after the shell opens. */
export const UNREAD_FIRST_FETCH_MS = 800;

/** The badge text: the count, "99+" above 99 (spec section 9), nothing at 0. */
export const badgeText = (count: number) => (count > 99 ? '99+' : count > 0 ? String(count) : '');

/** The unread count of the current organization, first 800 ms after the shell opens. */
export function useUnreadMessages() {
  const { token, organization } = useSession();
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), UNREAD_FIRST_FETCH_MS);
    return () => clearTimeout(timer);
  }, []);
  return useQuery(
    endpointQuery(
      messagesEndpoints.unreadCount,
      {},
      {
        select: (r) => r.data,
        keySuffix: [organization?.id ?? 0],
        enabled: due && Boolean(token && organization),
        staleTime: 60_000,
        refetchOnWindowFocus: true,
      },
    ),
  );
}

/** Where the dismissal of the new-message banner is kept: per user and organization, across page loads. */
export const bannerDismissKey = (userId: number, organizationId: number) =>
  `messageBannerDismissed.${userId}.${organizationId}`;

/**
 * Whether the new-message banner shows: there is unread mail, and its newest message is newer than the one that was
 * newest when the user closed (or followed) the banner. A dismissal holds over page loads until a new message comes.
 * `dismissedLatest` is the newest id at dismissal (0 when unread mail had no newest message), null when never closed.
 */
export function bannerShown(count: number, latestId: number | null | undefined, dismissedLatest: number | null) {
  if (count <= 0) return false;
  return dismissedLatest === null || (latestId ?? 0) > dismissedLatest;
}
