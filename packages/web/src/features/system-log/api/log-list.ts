import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { logsEndpoints, type LogListQuery, type LogRow } from '@rehab/shared';
import { callEndpoint, endpointQuery } from '../../../lib/endpoints';
import { useSession } from '../../../lib/session';

/** One page of the current organization's operation log. */
export const logListQuery = (organizationId: number, params: LogListQuery) =>
  endpointQuery(
    logsEndpoints.list,
    { query: params },
    { select: (r) => r.data, placeholderData: keepPreviousData, keySuffix: [organizationId] },
  );

export function useLogList(params: LogListQuery) {
  const { organization } = useSession();
  return useQuery(logListQuery(organization?.id ?? 0, params));
}

/** At most this many rows go into one export (the log grows by thousands a day). */
export const LOG_EXPORT_MAX = 10_000;

/** Every row the filters find, newest first, page by page, up to LOG_EXPORT_MAX. */
export async function fetchLogsForExport(filters: Omit<LogListQuery, 'page' | 'limit'>): Promise<LogRow[]> {
  const limit = 1000;
  const rows: LogRow[] = [];
  for (let page = 1; rows.length < LOG_EXPORT_MAX; page++) {
    const { data } = await callEndpoint(logsEndpoints.list, { query: { ...filters, page, limit } });
    rows.push(...data.list);
    if (data.list.length < limit || rows.length >= data.totalCount) break;
  }
  return rows.slice(0, LOG_EXPORT_MAX);
}
