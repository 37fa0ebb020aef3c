import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, type OfficeSaveInput } from '@rehab/shared';
import { api } from '../../../lib/api';
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

/** GET /sys/officetpye/select: the department types of the organization (a master-data entity). */
export const useOfficeTypes = () =>
  useQuery({
    queryKey: ['admin', 'officeTypes'],
    queryFn: async () => (await api.get<{ data: { id: number; name: string }[] }>('/sys/officetpye/select')).data,
    staleTime: 60_000,
  });

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
