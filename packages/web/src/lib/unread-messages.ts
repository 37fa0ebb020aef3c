import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@rehab/shared';
import { api } from './api';
import { useSession } from './session';

/** Query key of the unread count: the message screens refresh it after marking read or deleting. */
export const UNREAD_MESSAGES_KEY = ['messages', 'unread'] as const;

/** Spec section 4: unread messages are fetched 800 ms after the shell opens. */
export const UNREAD_FIRST_FETCH_MS = 800;

/** The badge text: the count, "99+" above 99 (spec section 9), nothing at 0. */
export const badgeText = (count: number) => (count > 99 ? '99+' : count > 0 ? String(count) : '');

/** POST /sys/message/countUnreadMessage for the current organization, first 800 ms after the shell opens. */
export function useUnreadMessages() {
  const { token, organization } = useSession();
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), UNREAD_FIRST_FETCH_MS);
    return () => clearTimeout(timer);
  }, []);
  return useQuery({
    queryKey: [...UNREAD_MESSAGES_KEY, organization?.id ?? 0],
    queryFn: async () => (await api.post<{ data: UnreadCount }>('/sys/message/countUnreadMessage')).data,
    enabled: due && Boolean(token && organization),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}
