import { keepPreviousData } from '@tanstack/react-query';
import { entityEndpoints, type EntityDescriptor, type EntityRow } from '@rehab/shared';
import { callEndpoint, endpointQuery, useEndpointQuery } from '../../../lib/endpoints';
import { useSession } from '../../../lib/session';
import { entityInput } from './entity-call';

export type ListParams = { page: number; limit: number; search: Record<string, unknown> };

/** The entity's list call (POST {base}/list unless it says otherwise): one page of the organization's rows matching the search. */
export const entityListQuery = (entity: EntityDescriptor, organizationId: number, params: ListParams) => {
  const e = entityEndpoints(entity).list;
  return endpointQuery(e, entityInput(e, { ...params.search, page: params.page, limit: params.limit }), {
    keySuffix: [organizationId],
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });
};

export function useEntityList(entity: EntityDescriptor, params: ListParams) {
  const { organization } = useSession();
  const e = entityEndpoints(entity).list;
  return useEndpointQuery(e, entityInput(e, { ...params.search, page: params.page, limit: params.limit }), {
    keySuffix: [organization?.id ?? 0],
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every row matching the search, for the export: one call answering at most `EXPORT_MAX_ROWS` rows; a larger search
 * is refused by the server with a message saying how many rows matched.
 */
export async function fetchExportRows(entity: EntityDescriptor, search: Record<string, unknown>): Promise<EntityRow[]> {
  const e = entityEndpoints(entity).export;
  return (await callEndpoint(e, entityInput(e, search))).data.list;
}
