import { useQuery } from '@tanstack/react-query';
import type { NameLang, OrganizationConfigInput, OrganizationNode, OrganizationSaveInput } from '@rehab/shared';
import { api } from '../../../lib/api';
import { useAdminMutation } from './admin-query';

const ORGS = ['admin', 'organizations'];

export const useOrganizationTree = (name?: string) =>
  useQuery({
    queryKey: [...ORGS, 'list', name ?? ''],
    queryFn: async () => (await api.get<{ data: OrganizationNode[] }>('/sys/organization/list', { name })).data,
  });

export type ProductSwitch = { code: string; name: string; nameLang: NameLang; enabled: boolean };
export type OrganizationConfig = { organizationId: number; caIntegration: boolean; products: ProductSwitch[] };

export const useOrganizationConfig = (organizationId: number | null) =>
  useQuery({
    queryKey: [...ORGS, 'config', organizationId],
    queryFn: async () =>
      (await api.post<{ data: OrganizationConfig }>('/sys/organizationConfig/listSoftProduct', { organizationId }))
        .data,
    enabled: organizationId !== null,
  });

export type RelatedOrganization = { id: number; name: string; nameLang: NameLang };
export const useRelations = (organizationId: number | null) =>
  useQuery({
    queryKey: [...ORGS, 'relations', organizationId],
    queryFn: async () =>
      (await api.get<{ data: RelatedOrganization[] }>('/sys/relationOrganization/list', { organizationId })).data,
    enabled: organizationId !== null,
  });

export const useSaveOrganization = () =>
  useAdminMutation<OrganizationSaveInput & { id?: number }>(
    (v) => `/sys/organization/${v.id ? 'update' : 'save'}`,
    [ORGS],
  );
export const useDeleteOrganization = () =>
  useAdminMutation<{ id: number }>(
    () => '/sys/organization/delete',
    [ORGS],
    (v) => [v.id],
  );
export const useSaveOrganizationConfig = () =>
  useAdminMutation<OrganizationConfigInput>(() => '/sys/organizationConfig/save', [ORGS]);
export const useSaveRelations = () =>
  useAdminMutation<{ organizationId: number; relatedIds: number[] }>(() => '/sys/relationOrganization/save', [ORGS]);
