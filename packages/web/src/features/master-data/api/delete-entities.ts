import { useMutation } from '@tanstack/react-query';
import { entityEndpoints, type EntityDescriptor } from '@rehab/shared';
import { callEndpoint } from '../../../lib/endpoints';
import { useRefreshMasterData } from './entity-call';

/** POST {base}/delete with the ids; all or none are deleted. Every master-data query refreshes. */
export function useDeleteEntities(entity: EntityDescriptor) {
  const refresh = useRefreshMasterData();
  return useMutation({
    mutationFn: (ids: number[]) => callEndpoint(entityEndpoints(entity).delete, { body: { ids } }),
    onSuccess: refresh,
  });
}
