import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type BreakSaveInput, type EndpointInput } from '@rehab/shared';
import { callEndpoint, endpointKey, invalidateEndpoints, useEndpointQuery } from '../../../lib/endpoints';

export type BreakListParams = EndpointInput<typeof endpoints.break.list>['query'];

/** Every query of the maintenance windows (the list and the current notice): what a change refreshes. */
const BREAK_KEY = endpointKey(endpoints.break.list).slice(0, 2);

/** One page of the maintenance windows, the latest start first. */
export const useBreakList = (params: BreakListParams) =>
  useEndpointQuery(
    endpoints.break.list,
    { query: params },
    { select: (r) => r.data, placeholderData: keepPreviousData },
  );

/** Saves a new window, or updates the one with the id; the list and the notice refresh. */
export function useSaveBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...values }: BreakSaveInput & { id?: number }) =>
      (id
        ? await callEndpoint(endpoints.break.update, { body: { id, ...values } })
        : await callEndpoint(endpoints.break.save, { body: values })
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
        ? callEndpoint(endpoints.break.end, { body: { id } })
        : callEndpoint(endpoints.break.delete, { body: [id] }),
    onSuccess: () => invalidateEndpoints(queryClient, [BREAK_KEY]),
  });
}
