import { keepPreviousData } from '@tanstack/react-query';
import { organizationsEndpoints, type SelectableOrganization } from '@rehab/shared';
import { callEndpoint, endpointKey, useEndpointQuery } from '../../../lib/endpoints';
import { loadMenu } from '../../../lib/menu';
import { queryClient } from '../../../lib/query-client';
import { session } from '../../../lib/session';

/** A card of the checkout screen: an organization and the departments the user works in there. */
export type { SelectableOrganization };

/** Cards per page of the checkout screen. */
export const CHECKOUT_PAGE_SIZE = 12;

/** The organizations the signed-in user may enter. */
export function useSelectableOrganizations(page: number) {
  return useEndpointQuery(
    organizationsEndpoints.chooseList,
    { query: { page, limit: CHECKOUT_PAGE_SIZE } },
    { select: (r) => r.data, placeholderData: keepPreviousData, keySuffix: [session.get().user?.id] },
  );
}

/**
 * Makes an organization (and department) current (chooseOrganization), then the session
 * takes the organization, its departments, the role ids there and the CA setting, and the menu of that
 * organization is loaded (spec section 4, Sign-in flow step 7). Data cached for the previous organization is
 * dropped.
 */
export async function enterOrganization(organizationId: number, officeId?: number) {
  const { data } = await callEndpoint(organizationsEndpoints.choose, { query: { id: organizationId, officeId } });
  session.update({
    organization: data.organization,
    office: data.office,
    offices: data.offices,
    roleIdList: data.roleIdList,
    caIntegration: data.caIntegration,
  });
  await loadMenu();
  const checkout = endpointKey(organizationsEndpoints.chooseList);
  queryClient.removeQueries({ predicate: (q) => !checkout.every((part, i) => q.queryKey[i] === part) });
  return data;
}
