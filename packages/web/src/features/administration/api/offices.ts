import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { entityByName, entityEndpoints, type OfficeRow, type OfficeSaveInput, type Page } from '@rehab/shared';
import { api } from '../../../lib/api';
import { useEndpointQuery } from '../../../lib/endpoints';
import { useAdminMutation } from './admin-query';

const OFFICES = ['admin', 'offices'];

export const useOfficeList = (query: { page: number; limit: number; name?: string; officeTypeId?: number }) =>
  useQuery({
    queryKey: [...OFFICES, 'list', query],
    queryFn: async () => (await api.post<{ data: Page<OfficeRow> }>('/sys/office/list', query)).data,
    placeholderData: keepPreviousData,
  });

/** The department types of the organization: the select call of the officeType master-data entity. */
export const useOfficeTypes = () =>
  useEndpointQuery(
    entityEndpoints(entityByName('officeType')!).select,
    {},
    { select: (r) => r.data, staleTime: 60_000 },
  );

export const useSaveOffice = () =>
  useAdminMutation<OfficeSaveInput & { id?: number }>((v) => `/sys/office/${v.id ? 'update' : 'save'}`, [OFFICES]);
export const useDeleteOffice = () =>
  useAdminMutation<{ id: number }>(
    (v) => `/sys/office/delete/${v.id}`,
    [OFFICES],
    () => ({}),
  );
