import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntityDescriptor } from '@rehab/shared';
import { api } from '../../../lib/api';

/** POST {base}/delete with the ids; all or none are deleted. */
export function useDeleteEntities(entity: EntityDescriptor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post(`${entity.api}/delete`, { ids }),
    // every master-data query: the dropdowns of other screens list this entity too
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['master-data'] }),
  });
}
