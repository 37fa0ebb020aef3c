import { ENTITIES, entityByName, entityEndpoints } from '@rehab/shared';
import { useEndpointQuery } from '../endpoints';
import { useSession } from '../session';

/** GET {base}/select of a referenced entity: id and name of its rows, for a dropdown (none without an entity). */
export function useEntitySelect(entityName: string, enabled = true) {
  const { organization } = useSession();
  const entity = entityByName(entityName);
  // a hook needs an endpoint even when there is nothing to ask: the first entity's, never called
  const e = entityEndpoints(entity ?? ENTITIES[0]!).select;
  return useEndpointQuery(
    e,
    {},
    {
      keySuffix: [organization?.id ?? 0],
      select: (r) => r.data,
      enabled: enabled && entity !== undefined,
      staleTime: 60_000,
    },
  );
}
