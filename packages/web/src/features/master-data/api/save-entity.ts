import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityCalls, type EntityDescriptor, type EntityRow } from '@rehab/shared';
import { callEntity } from './entity-call';

/** The entity's save call, or its update call when the values carry an id; lists and dropdowns of the entity refresh. */
export function useSaveEntity(entity: EntityDescriptor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: Record<string, unknown>) =>
      (await callEntity<{ data: EntityRow }>(entityCalls(entity)[values.id ? 'update' : 'save'], values)).data,
    // every master-data query: a renamed row also changes the names other lists show for it
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['master-data'] }),
  });
}
