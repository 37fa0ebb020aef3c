import { useQuery } from '@tanstack/react-query';
import type { NameLang } from '@rehab/shared';
import { api } from '../api';

/** An organization in a pick list. */
export type OrganizationOption = { id: number; name: string; nameLang: NameLang; parentId?: number | null };

/** GET /sys/organization/listBoxByLoginOrganizationId: organizations the caller assigns. */
export const useOrganizationOptions = () =>
  useQuery({
    queryKey: ['admin', 'organizations', 'box'],
    queryFn: async () =>
      (await api.get<{ data: OrganizationOption[] }>('/sys/organization/listBoxByLoginOrganizationId')).data,
    staleTime: 30_000,
  });
