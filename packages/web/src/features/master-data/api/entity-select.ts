import { useQuery } from '@tanstack/react-query';
import { entityByName, entityCalls } from '@rehab/shared';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

export type SelectOption = { id: number; name: string };

/** GET {base}/select of a referenced entity: id and name of its rows, for a dropdown. */
export function useEntitySelect(entityName: string, enabled = true) {
  const { organization } = useSession();
  const entity = entityByName(entityName)!;
  return useQuery({
    queryKey: ['master-data', organization?.id ?? 0, entityName, 'select'],
    queryFn: async () => (await api.get<{ data: SelectOption[] }>(entityCalls(entity).select.url)).data,
    enabled,
    staleTime: 60_000,
  });
}
