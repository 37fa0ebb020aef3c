import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { session } from '../../lib/session';
import { scheduleViewFilter, scheduleViewQuery, viewDay } from './api';

/**
 * Called by the schedule view's route on entry: asks for the day's cards (the URL's ?date=, today without) (with the page's default filter) and the
 * page's strings while the page's code is still downloading, so the cards can paint as soon as the page renders.
 * Without a session there is nothing to ask (the page shows its sign-in notice).
 */
export function prefetchScheduleView(master: boolean, date: string | null) {
  void i18n.loadNamespaces('scheduling');
  const { token, organization } = session.get();
  if (!token || !organization) return;
  void queryClient.prefetchQuery(scheduleViewQuery(master, scheduleViewFilter(master, viewDay(date))));
}
