import { breakEndpoints } from '@rehab/shared';
import { callEndpoint } from '../../../lib/endpoints';

/**
 * The active window or the next within 24 h, in the current language (public, breakEndpoints.current). A plain
 * call rather than a query hook, because the login page (everyone's first download) uses it.
 */
export const fetchCurrentBreak = async () => (await callEndpoint(breakEndpoints.current)).data;

/** How often a screen that shows the notice asks again: a window starting or ending shows within a minute. */
export const CURRENT_BREAK_REFRESH_MS = 60_000;
