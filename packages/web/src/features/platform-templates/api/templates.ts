import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { masterDataReads, type OrganizationTemplateRow, type TemplateListByTypeQuery } from '@rehab/shared';
import { api } from '../../../lib/api';
import { invalidateEndpoints } from '../../../lib/endpoints';

const KEY = ['organization-templates'] as const;

/** POST /sys/organizationConfig/getTemplateListByTypeList: the enabled platform templates of some project types. */
export const useOrganizationTemplates = (query: TemplateListByTypeQuery) =>
  useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: async () =>
      (await api.post<{ data: OrganizationTemplateRow[] }>('/sys/organizationConfig/getTemplateListByTypeList', query))
        .data,
    placeholderData: (previous) => previous,
  });

/** GET /template/info/{id}: one platform template, with the organization's copy when imported. */
export const useTemplateInfo = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, 'info', id],
    queryFn: async () => (await api.get<{ data: OrganizationTemplateRow }>(`/template/info/${id}`)).data,
    enabled: id !== null,
  });

/** POST /sys/platformTemplate/import: copies templates into the organization's treatment projects. */
export function useImportTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      (await api.post<{ data: { imported: number; skipped: number } }>('/sys/platformTemplate/import', { ids })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      // the treatment projects screen (master-data engine) lists the copies
      void invalidateEndpoints(queryClient, masterDataReads());
    },
  });
}
