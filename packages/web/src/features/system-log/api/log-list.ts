import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LogListQuery, LogRow, Page } from '@rehab/shared';
import { request } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/** GET /sys/log/list: one page of the current organization's operation log. */
export const logListQuery = (organizationId: number, params: LogListQuery) =>
  queryOptions({
    queryKey: ['system-log', organizationId, params],
    queryFn: async ({ signal }) =>
      (await request<{ data: Page<LogRow> }>('GET', '/sys/log/list', { query: params, signal })).data,
    placeholderData: keepPreviousData,
  });

export function useLogList(params: LogListQuery) {
  const { organization } = useSession();
  return useQuery(logListQuery(organization?.id ?? 0, params));
}
