import { keepPreviousData } from '@tanstack/react-query';
import { endpoints, entityByName, entityEndpoints, type OfficeSaveInput } from '@rehab/shared';
import { callEndpoint, useEndpointQuery } from '../../../lib/endpoints';
import { useAdminMutation } from './admin-query';

/** What a department change refreshes: the list and the dropdowns. */
const OFFICES = [['sys', 'office']];

export const useOfficeList = (query: { page: number; limit: number; name?: string; officeTypeId?: number }) =>
  useEndpointQuery(
    endpoints.offices.list,
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
        ? callEndpoint(endpoints.offices.update, { body: { ...body, id } })
        : callEndpoint(endpoints.offices.save, { body }),
    OFFICES,
  );
export const useDeleteOffice = () =>
  useAdminMutation((v: { id: number }) => callEndpoint(endpoints.offices.remove, { params: { id: v.id } }), OFFICES);
