import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userConfigEndpoints, type ColumnSetting } from '@rehab/shared';
import { callEndpoint, endpointKey, useEndpointQuery } from '../endpoints';
import { useSession } from '../session';

/**
 * The setting keys of a table (the user config's a: the screen, b: the table); a master-data table is
 * `master-data/{entity}`, another list screen names its own (`administration/users`).
 */
const keys = (table: string, screen: string) => ({ a: screen, b: table });

/** The user's saved column choice of a table (null when none was saved). */
export function useColumnConfig(table: string, screen = 'master-data') {
  const { user } = useSession();
  const { a, b } = keys(table, screen);
  return useEndpointQuery(
    userConfigEndpoints.info,
    { params: { a, b } },
    { select: (r) => r.data, staleTime: Infinity, keySuffix: [user?.id ?? 0] },
  );
}

/** Saves the column choice; the cache takes it at once, so the screen shows it when opened again. */
export function useSaveColumnConfig(table: string, screen = 'master-data') {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { a, b } = keys(table, screen);
  return useMutation({
    mutationFn: (value: ColumnSetting[]) => callEndpoint(userConfigEndpoints.save, { body: { a, b, value } }),
    onMutate: (value) =>
      queryClient.setQueryData([...endpointKey(userConfigEndpoints.info, { params: { a, b } }), user?.id ?? 0], {
        data: value,
      }),
  });
}
