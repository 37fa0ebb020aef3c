import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, VersionRow, VersionSaveInput } from '@rehab/shared';
import { api } from '../../../lib/api';

export type VersionListParams = { page: number; limit: number; version?: string };

/** POST /sys/version/pageInfo: one page of the versions (platform-wide). */
export const versionListQuery = (params: VersionListParams) =>
  queryOptions({
    queryKey: ['versions', 'list', params],
    queryFn: async () => (await api.post<{ data: Page<VersionRow> }>('/sys/version/pageInfo', params)).data,
    placeholderData: keepPreviousData,
  });

export const useVersionList = (params: VersionListParams) => useQuery(versionListQuery(params));

/** POST /sys/version/save, or /sys/version/update with an id; the list refreshes. */
export function useSaveVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: VersionSaveInput & { id?: number }) =>
      (await api.post<{ data: VersionRow }>(`/sys/version/${values.id ? 'update' : 'save'}`, values)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['versions'] }),
  });
}
