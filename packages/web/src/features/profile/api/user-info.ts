import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@rehab/shared';
import { api } from '../../../lib/api';
import { useSession, type NameLang, type OfficeRef, type OrganizationRef } from '../../../lib/session';

export type UserRole = { roleId: number; name: string; roleNameLang: NameLang | null };

/** GET /sys/user/info: the signed-in user with their roles in the current organization. */
export type UserInfo = {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  keepLogin: boolean;
  roleIdList: number[];
  roles: UserRole[];
  organization: OrganizationRef | null;
  office: OfficeRef | null;
  offices: OfficeRef[];
  passwordChangedAt: string | null;
};

export const userInfoQuery = (organizationId: number | undefined) =>
  queryOptions({
    queryKey: ['user-info', organizationId ?? 0],
    queryFn: async () => (await api.get<{ data: UserInfo }>('/sys/user/info')).data,
    staleTime: 5 * 60_000,
  });

export function useUserInfo() {
  const { organization, token } = useSession();
  return useQuery({ ...userInfoQuery(organization?.id), enabled: Boolean(token) });
}

/** A role's name in the current language, falling back to the plain name. */
export const roleName = (role: UserRole, locale: Locale) => role.roleNameLang?.[locale] || role.name;
