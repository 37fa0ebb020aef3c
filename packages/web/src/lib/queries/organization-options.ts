import { organizationsEndpoints, type TreeOption } from '@rehab/shared';
import { useEndpointQuery } from '../endpoints';

/** An organization in a pick list. */
export type OrganizationOption = TreeOption;

/** Organizations the caller assigns. */
export const useOrganizationOptions = () =>
  useEndpointQuery(organizationsEndpoints.box, {}, { select: (r) => r.data, staleTime: 30_000 });
