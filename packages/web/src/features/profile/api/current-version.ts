import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentLocale } from '../../../lib/locale';
import { api } from '../../../lib/api';

export type CurrentVersion = { version: string; releaseNote: string };

/** GET /sys/version/getCurrentVersion: null when no version has been published. */
export const currentVersionQuery = () =>
  queryOptions({
    queryKey: ['current-version', currentLocale()],
    queryFn: async () => (await api.get<{ data: CurrentVersion | null }>('/sys/version/getCurrentVersion')).data,
    staleTime: 30 * 60_000,
  });

export const useCurrentVersion = () => useQuery(currentVersionQuery());
