import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEndpoints, type Invalidates } from '../../../lib/endpoints';

/**
 * A write call of an administration screen: `call` sends the values to the endpoint they pick (save or update) and
 * the queries under `invalidates` (the list it changed and the dropdowns fed by it) refresh.
 */
export function useAdminMutation<V>(call: (values: V) => Promise<unknown>, invalidates: Invalidates) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => invalidateEndpoints(queryClient, invalidates),
  });
}
