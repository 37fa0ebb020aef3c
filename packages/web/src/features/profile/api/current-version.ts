import { versionsEndpoints } from '@rehab/shared';
import { currentLocale } from '../../../lib/locale';
import { useEndpointQuery } from '../../../lib/endpoints';

/** The current version in the user's language: null when no version has been published. */
export const useCurrentVersion = () =>
  useEndpointQuery(
    versionsEndpoints.current,
    {},
    { select: (r) => r.data, keySuffix: [currentLocale()], staleTime: 30 * 60_000 },
  );
