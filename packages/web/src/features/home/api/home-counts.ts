import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { HomeCounts } from '../dashboard-cards';

/** GET /sys/index/info/{organizationId}/{officeId or 0}: the counts behind the home cards. */
export const homeCountsQuery = (organizationId: number, officeId: number | undefined) =>
  queryOptions({
    queryKey: ['home-counts', organizationId, officeId ?? 0],
    queryFn: async () =>
      (await api.get<{ data: HomeCounts }>(`/sys/index/info/${organizationId}/${officeId ?? 0}`)).data,
    staleTime: 60_000,
    retry: false,
  });

export function useHomeCounts(organizationId: number | undefined, officeId: number | undefined, enabled: boolean) {
  return useQuery({ ...homeCountsQuery(organizationId ?? 0, officeId), enabled: enabled && Boolean(organizationId) });
}
