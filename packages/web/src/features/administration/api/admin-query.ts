import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * A write call of an administration screen: POSTs the body and refreshes the queries under `invalidate` (the list it
 * changed and the dropdowns fed by it).
 */
export function useAdminMutation<V>(url: (values: V) => string, invalidate: string[][], body?: (values: V) => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: V) =>
      (await api.post<{ data?: unknown }>(url(values), body ? body(values) : values)).data,
    onSuccess: () => Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
