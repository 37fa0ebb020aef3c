import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityCalls, type EntityDescriptor } from '@rehab/shared';
import { callEntity } from './entity-call';

/** POST {base}/delete with the ids; all or none are deleted. */
export function useDeleteEntities(entity: EntityDescriptor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => callEntity(entityCalls(entity).delete, { ids }),
    // every master-data query: the dropdowns of other screens list this entity too
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['master-data'] }),
  });
}
