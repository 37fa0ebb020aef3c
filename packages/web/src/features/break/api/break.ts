import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { breakEndpoints, type BreakSaveInput, type EndpointInput } from '@rehab/shared';
import { callEndpoint, endpointKey, invalidateEndpoints, useEndpointQuery } from '../../../lib/endpoints';

export type BreakListParams = EndpointInput<typeof breakEndpoints.list>['query'];

/** Every query of the maintenance windows (the list and the current notice): what a change refreshes. */
const BREAK_KEY = endpointKey(breakEndpoints.list).slice(0, 2);

/** One page of the maintenance windows, the latest start first. */
export const useBreakList = (params: BreakListParams) =>
  useEndpointQuery(
    breakEndpoints.list,
    { query: params },
    { select: (r) => r.data, placeholderData: keepPreviousData },
  );

/** Saves a new window, or updates the one with the id; the list and the notice refresh. */
export function useSaveBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...values }: BreakSaveInput & { id?: number }) =>
      (id
        ? await callEndpoint(breakEndpoints.update, { body: { id, ...values } })
        : await callEndpoint(breakEndpoints.save, { body: values })
      ).data,
    onSuccess: () => invalidateEndpoints(queryClient, [BREAK_KEY]),
  });
}

export type BreakAction = 'end' | 'delete';

/** Ends an active window now, or deletes a window; the list and the notice refresh. */
export function useBreakAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: BreakAction; id: number }) =>
      action === 'end'
        ? callEndpoint(breakEndpoints.end, { body: { id } })
        : callEndpoint(breakEndpoints.delete, { body: [id] }),
    onSuccess: () => invalidateEndpoints(queryClient, [BREAK_KEY]),
  });
}
