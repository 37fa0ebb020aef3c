import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DictItemRow, DictItemSaveInput, DictType } from '@rehab/shared';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/** GET /sys/dict/entries/:type: one dictionary in both languages, built-in entries and the organization's own. */
export function useDictEntries(type: DictType) {
  const { organization } = useSession();
  return useQuery({
    queryKey: ['dict-entries', organization?.id ?? 0, type],
    queryFn: async () => (await api.get<{ data: DictItemRow[] }>(`/sys/dict/entries/${type}`)).data,
  });
}

/** Every query that shows dictionary entries: this screen and the dropdowns of other screens. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['dict-entries'] }),
      queryClient.invalidateQueries({ queryKey: ['dict'] }),
    ]);
}

/** POST /sys/dict/save, or /sys/dict/update with an id. */
export function useSaveDictItem() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, type, ...values }: DictItemSaveInput & { id?: number }) =>
      id ? api.post('/sys/dict/update', { id, ...values }) : api.post('/sys/dict/save', { type, ...values }),
    onSuccess: refresh,
  });
}

/** POST /sys/dict/delete. */
export function useDeleteDictItems() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: number[]) => api.post('/sys/dict/delete', { ids }),
    onSuccess: refresh,
  });
}
