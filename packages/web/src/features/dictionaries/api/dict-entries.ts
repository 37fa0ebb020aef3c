import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dictionariesEndpoints, type DictItemSaveInput, type DictType } from '@rehab/shared';
import { callEndpoint, invalidateEndpoints, useEndpointQuery } from '../../../lib/endpoints';
import { useSession } from '../../../lib/session';

/** One dictionary in both languages, built-in entries and the organization's own. */
export function useDictEntries(type: DictType) {
  const { organization } = useSession();
  return useEndpointQuery(
    dictionariesEndpoints.entries,
    { params: { type } },
    { keySuffix: [organization?.id ?? 0], select: (r) => r.data },
  );
}

/** Every query that shows dictionary entries: this screen and the dropdowns of other screens. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => invalidateEndpoints(queryClient, [dictionariesEndpoints.entries, dictionariesEndpoints.list]);
}

/** Saves a new entry of the organization, or updates the one with the id. */
export function useSaveDictItem() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, type, ...values }: DictItemSaveInput & { id?: number }) => {
      if (id) await callEndpoint(dictionariesEndpoints.update, { body: { id, ...values } });
      else await callEndpoint(dictionariesEndpoints.save, { body: { type, ...values } });
    },
    onSuccess: refresh,
  });
}

/** Deletes entries of the organization. */
export function useDeleteDictItems() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: number[]) => callEndpoint(dictionariesEndpoints.delete, { body: { ids } }),
    onSuccess: refresh,
  });
}
