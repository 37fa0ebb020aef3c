import { NO_ORGANIZATION_PATHS, PUBLIC_PATHS, paths } from '../lib/paths';

export type GuardInput = { pathname: string; search: string; hasToken: boolean; hasOrganization: boolean };
export type GuardDecision = { allow: true } | { allow: false; redirect: string; rememberTarget?: string };

const strip = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/**
 * The route guard of spec section 2 as a pure function: without a token only the public screens open; with a
 * token but no organization everything goes to checkout except the public screens and the telemedicine detail.
 * A telemedicine detail visit with the hidden-expert-tab parameter, and a scanned QR login's confirmation page, are
 * remembered as the post-login target.
 */
export function guardDecision({ pathname, search, hasToken, hasOrganization }: GuardInput): GuardDecision {
  const path = strip(pathname);
  if (!hasToken) {
    if (PUBLIC_PATHS.includes(path)) return { allow: true };
    const params = new URLSearchParams(search);
    const remember =
      (path === paths.telemedicineDetail && (params.has('hiddenExpertTab') || params.has('hidden-expert-tab'))) ||
      // a scanned QR login (issue 19): the phone signs in first and comes back to confirm
      path.startsWith(paths.qrConfirm.replace(':qrId', ''))
        ? path + search
        : undefined;
    return { allow: false, redirect: paths.login, rememberTarget: remember };
  }
  if (!hasOrganization && !NO_ORGANIZATION_PATHS.includes(path)) return { allow: false, redirect: paths.checkout };
  return { allow: true };
}
