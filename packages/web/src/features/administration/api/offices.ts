import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OfficeRow, OfficeSaveInput, Page } from '@rehab/shared';
import { api } from '../../../lib/api';
import { useAdminMutation } from './admin-query';

const OFFICES = ['admin', 'offices'];

export const useOfficeList = (query: { page: number; limit: number; name?: string; officeTypeId?: number }) =>
  useQuery({
    queryKey: [...OFFICES, 'list', query],
    queryFn: async () => (await api.post<{ data: Page<OfficeRow> }>('/sys/office/list', query)).data,
    placeholderData: keepPreviousData,
  });

/** GET /sys/officetpye/select: the department types of the organization (a master-data entity). */
export const useOfficeTypes = () =>
  useQuery({
    queryKey: ['admin', 'officeTypes'],
    queryFn: async () => (await api.get<{ data: { id: number; name: string }[] }>('/sys/officetpye/select')).data,
    staleTime: 60_000,
  });

export const useSaveOffice = () =>
  useAdminMutation<OfficeSaveInput & { id?: number }>((v) => `/sys/office/${v.id ? 'update' : 'save'}`, [OFFICES]);
export const useDeleteOffice = () =>
  useAdminMutation<{ id: number }>(
    (v) => `/sys/office/delete/${v.id}`,
    [OFFICES],
    () => ({}),
  );
