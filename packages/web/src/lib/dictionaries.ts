import { DICT_PAGE_MAX, dictionariesEndpoints, type DictType } from '@rehab/shared';
import { useEndpointQuery } from './endpoints';
import { currentLocale } from './locale';
import { useSession } from './session';

export type { DictOption, OrgDictOption } from '@rehab/shared';

/**
 * An application dictionary in the current language (dictionariesEndpoints.list, every entry): the built-in entries
 * of `APP_DICTIONARIES` followed by the organization's own. For a select: `options.map(({ k, val }) => ...)`.
 */
export function useAppDictionary(type: DictType) {
  const { organization } = useSession();
  const locale = currentLocale();
  return useEndpointQuery(
    dictionariesEndpoints.list,
    { body: { type, page: 1, num: DICT_PAGE_MAX } },
    { keySuffix: [organization?.id ?? 0, locale], select: (r) => r.data.list, staleTime: 5 * 60_000 },
  );
}

/** An organization dictionary list (dictionariesEndpoints.org): `{ id, name }` of the current organization. */
export function useOrgDictionary(type: string) {
  const { organization } = useSession();
  const locale = currentLocale();
  return useEndpointQuery(
    dictionariesEndpoints.org,
    { params: { type }, query: {} },
    { keySuffix: [organization?.id ?? 0, locale], select: (r) => r.data, staleTime: 60_000 },
  );
}
