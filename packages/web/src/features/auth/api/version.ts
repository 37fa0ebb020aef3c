import { useEffect, useState } from 'react';
import { versionsEndpoints } from '@rehab/shared';
import { callEndpoint } from '../../../lib/endpoints';
import { storage } from '../../../lib/storage';

export type CurrentVersion = { version: string; releaseNote: string };

/** The version last seen: kept across logout (spec section 4), so it shows at once while the current one loads. */
function storedVersion(): CurrentVersion | null {
  const version = storage.get<string>('version');
  return version ? { version, releaseNote: storage.get<string>('releaseNote') ?? '' } : null;
}

/**
 * The current version (public, versionsEndpoints.current): the login screen's version text and release notes. A plain effect
 * rather than a query hook: the login page is the first download and stays small.
 */
export function useCurrentVersion(): CurrentVersion | null {
  const [version, setVersion] = useState(storedVersion);
  useEffect(() => {
    let live = true;
    callEndpoint(versionsEndpoints.current)
      .then((res) => {
        storage.set('version', res.data?.version ?? null);
        storage.set('releaseNote', res.data?.releaseNote ?? null);
        if (live) setVersion(res.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return version;
}
