import { useQuery } from '@tanstack/react-query';
import { dashboardEndpoints } from '@rehab/shared';
import { endpointQuery } from '../../../lib/endpoints';

/** The counts behind the home cards, of the organization and the department (0: the whole organization). */
export const homeCountsQuery = (organizationId: number, officeId: number | undefined) =>
  endpointQuery(
    dashboardEndpoints.info,
    { params: { organizationId, officeId: officeId ?? 0 } },
    { select: (r) => r.data, staleTime: 60_000, retry: false },
  );

export function useHomeCounts(organizationId: number | undefined, officeId: number | undefined, enabled: boolean) {
  return useQuery({ ...homeCountsQuery(organizationId ?? 0, officeId), enabled: enabled && Boolean(organizationId) });
}
