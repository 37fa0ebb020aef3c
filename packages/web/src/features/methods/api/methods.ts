import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MethodRow, MethodSaveInput, MethodUpdateInput, ScaleSummary } from '@rehab/shared';
import { api, request } from '../../../lib/api';

export type MethodSearch = { keyword?: string; phase?: number; status?: number };
type Page<T> = { list: T[]; totalCount: number; pageSize: number; currPage: number; totalPage: number };

/** POST /sys/method/list: one page of the organization's assessment methods. */
export const useMethods = (search: MethodSearch, page: number, limit: number) =>
  useQuery({
    queryKey: ['methods', 'list', search, page, limit],
    queryFn: async () =>
      (await api.post<{ data: Page<MethodRow> }>('/sys/method/list', { ...search, page, limit })).data,
  });

/** The scale codes the organization already uses (the add form offers the others). */
export const useUsedScaleCodes = () =>
  useQuery({
    queryKey: ['methods', 'used'],
    queryFn: async () =>
      (await api.post<{ data: Page<MethodRow> }>('/sys/method/list', { page: 1, limit: 1000 })).data.list.map(
        (r) => r.scaleCode,
      ),
  });

/** GET /scales: the platform catalogue (the same cache entry as the scale library). */
export const useCatalogue = () =>
  useQuery({
    queryKey: ['scales'],
    queryFn: async ({ signal }) => (await request<{ data: ScaleSummary[] }>('GET', '/scales', { signal })).data,
    staleTime: Infinity,
  });

function useMethodMutation<T>(call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['methods'] }),
  });
}

export const useSaveMethod = () =>
  useMethodMutation((input: MethodSaveInput | MethodUpdateInput) =>
    'id' in input ? api.post('/sys/method/update', input) : api.post('/sys/method/save', input),
  );

export const useDeleteMethod = () => useMethodMutation((id: number) => api.post(`/sys/method/delete/${id}`));

/** Every assessment method of the organization in its order (the arrange dialog). */
export const useAllMethods = (enabled: boolean) =>
  useQuery({
    queryKey: ['methods', 'all'],
    queryFn: async () =>
      (await api.post<{ data: Page<MethodRow> }>('/sys/method/list', { page: 1, limit: 1000 })).data.list,
    enabled,
  });

/** POST /sys/method/updateProjects: the enabled methods in their order; the others are disabled and follow. */
export const useUpdateProjects = () =>
  useMethodMutation((ids: number[]) => api.post('/sys/method/updateProjects', { ids }));
