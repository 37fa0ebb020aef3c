import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EntityDescriptor, EntityRow, Page } from '@rehab/shared';
import { api, request } from '../../../lib/api';
import { useSession } from '../../../lib/session';

export type ListParams = { page: number; limit: number; search: Record<string, unknown> };

/** POST {base}/list: one page of the organization's rows matching the search. */
export const entityListQuery = (entity: EntityDescriptor, organizationId: number, params: ListParams) =>
  queryOptions({
    queryKey: ['master-data', organizationId, entity.name, 'list', params],
    queryFn: async ({ signal }) =>
      (
        await request<{ data: Page<EntityRow> }>('POST', `${entity.api}/list`, {
          body: { ...params.search, page: params.page, limit: params.limit },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export function useEntityList(entity: EntityDescriptor, params: ListParams) {
  const { organization } = useSession();
  return useQuery(entityListQuery(entity, organization?.id ?? 0, params));
}

/** Every row matching the search, a thousand at a time (for the export). */
export async function fetchAllRows(entity: EntityDescriptor, search: Record<string, unknown>): Promise<EntityRow[]> {
  const rows: EntityRow[] = [];
  for (let page = 1; ; page++) {
    const res = await api.post<{ data: Page<EntityRow> }>(`${entity.api}/list`, { ...search, page, limit: 1000 });
    rows.push(...res.data.list);
    if (page >= res.data.totalPage || res.data.list.length === 0) return rows;
  }
}
