import { useMutation } from '@tanstack/react-query';
import { entityEndpoints, type EntityDescriptor } from '@rehab/shared';
import { callEndpoint } from '../../../lib/endpoints';
import { entityInput, useRefreshMasterData } from './entity-call';

/** The entity's save call, or its update call when the values carry an id; lists and dropdowns of every entity refresh. */
export function useSaveEntity(entity: EntityDescriptor) {
  const refresh = useRefreshMasterData();
  return useMutation({
    mutationFn: async (values: Record<string, unknown>) => {
      const e = entityEndpoints(entity)[values.id ? 'update' : 'save'];
      return (await callEndpoint(e, entityInput(e, values))).data;
    },
    onSuccess: refresh,
  });
}
