import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { entityCalls, type EntityDescriptor, type EntityRow, type Page } from '@rehab/shared';
import { useSession } from '../../../lib/session';
import { callEntity } from './entity-call';

export type ListParams = { page: number; limit: number; search: Record<string, unknown> };

/** The entity's list call (POST {base}/list unless it says otherwise): one page of the organization's rows matching the search. */
export const entityListQuery = (entity: EntityDescriptor, organizationId: number, params: ListParams) =>
  queryOptions({
    queryKey: ['master-data', organizationId, entity.name, 'list', params],
    queryFn: async ({ signal }) =>
      (
        await callEntity<{ data: Page<EntityRow> }>(
          entityCalls(entity).list,
          { ...params.search, page: params.page, limit: params.limit },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export function useEntityList(entity: EntityDescriptor, params: ListParams) {
  const { organization } = useSession();
  return useQuery(entityListQuery(entity, organization?.id ?? 0, params));
}

/**
 * Every row matching the search, for the export: one call answering at most `EXPORT_MAX_ROWS` rows; a larger search
 * is refused by the server with a message saying how many rows matched.
 */
export async function fetchExportRows(entity: EntityDescriptor, search: Record<string, unknown>): Promise<EntityRow[]> {
  return (await callEntity<{ data: { list: EntityRow[] } }>(entityCalls(entity).export, search)).data.list;
}
