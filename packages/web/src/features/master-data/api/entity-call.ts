import { useQueryClient } from '@tanstack/react-query';
import { masterDataReads, type EndpointInput, type EntityEndpoint } from '@rehab/shared';
import { invalidateEndpoints } from '../../../lib/endpoints';

/** The input of an entity call (`entityEndpoints(entity)`): the query parameters of a GET, the body otherwise. */
export function entityInput<E extends EntityEndpoint>(e: E, input: unknown): EndpointInput<E> {
  return (e.method === 'GET' ? { query: input } : { body: input }) as EndpointInput<E>;
}

/**
 * Refreshes every master-data query (lists, details and dropdowns of every entity): the dropdowns of other screens
 * list the changed entity too, and a renamed row also changes the names other lists show for it.
 */
export function useRefreshMasterData() {
  const queryClient = useQueryClient();
  return () => invalidateEndpoints(queryClient, masterDataReads());
}
