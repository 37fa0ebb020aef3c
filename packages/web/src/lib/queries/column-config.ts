import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnSetting } from '@rehab/shared';
import { api } from '../api';
import { useSession } from '../session';

/**
 * The setting keys of a table: GET /sys/userConfig/info/{screen}/{table}; a master-data table is
 * `master-data/{entity}`, another list screen names its own (`administration/users`).
 */
const keys = (table: string, screen: string) => ({ a: screen, b: table });

/** The user's saved column choice of a table (null when none was saved). */
export function useColumnConfig(table: string, screen = 'master-data') {
  const { user } = useSession();
  const { a, b } = keys(table, screen);
  return useQuery({
    queryKey: ['user-config', user?.id ?? 0, a, b],
    queryFn: async () => (await api.get<{ data: unknown }>(`/sys/userConfig/info/${a}/${b}`)).data,
    staleTime: Infinity,
  });
}

/** Saves the column choice; the cache takes it at once, so the screen shows it when opened again. */
export function useSaveColumnConfig(table: string, screen = 'master-data') {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { a, b } = keys(table, screen);
  return useMutation({
    mutationFn: (value: ColumnSetting[]) => api.post('/sys/userConfig/save', { a, b, value }),
    onMutate: (value) => queryClient.setQueryData(['user-config', user?.id ?? 0, a, b], value),
  });
}
