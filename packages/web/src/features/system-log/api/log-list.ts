import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { logsEndpoints, type LogListQuery } from '@rehab/shared';
import { endpointQuery } from '../../../lib/endpoints';
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
