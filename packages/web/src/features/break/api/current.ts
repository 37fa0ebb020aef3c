import type { CurrentBreak } from '@rehab/shared';
import { api } from '../../../lib/api';

/**
 * GET /sys/break/current (public): the active window or the next within 24 h, in the current language. A file of
 * its own, without the query library, because the login page (everyone's first download) imports it.
 */
export const fetchCurrentBreak = async () => (await api.get<{ data: CurrentBreak | null }>('/sys/break/current')).data;

/** How often a screen that shows the notice asks again: a window starting or ending shows within a minute. */
export const CURRENT_BREAK_REFRESH_MS = 60_000;
