import { endpoints, type TreeOption } from '@rehab/shared';
import { useEndpointQuery } from '../endpoints';

/** An organization in a pick list. */
export type OrganizationOption = TreeOption;

/** Organizations the caller assigns. */
export const useOrganizationOptions = () =>
  useEndpointQuery(endpoints.organizations.box, {}, { select: (r) => r.data, staleTime: 30_000 });
