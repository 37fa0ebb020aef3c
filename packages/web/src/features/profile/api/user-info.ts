import { useQuery } from '@tanstack/react-query';
import { usersEndpoints, type Locale, type UserInfo } from '@rehab/shared';
import { endpointQuery } from '../../../lib/endpoints';
import { useSession } from '../../../lib/session';

/** The signed-in user with their roles in the current organization. */
export type { UserInfo };
export type UserRole = UserInfo['roles'][number];

export const userInfoQuery = (organizationId: number | undefined) =>
  endpointQuery(
    usersEndpoints.info,
    {},
    { select: (r) => r.data, staleTime: 5 * 60_000, keySuffix: [organizationId ?? 0] },
  );

export function useUserInfo() {
  const { organization, token } = useSession();
  return useQuery({ ...userInfoQuery(organization?.id), enabled: Boolean(token) });
}

/** A role's name in the current language, falling back to the plain name. */
export const roleName = (role: UserRole, locale: Locale) => role.roleNameLang?.[locale] || role.name;
