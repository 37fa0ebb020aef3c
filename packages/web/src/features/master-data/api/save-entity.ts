import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntityDescriptor, EntityRow } from '@rehab/shared';
import { api } from '../../../lib/api';

/** POST {base}/save, or {base}/update when the values carry an id; lists and dropdowns of the entity refresh. */
export function useSaveEntity(entity: EntityDescriptor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: Record<string, unknown>) =>
      (await api.post<{ data: EntityRow }>(`${entity.api}/${values.id ? 'update' : 'save'}`, values)).data,
    // every master-data query: a renamed row also changes the names other lists show for it
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['master-data'] }),
  });
}
