import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@rehab/shared';
import { api } from '../../../lib/api';
import { loadMenu } from '../../../lib/menu';
import { queryClient } from '../../../lib/query-client';
import { session, type OfficeRef, type OrganizationRef } from '../../../lib/session';

/** A card of the checkout screen: an organization and the departments the user works in there. */
export type SelectableOrganization = OrganizationRef & { offices: OfficeRef[] };

/** Cards per page of the checkout screen. */
export const CHECKOUT_PAGE_SIZE = 12;

/** GET /sys/organization/chooseOrganizationList: the organizations the signed-in user may enter. */
export function useSelectableOrganizations(page: number) {
  return useQuery({
    queryKey: ['sys', 'organization', 'chooseOrganizationList', session.get().user?.id, page],
    queryFn: async () =>
      (
        await api.get<{ data: Page<SelectableOrganization> }>('/sys/organization/chooseOrganizationList', {
          page,
          limit: CHECKOUT_PAGE_SIZE,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

type ChosenOrganization = {
  organization: OrganizationRef;
  office: OfficeRef | null;
  offices: OfficeRef[];
  needSelectOffice: boolean;
  roleIdList: number[];
  caIntegration: boolean;
};

/**
 * Makes an organization (and department) current: GET /sys/organization/chooseOrganization, then the session
 * takes the organization, its departments, the role ids there and the CA setting, and the menu of that
 * organization is loaded (spec section 4, Sign-in flow step 7). Data cached for the previous organization is
 * dropped.
 */
export async function enterOrganization(organizationId: number, officeId?: number) {
  const { data } = await api.get<{ data: ChosenOrganization }>('/sys/organization/chooseOrganization', {
    id: organizationId,
    officeId,
  });
  session.update({
    organization: data.organization,
    office: data.office,
    offices: data.offices,
    roleIdList: data.roleIdList,
    caIntegration: data.caIntegration,
  });
  await loadMenu();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[2] !== 'chooseOrganizationList' });
  return data;
}
