import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BreakPage, BreakRow, BreakSaveInput, BreakState } from '@rehab/shared';
import { api } from '../../../lib/api';

export type BreakListParams = { page: number; limit: number; state?: BreakState };

/** GET /sys/break/list: one page of the maintenance windows, the latest start first. */
export const useBreakList = (params: BreakListParams) =>
  useQuery({
    queryKey: ['break', 'list', params],
    queryFn: async () => (await api.get<{ data: BreakPage }>('/sys/break/list', params)).data,
    placeholderData: keepPreviousData,
  });

/** POST /sys/break/save, or update with an id; the list and the notice refresh. */
export function useSaveBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: BreakSaveInput & { id?: number }) =>
      (await api.post<{ data: BreakRow }>(`/sys/break/${values.id ? 'update' : 'save'}`, values)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['break'] }),
  });
}

export type BreakAction = 'end' | 'delete';

/** POST /sys/break/end (an active window ends now) or /sys/break/delete. */
export function useBreakAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: BreakAction; id: number }) =>
      api.post(`/sys/break/${action}`, action === 'end' ? { id } : [id]),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['break'] }),
  });
}
