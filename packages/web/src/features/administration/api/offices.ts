import { keepPreviousData } from '@tanstack/react-query';
import { entityByName, entityEndpoints, officesEndpoints, type OfficeSaveInput } from '@rehab/shared';
import { callEndpoint, useEndpointQuery } from '../../../lib/endpoints';
import { useAdminMutation } from './admin-query';

/** What a department change refreshes: the list and the dropdowns. */
const OFFICES = [['sys', 'office']];

export const useOfficeList = (query: { page: number; limit: number; name?: string; officeTypeId?: number }) =>
  useEndpointQuery(
    officesEndpoints.list,
    { body: query },
    { select: (r) => r.data, placeholderData: keepPreviousData },
  );

/** The department types of the organization: the select call of the officeType master-data entity. */
export const useOfficeTypes = () =>
  useEndpointQuery(
    entityEndpoints(entityByName('officeType')!).select,
    {},
    { select: (r) => r.data, staleTime: 60_000 },
  );

export const useSaveOffice = () =>
  useAdminMutation(
    ({ id, ...body }: OfficeSaveInput & { id?: number }) =>
      id
        ? callEndpoint(officesEndpoints.update, { body: { ...body, id } })
        : callEndpoint(officesEndpoints.save, { body }),
    OFFICES,
  );
export const useDeleteOffice = () =>
  useAdminMutation((v: { id: number }) => callEndpoint(officesEndpoints.remove, { params: { id: v.id } }), OFFICES);
