import { useQuery } from '@tanstack/react-query';
import { DICT_PAGE_MAX, type DictType, type Page } from '@rehab/shared';
import { api } from './api';
import { currentLocale } from './locale';
import { useSession } from './session';

export type DictOption = { k: string; val: string };
export type OrgDictOption = { id: number; name: string } & Record<string, unknown>;

/**
 * An application dictionary in the current language (POST /sys/dict/list, every entry): the built-in entries of
 * `APP_DICTIONARIES` followed by the organization's own. For a select: `options.map(({ k, val }) => ...)`.
 */
export function useAppDictionary(type: DictType) {
  const { organization } = useSession();
  const locale = currentLocale();
  return useQuery({
    queryKey: ['dict', organization?.id ?? 0, locale, type],
    queryFn: async () =>
      (await api.post<{ data: Page<DictOption> }>('/sys/dict/list', { type, page: 1, num: DICT_PAGE_MAX })).data.list,
    staleTime: 5 * 60_000,
  });
}

/** An organization dictionary list (GET /sys/dict/org/:type): `{ id, name }` of the current organization. */
export function useOrgDictionary(type: string) {
  const { organization } = useSession();
  const locale = currentLocale();
  return useQuery({
    queryKey: ['dict-org', organization?.id ?? 0, locale, type],
    queryFn: async () => (await api.get<{ data: OrgDictOption[] }>(`/sys/dict/org/${type}`)).data,
    staleTime: 60_000,
  });
}
